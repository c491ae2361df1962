import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Notice } from '../../../shared/Notice';
import { Link } from '../../../shared/router';
import { AdminLayout } from '../../components/AdminLayout';
import { DataTable } from '../../components/DataTable';
import { LoadedView } from '../../components/LoadedView';
import { useAdmin, useAdminApi } from '../../session';
import { useListQuery } from '../../use-list-query';
import { useLoad } from '../../use-load';

/** Upstream identity providers (federation, docs/federation.md): people of their email domains sign in there. */
export function FederationConnectionsPage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const { deleted } = useListQuery();
  const connections = useLoad('connections', (signal) =>
    api.get<AdminApiResponse<'GET /admin/federation/connections'>>('/admin/federation/connections', signal),
  );

  return (
    <AdminLayout title="Federation">
      {deleted ? (
        <Notice title="Connection deleted">
          <p>
            <strong>{deleted}</strong>, its domains and its links are gone; the accounts it signed in stay.
          </p>
        </Notice>
      ) : null}
      <p>
        People whose email domain belongs to an organization’s identity provider (Microsoft Entra ID, Okta,
        Google Workspace, another OpenID provider) sign in there. Add one connection per provider, then verify
        its domains.
      </p>
      {canWrite ? (
        <p>
          <Link to="/federation/new" className="link-button">
            Add a connection
          </Link>
        </p>
      ) : null}
      <LoadedView load={connections} failedTitle="The connections could not be loaded">
        {(data) =>
          data.connections.length === 0 ? (
            <p>There are no federation connections yet.</p>
          ) : (
            <DataTable
              caption="Federation connections"
              columns={['Name', 'Issuer', 'Domains', 'State']}
              busy={connections.loading}
            >
              {data.connections.map((connection) => (
                <tr key={connection.id}>
                  <th scope="row">
                    <Link to={`/federation/${encodeURIComponent(connection.id)}`}>{connection.name}</Link>
                  </th>
                  <td>
                    <code>{connection.issuer}</code>
                  </td>
                  <td>
                    {connection.domainVerification.length === 0
                      ? 'none'
                      : connection.domainVerification
                          .map(
                            (domain) => `${domain.domain} (${domain.verified ? 'verified' : 'not verified'})`,
                          )
                          .join(', ')}
                  </td>
                  <td>{connection.enabled ? 'Enabled' : 'Disabled'}</td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
    </AdminLayout>
  );
}
