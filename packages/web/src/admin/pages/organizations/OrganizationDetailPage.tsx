import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Notice } from '../../../shared/Notice';
import { useRouter } from '../../../shared/router';
import { AdminLayout } from '../../components/AdminLayout';
import { DetailLoading } from '../../components/DetailLoading';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { Time } from '../../format';
import type { OrganizationView } from '../../organization-types';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { DeleteOrganizationSection } from './DeleteOrganizationSection';
import { InvitesSection } from './InvitesSection';
import { MembersSection } from './MembersSection';
import { OrganizationSettingsSection } from './OrganizationSettingsSection';
import { OrganizationStatusBadge } from './OrganizationStatusBadge';
import { UnlockPolicySection } from './UnlockPolicySection';

const BREADCRUMB = { to: '/organizations', label: 'All organizations' };

/** One organization: its settings, unlock policy, members and their roles, invitations, and deletion. */
export function OrganizationDetailPage() {
  const { params, searchParams } = useRouter();
  const organizationId = params.organizationId ?? '';
  const api = useAdminApi();
  const organization = useLoad(organizationId, (signal) =>
    api.get<OrganizationView>(`/admin/organizations/${encodeURIComponent(organizationId)}`, signal),
  );
  if (organization.data === undefined)
    return (
      <DetailLoading
        title="Organization"
        breadcrumb={BREADCRUMB}
        failedTitle="The organization could not be loaded"
        error={organization.error}
      />
    );
  const { manager_missing } = organization.data;
  return (
    <OrganizationDetail
      organization={organization.data}
      created={searchParams.get('created') === '1'}
      // A settings change answers the organization without the flag, which it does not change.
      onChanged={(changed) => organization.setData({ ...changed, manager_missing })}
    />
  );
}

function OrganizationDetail({
  organization,
  created,
  onChanged,
}: {
  organization: OrganizationView;
  created: boolean;
  onChanged: (organization: OrganizationView) => void;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  // The roles members can be given and invited with: one catalogue for every organization.
  const roles = useLoad('roles', (signal) =>
    api.get<AdminApiResponse<'GET /admin/roles'>>('/admin/roles', signal),
  );
  const catalogue = roles.data?.roles ?? [];

  return (
    <AdminLayout title={organization.name} breadcrumb={BREADCRUMB}>
      <ReadOnlyNotice />
      {organization.manager_missing ? (
        <Notice title="No one can manage this organization">
          <p data-testid="manager-missing">
            Its last manager was deprovisioned, or every manager’s account is disabled. Give a member a role
            that can manage the organization (such as <code>admin</code>).
          </p>
        </Notice>
      ) : null}
      {created ? (
        <Notice title="Organization created">
          <p>
            Add members below, or invite people by email. Apps see <code>{organization.slug}</code> as the
            organization’s slug.
          </p>
        </Notice>
      ) : null}
      <dl className="summary-list">
        <div>
          <dt>Organization ID</dt>
          <dd>
            <code data-testid="organization-id">{organization.id}</code>
          </dd>
        </div>
        <div>
          <dt>Slug</dt>
          <dd>
            <code>{organization.slug}</code>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <OrganizationStatusBadge status={organization.status} />
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <Time value={organization.created_at} />
          </dd>
        </div>
      </dl>
      <OrganizationSettingsSection organization={organization} onChanged={onChanged} />
      <UnlockPolicySection organizationId={organization.id} />
      <MembersSection organizationId={organization.id} roles={catalogue} rolesError={roles.error} />
      <InvitesSection organizationId={organization.id} roles={catalogue} />
      {canWrite ? <DeleteOrganizationSection organization={organization} /> : null}
    </AdminLayout>
  );
}
