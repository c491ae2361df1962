import { DeleteSection } from '../../components/DeleteSection';
import { goTo, withQuery } from '../../navigation';
import type { OrganizationView } from '../../organization-types';
import { useAdminApi } from '../../session';

/** Deletes the organization with its memberships and invitations, after a confirmation. */
export function DeleteOrganizationSection({ organization }: { organization: OrganizationView }) {
  const api = useAdminApi();
  return (
    <DeleteSection
      heading="Delete this organization"
      explanation="Deleting removes its memberships and invitations, and the tokens issued in its context stop working. It cannot be undone."
      label="Delete organization"
      question={
        <p>
          Delete <strong>{organization.name}</strong> for good?
        </p>
      }
      failedTitle="The organization was not deleted"
      onDelete={async () => {
        await api.delete(`/admin/organizations/${encodeURIComponent(organization.id)}`);
        goTo(withQuery('/organizations', { deleted: organization.name }));
      }}
    />
  );
}
