import type { MemberView, RoleView } from '../../organization-types';
import { useAdminApi } from '../../session';
import { findUserByEmail, NO_SUCH_USER } from '../../user-lookup';
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
      heading="Add a member"
      emailLabel="Email address of the user to add"
      emailHint="Someone who already has an account. To bring in someone new, invite them below."
      rolesLegend="Roles of the new member"
      submitLabel="Add member"
      busyLabel="Adding…"
      failedTitle="The member was not added"
      roles={roles}
      send={async (email, chosen) => {
        const user = await findUserByEmail(api, email);
        if (!user) return NO_SUCH_USER;
        onAdded(await api.post<MemberView>(membersPath, { user_id: user.id, roles: chosen }));
        return undefined;
      }}
    />
  );
}
