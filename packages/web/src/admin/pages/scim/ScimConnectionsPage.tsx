import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Notice } from '../../../shared/Notice';
import { Link } from '../../../shared/router';
import { AdminLayout } from '../../components/AdminLayout';
import { DataTable } from '../../components/DataTable';
import { LoadedView } from '../../components/LoadedView';
import { Time } from '../../format';
import { useAdmin, useAdminApi } from '../../session';
import { useListQuery } from '../../use-list-query';
import { useLoad } from '../../use-load';

/** SCIM provisioning connections: one per identity-provider app (Entra ID, Okta, …), each into one organization. */
export function ScimConnectionsPage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const { deleted } = useListQuery();
  const connections = useLoad('connections', (signal) =>
    api.get<AdminApiResponse<'GET /admin/scim/connections'>>('/admin/scim/connections', signal),
  );

  return (
    <AdminLayout title="SCIM provisioning">
      {deleted ? (
        <Notice title="Connection deleted">
          <p>
            <strong>{deleted}</strong> and its tokens are gone; the accounts and memberships it made stay.
          </p>
        </Notice>
      ) : null}
      <p>
        An identity provider such as Microsoft Entra ID or Okta creates, updates and deactivates users and
        groups here with SCIM 2.0. Add one connection per identity-provider app; give the app the connection’s
        tenant URL and one of its tokens.
      </p>
      {canWrite ? (
        <p>
          <Link to="/scim/new" className="link-button">
            Add a connection
          </Link>
        </p>
      ) : null}
      <LoadedView load={connections} failedTitle="The connections could not be loaded">
        {(data) =>
          data.connections.length === 0 ? (
            <p>There are no SCIM connections yet.</p>
          ) : (
            <DataTable
              caption="SCIM connections"
              columns={['Name', 'Organization ID', 'When deprovisioned', 'Created']}
              busy={connections.loading}
            >
              {data.connections.map((connection) => (
                <tr key={connection.id}>
                  <th scope="row">
                    <Link to={`/scim/${encodeURIComponent(connection.id)}`}>{connection.name}</Link>
                  </th>
                  <td>
                    <Link to={`/organizations/${encodeURIComponent(connection.organizationId)}`}>
                      <code>{connection.organizationId}</code>
                    </Link>
                  </td>
                  <td>{connection.deprovisioning}</td>
                  <td>
                    <Time value={connection.createdAt} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
    </AdminLayout>
  );
}
