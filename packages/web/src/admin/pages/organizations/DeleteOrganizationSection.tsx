import { DeleteSection } from '../../components/DeleteSection';
import { rich, t } from '../../i18n/text';
import { goTo, withQuery } from '../../navigation';
import type { OrganizationView } from '../../organization-types';
import { useAdminApi } from '../../session';

/** Deletes the organization with its memberships and invitations, after a confirmation. */
export function DeleteOrganizationSection({ organization }: { organization: OrganizationView }) {
  const api = useAdminApi();
  return (
    <DeleteSection
      heading={t('organizations.delete.heading')}
      explanation={t('organizations.delete.explanation')}
      label={t('organizations.delete.label')}
      question={
        <p>{rich('organizations.delete.question', { name: <strong>{organization.name}</strong> })}</p>
      }
      failedTitle={t('organizations.delete.failed')}
      onDelete={async () => {
        await api.delete(`/admin/organizations/${encodeURIComponent(organization.id)}`);
        goTo(withQuery('/organizations', { deleted: organization.name }));
      }}
    />
  );
}
