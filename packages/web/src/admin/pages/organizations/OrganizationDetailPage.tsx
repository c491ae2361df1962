import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Notice } from '../../../shared/Notice';
import { useRouter } from '../../../shared/router';
import { AdminLayout } from '../../components/AdminLayout';
import { DetailLoading } from '../../components/DetailLoading';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { Time } from '../../format';
import { rich, t } from '../../i18n/text';
import type { OrganizationView } from '../../organization-types';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { DeleteOrganizationSection } from './DeleteOrganizationSection';
import { InvitesSection } from './InvitesSection';
import { MembersSection } from './MembersSection';
import { OrganizationSettingsSection } from './OrganizationSettingsSection';
import { OrganizationStatusBadge } from './OrganizationStatusBadge';
import { UnlockPolicySection } from './UnlockPolicySection';

const BREADCRUMB = { to: '/organizations', label: t('organizations.breadcrumb') };

/** The built-in role that lets a member manage the organization (docs/organizations.md#model). */
const MANAGING_ROLE = 'admin';

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
        title={t('organizations.detail.loadingTitle')}
        breadcrumb={BREADCRUMB}
        failedTitle={t('organizations.detail.failed')}
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
        <Notice title={t('organizations.detail.managerMissing.title')}>
          <p data-testid="manager-missing">
            {rich('organizations.detail.managerMissing.body', { role: <code>{MANAGING_ROLE}</code> })}
          </p>
        </Notice>
      ) : null}
      {created ? (
        <Notice title={t('organizations.detail.created.title')}>
          <p>{rich('organizations.detail.created.body', { slug: <code>{organization.slug}</code> })}</p>
        </Notice>
      ) : null}
      <dl className="summary-list">
        <div>
          <dt>{t('organizations.detail.id')}</dt>
          <dd>
            <code data-testid="organization-id">{organization.id}</code>
          </dd>
        </div>
        <div>
          <dt>{t('organizations.detail.slug')}</dt>
          <dd>
            <code>{organization.slug}</code>
          </dd>
        </div>
        <div>
          <dt>{t('organizations.detail.status')}</dt>
          <dd>
            <OrganizationStatusBadge status={organization.status} />
          </dd>
        </div>
        <div>
          <dt>{t('organizations.detail.created')}</dt>
          <dd>
            <Time value={organization.created_at} />
          </dd>
        </div>
      </dl>
      <OrganizationSettingsSection organization={organization} onChanged={onChanged} />
      <UnlockPolicySection organizationId={organization.id} />
      <MembersSection
        key={organization.id}
        organizationId={organization.id}
        roles={catalogue}
        rolesError={roles.error}
      />
      <InvitesSection organizationId={organization.id} roles={catalogue} />
      {canWrite ? <DeleteOrganizationSection organization={organization} /> : null}
    </AdminLayout>
  );
}
