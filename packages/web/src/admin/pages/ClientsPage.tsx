import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Notice } from '../../shared/Notice';
import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { adminIconPath } from '../components/ClientIconSection';
import { DataTable } from '../components/DataTable';
import { ListToolbar } from '../components/ListToolbar';
import { LoadedView } from '../components/LoadedView';
import { Time } from '../format';
import { goTo, withQuery } from '../navigation';
import { useAdminApi } from '../session';
import { useListQuery } from '../use-list-query';
import { useLoad } from '../use-load';

const GRANT_LABELS: Record<string, string> = {
  authorization_code: 'authorization code',
  refresh_token: 'refresh token',
  client_credentials: 'client credentials',
  'urn:ietf:params:oauth:grant-type:device_code': 'device code',
};

/** Registered clients (apps), searchable by name or client ID. */
export function ClientsPage() {
  const api = useAdminApi();
  const { query, deleted } = useListQuery();
  const clients = useLoad(query, (signal) =>
    api.get<AdminApiResponse<'GET /admin/clients'>>(
      withQuery('/admin/clients', { query: query || null }),
      signal,
    ),
  );
  // Which clients registered themselves (docs/client-registration.md), to say so beside their registration time.
  const registrations = useLoad('client-registrations', (signal) =>
    api.get<AdminApiResponse<'GET /admin/client-registrations'>>('/admin/client-registrations', signal),
  );
  const selfRegistered = new Set(registrations.data?.registrations.map((entry) => entry.client_id));

  return (
    <AdminLayout title="Clients">
      {deleted ? (
        <Notice title="Client deleted">
          <p>
            <strong>{deleted}</strong> and everything issued to it are gone.
          </p>
        </Notice>
      ) : null}
      <ListToolbar
        label="Search clients"
        hint="By name or client ID"
        query={query}
        onSearch={(value) => goTo(withQuery('/clients', { query: value || null }))}
        create={{ to: '/clients/new', label: 'Register a client' }}
      />
      <LoadedView load={clients} failedTitle="The clients could not be loaded">
        {(data) =>
          data.clients.length === 0 ? (
            <p>{query ? `No client matches “${query}”.` : 'No clients are registered yet.'}</p>
          ) : (
            <DataTable
              caption={`Clients${query ? ` matching “${query}”` : ''}, ${data.clients.length} in all`}
              columns={['Name', 'Client ID', 'Type', 'Grant types', 'Registered']}
            >
              {data.clients.map((client) => (
                <tr key={client.client_id}>
                  <th scope="row">
                    {client.icon ? (
                      <img
                        className="client-icon-small"
                        src={adminIconPath(client) ?? ''}
                        alt=""
                        width={20}
                        height={20}
                      />
                    ) : null}
                    <Link to={`/clients/${encodeURIComponent(client.client_id)}`}>{client.name}</Link>
                  </th>
                  <td>
                    <code>{client.client_id}</code>
                  </td>
                  <td>{client.type}</td>
                  <td>{client.grant_types.map((grant) => GRANT_LABELS[grant] ?? grant).join(', ')}</td>
                  <td>
                    <Time value={client.created_at} />
                    {selfRegistered.has(client.client_id) ? (
                      <span data-testid="self-registered">, by itself (dynamic registration)</span>
                    ) : null}
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
