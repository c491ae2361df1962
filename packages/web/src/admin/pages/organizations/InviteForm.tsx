import { t } from '../../i18n/text';
import type { InviteView, RoleView } from '../../organization-types';
import { useAdminApi } from '../../session';
import { EmailAndRolesForm } from './EmailAndRolesForm';

/**
 * Invites an address with roles: the server emails it a link (the organization_invite template). Inviting an
 * address again replaces its earlier invitation.
 */
export function InviteForm({
  invitesPath,
  roles,
  onInvited,
}: {
  invitesPath: string;
  roles: readonly RoleView[];
  onInvited: (invite: InviteView) => void;
}) {
  const api = useAdminApi();
  return (
    <EmailAndRolesForm
      heading={t('organizations.invites.form.heading')}
      emailLabel={t('organizations.invites.form.email')}
      emailHint={t('organizations.invites.form.emailHint')}
      rolesLegend={t('organizations.invites.form.roles')}
      submitLabel={t('organizations.invites.form.submit')}
      busyLabel={t('organizations.invites.form.busy')}
      failedTitle={t('organizations.invites.form.failed')}
      roles={roles}
      send={async (email, chosen) => {
        onInvited(await api.post<InviteView>(invitesPath, { email, roles: chosen }));
        return undefined;
      }}
    />
  );
}
