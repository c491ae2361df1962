import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Notice } from '../../shared/Notice';
import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { DataTable } from '../components/DataTable';
import { ListToolbar } from '../components/ListToolbar';
import { LoadedView } from '../components/LoadedView';
import { Pager } from '../components/Pager';
import { rich, t } from '../i18n/text';
import { goTo, withQuery } from '../navigation';
import { useAdminApi } from '../session';
import { useListQuery } from '../use-list-query';
import { useLoad } from '../use-load';
import { USER_STATUS_TEXT } from './users/user-status';

export const USERS_PAGE_SIZE = 25;

/** Users: search by email or name, paged. */
export function UsersPage() {
  const api = useAdminApi();
  const { query, offset, deleted } = useListQuery();
  const users = useLoad(`${query}\n${offset}`, (signal) =>
    api.get<AdminApiResponse<'GET /admin/users'>>(
      withQuery('/admin/users', { query, offset, limit: USERS_PAGE_SIZE }),
      signal,
    ),
  );

  return (
    <AdminLayout title={t('users.list.title')}>
      {deleted ? (
        <Notice title={t('users.list.deleted.title')}>
          <p>{rich('users.list.deleted.body', { email: <strong>{deleted}</strong> })}</p>
        </Notice>
      ) : null}
      <ListToolbar
        label={t('users.list.search.label')}
        hint={t('users.list.search.hint')}
        query={query}
        onSearch={(value) => goTo(withQuery('/users', { query: value }))}
        create={{ to: '/users/new', label: t('users.list.create') }}
      />
      <LoadedView load={users} failedTitle={t('users.list.failed')}>
        {(data) =>
          data.users.length === 0 && offset === 0 ? (
            <p>{query ? t('users.list.noMatch', { query }) : t('users.list.empty')}</p>
          ) : (
            <>
              <DataTable
                caption={query ? t('users.list.captionMatching', { query }) : t('users.list.caption')}
                columns={[
                  t('users.list.column.email'),
                  t('users.list.column.name'),
                  t('users.list.column.emailConfirmed'),
                  t('users.list.column.status'),
                ]}
                busy={users.loading}
              >
                {data.users.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">
                      <Link to={`/users/${encodeURIComponent(user.id)}`}>{user.email}</Link>
                    </th>
                    <td>{user.name || <span className="muted">—</span>}</td>
                    <td>{user.email_verified ? t('users.yes') : t('users.no')}</td>
                    <td>
                      <span className={`status-badge status-${user.status}`}>
                        {t(USER_STATUS_TEXT[user.status])}
                      </span>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager
                label={t('users.list.caption')}
                offset={offset}
                count={data.users.length}
                total={data.total}
                pageSize={USERS_PAGE_SIZE}
                onChange={(next) => goTo(withQuery('/users', { query, offset: next || null }))}
              />
            </>
          )
        }
      </LoadedView>
    </AdminLayout>
  );
}
