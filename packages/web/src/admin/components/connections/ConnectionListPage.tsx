import type { ReactNode } from 'react';
import { Notice } from '../../../shared/Notice';
import { Link } from '../../../shared/router';
import { t } from '../../i18n/text';
import { useAdmin, useAdminApi } from '../../session';
import { useListQuery } from '../../use-list-query';
import { useLoad } from '../../use-load';
import { AdminLayout } from '../AdminLayout';
import { DataTable } from '../DataTable';
import { LoadedView } from '../LoadedView';

/**
 * The list page of a kind of connection (SCIM provisioning, federation): after a deletion, what went and what
 * stayed; what the connections are for; a link to add one (write admins); the table, each name linking to its page.
 */
export function ConnectionListPage<Connection extends { id: string; name: string }>({
  title,
  apiPath,
  portalPath,
  deleted,
  intro,
  empty,
  caption,
  columns,
  cells,
}: {
  title: string;
  /** The admin API's list, answering `{ connections }`. */
  apiPath: string;
  /** The list page's own path; a connection's page is under it. */
  portalPath: string;
  /** What the deletion of the named connection removed and kept. */
  deleted(name: ReactNode): ReactNode;
  intro: ReactNode;
  empty: string;
  caption: string;
  /** The columns after the name. */
  columns: string[];
  cells(connection: Connection): ReactNode;
}) {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const { deleted: deletedName } = useListQuery();
  const connections = useLoad('connections', (signal) =>
    api.get<{ connections: Connection[] }>(apiPath, signal),
  );

  return (
    <AdminLayout title={title}>
      {deletedName ? (
        <Notice title={t('connections.deleted')}>
          <p>{deleted(<strong>{deletedName}</strong>)}</p>
        </Notice>
      ) : null}
      <p>{intro}</p>
      {canWrite ? (
        <p>
          <Link to={`${portalPath}/new`} className="link-button">
            {t('connections.add')}
          </Link>
        </p>
      ) : null}
      <LoadedView load={connections} failedTitle={t('connections.loadFailed')}>
        {(data) =>
          data.connections.length === 0 ? (
            <p>{empty}</p>
          ) : (
            <DataTable
              caption={caption}
              columns={[t('connections.column.name'), ...columns]}
              busy={connections.loading}
            >
              {data.connections.map((connection) => (
                <tr key={connection.id}>
                  <th scope="row">
                    <Link to={`${portalPath}/${encodeURIComponent(connection.id)}`}>{connection.name}</Link>
                  </th>
                  {cells(connection)}
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
    </AdminLayout>
  );
}
