import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Notice } from '../../../shared/Notice';
import { Link } from '../../../shared/router';
import { AdminLayout } from '../../components/AdminLayout';
import { DataTable } from '../../components/DataTable';
import { ListToolbar } from '../../components/ListToolbar';
import { LoadedView } from '../../components/LoadedView';
import { Pager } from '../../components/Pager';
import { Time } from '../../format';
import { goTo, withQuery } from '../../navigation';
import { useAdminApi } from '../../session';
import { useListQuery } from '../../use-list-query';
import { useLoad } from '../../use-load';
import { OrganizationStatusBadge } from './OrganizationStatusBadge';

const PAGE_SIZE = 25;

/** Organizations: search by name or slug, paged. */
export function OrganizationsPage() {
  const api = useAdminApi();
  const { query, offset, deleted } = useListQuery();
  const organizations = useLoad(`${query}\n${offset}`, (signal) =>
    api.get<AdminApiResponse<'GET /admin/organizations'>>(
      withQuery('/admin/organizations', { query, offset, limit: PAGE_SIZE }),
      signal,
    ),
  );

  return (
    <AdminLayout title="Organizations">
      {deleted ? (
        <Notice title="Organization deleted">
          <p>
            <strong>{deleted}</strong>, its memberships and invitations are gone, and its tokens stopped
            working.
          </p>
        </Notice>
      ) : null}
      <p>
        Organizations group users. In each one a member holds roles, and roles grant permissions that apps see
        in tokens. The roles and permissions are the same for every organization.
      </p>
      <ListToolbar
        label="Search organizations"
        hint="Part of a name or slug"
        query={query}
        onSearch={(value) => goTo(withQuery('/organizations', { query: value }))}
        create={{ to: '/organizations/new', label: 'Create an organization' }}
      />
      <LoadedView load={organizations} failedTitle="The organizations could not be loaded">
        {(data) =>
          data.organizations.length === 0 && offset === 0 ? (
            <p>{query ? `No organization matches “${query}”.` : 'There are no organizations yet.'}</p>
          ) : (
            <>
              <DataTable
                caption={`Organizations${query ? ` matching “${query}”` : ''}`}
                columns={['Name', 'Slug', 'Status', 'Created']}
                busy={organizations.loading}
              >
                {data.organizations.map((organization) => (
                  <tr key={organization.id}>
                    <th scope="row">
                      <Link to={`/organizations/${encodeURIComponent(organization.id)}`}>
                        {organization.name}
                      </Link>
                    </th>
                    <td>
                      <code>{organization.slug}</code>
                    </td>
                    <td>
                      <OrganizationStatusBadge status={organization.status} />
                    </td>
                    <td>
                      <Time value={organization.created_at} />
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager
                label="Organizations"
                offset={offset}
                count={data.organizations.length}
                total={data.total}
                pageSize={PAGE_SIZE}
                onChange={(next) => goTo(withQuery('/organizations', { query, offset: next || null }))}
              />
            </>
          )
        }
      </LoadedView>
    </AdminLayout>
  );
}
