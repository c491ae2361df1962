import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { Notice } from '../../shared/Notice';
import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { adminIconPath } from '../components/ClientIconSection';
import { DataTable } from '../components/DataTable';
import { ListToolbar } from '../components/ListToolbar';
import { LoadedView } from '../components/LoadedView';
import { Time } from '../format';
import type { AdminMessageKey } from '../i18n/messages';
import { rich, t } from '../i18n/text';
import { goTo, withQuery } from '../navigation';
import { useAdminApi } from '../session';
import { useListQuery } from '../use-list-query';
import { useLoad } from '../use-load';
import { selfRegisteredAmong } from './clients/self-registered';

const GRANT_LABELS: Record<string, AdminMessageKey> = {
  authorization_code: 'clients.list.grant.authorizationCode',
  refresh_token: 'clients.list.grant.refreshToken',
  client_credentials: 'clients.list.grant.clientCredentials',
  'urn:ietf:params:oauth:grant-type:device_code': 'clients.list.grant.deviceCode',
};

/** A grant type in words; one without a name of its own is shown as the server calls it. */
function grantLabel(grant: string): string {
  const key = GRANT_LABELS[grant];
  return key ? t(key) : grant;
}

export const CLIENTS_PAGE_SIZE = 25;

/**
 * Registered clients (apps), searchable by name or client ID (the server searches), by name, a page at a time:
 * the address keeps where the page starts (`?after=`, the server's cursor), so Back and links restore it.
 */
export function ClientsPage() {
  const api = useAdminApi();
  const { query, after, deleted } = useListQuery();
  const clients = useLoad(`${query}\n${after}`, (signal) =>
    api.get<AdminApiResponse<'GET /admin/clients'>>(
      withQuery('/admin/clients', { query: query || null, after: after || null, limit: CLIENTS_PAGE_SIZE }),
      signal,
    ),
  );
  // Which clients of this page registered themselves (docs/client-registration.md), to say so beside their
  // registration time: asked for the page's clients only, so the answer is as small as the page.
  const shown = clients.data?.clients.map((client) => client.client_id) ?? [];
  const registrations = useLoad(`client-registrations\n${shown.join('\n')}`, (signal) =>
    selfRegisteredAmong(shown, (query) =>
      api.get<AdminApiResponse<'GET /admin/client-registrations'>>(
        `/admin/client-registrations?${query}`,
        signal,
      ),
    ),
  );
  const selfRegistered = registrations.data ?? new Set<string>();

  return (
    <AdminLayout title={t('clients.list.title')}>
      {deleted ? (
        <Notice title={t('clients.list.deleted.title')}>
          <p>{rich('clients.list.deleted.body', { name: <strong>{deleted}</strong> })}</p>
        </Notice>
      ) : null}
      <ListToolbar
        label={t('clients.list.search.label')}
        hint={t('clients.list.search.hint')}
        query={query}
        onSearch={(value) => goTo(withQuery('/clients', { query: value || null }))}
        create={{ to: '/clients/new', label: t('clients.list.register') }}
      />
      <LoadedView load={clients} failedTitle={t('clients.list.loadFailed')}>
        {(data) =>
          data.clients.length === 0 && !after ? (
            <p>{query ? t('clients.list.noMatch', { query }) : t('clients.list.empty')}</p>
          ) : (
            <>
              {data.clients.length === 0 ? (
                <p>{t('clients.list.pager.noMore')}</p>
              ) : (
                <DataTable
                  caption={query ? t('clients.list.captionMatching', { query }) : t('clients.list.caption')}
                  columns={[
                    t('clients.list.column.name'),
                    t('clients.list.column.clientId'),
                    t('clients.list.column.type'),
                    t('clients.list.column.grantTypes'),
                    t('clients.list.column.registered'),
                  ]}
                  busy={clients.loading}
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
                      <td>{client.grant_types.map(grantLabel).join(', ')}</td>
                      <td>
                        <Time value={client.created_at} />
                        {selfRegistered.has(client.client_id) ? (
                          <span data-testid="self-registered">{t('clients.list.selfRegistered')}</span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </DataTable>
              )}
              {after || data.next_after ? (
                <nav className="pager" aria-label={t('clients.list.pager.label')}>
                  <div className="pager-buttons">
                    {after ? (
                      <Button
                        variant="secondary"
                        onClick={() => goTo(withQuery('/clients', { query: query || null }))}
                      >
                        {t('clients.list.pager.first')}
                      </Button>
                    ) : null}
                    {data.next_after ? (
                      <Button
                        variant="secondary"
                        onClick={() =>
                          goTo(withQuery('/clients', { query: query || null, after: data.next_after }))
                        }
                      >
                        {t('clients.list.pager.next')}
                      </Button>
                    ) : null}
                  </div>
                </nav>
              ) : null}
            </>
          )
        }
      </LoadedView>
    </AdminLayout>
  );
}
