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
      heading="Invite someone"
      emailLabel="Email address to invite"
      emailHint="They get an email with a link; they accept it signed in with this address, or after creating an account with it."
      rolesLegend="Roles of the invited member"
      submitLabel="Send invitation"
      busyLabel="Sending…"
      failedTitle="The invitation was not sent"
      roles={roles}
      send={async (email, chosen) => {
        onInvited(await api.post<InviteView>(invitesPath, { email, roles: chosen }));
        return undefined;
      }}
    />
  );
}
