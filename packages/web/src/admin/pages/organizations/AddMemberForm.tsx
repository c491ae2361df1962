import { t } from '../../i18n/text';
import type { MemberView, RoleView } from '../../organization-types';
import { useAdminApi } from '../../session';
import { findUserByEmail } from '../../user-lookup';
import { EmailAndRolesForm } from './EmailAndRolesForm';

/** Adds an existing user (found by their address) as an active member with the chosen roles. */
export function AddMemberForm({
  membersPath,
  roles,
  onAdded,
}: {
  membersPath: string;
  roles: readonly RoleView[];
  onAdded: (member: MemberView) => void;
}) {
  const api = useAdminApi();
  return (
    <EmailAndRolesForm
      heading={t('organizations.members.add.heading')}
      emailLabel={t('organizations.members.add.email')}
      emailHint={t('organizations.members.add.emailHint')}
      rolesLegend={t('organizations.members.add.roles')}
      submitLabel={t('organizations.members.add.submit')}
      busyLabel={t('organizations.members.add.busy')}
      failedTitle={t('organizations.members.add.failed')}
      roles={roles}
      send={async (email, chosen) => {
        const user = await findUserByEmail(api, email);
        if (!user) return t('users.lookup.noSuchUser');
        onAdded(await api.post<MemberView>(membersPath, { user_id: user.id, roles: chosen }));
        return undefined;
      }}
    />
  );
}
