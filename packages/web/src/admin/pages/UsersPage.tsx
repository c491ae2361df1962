import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Notice } from '../../shared/Notice';
import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { CursorPagerButtons } from '../components/CursorPagerButtons';
import { DataTable } from '../components/DataTable';
import { ListToolbar } from '../components/ListToolbar';
import { LoadedView } from '../components/LoadedView';
import { rich, t } from '../i18n/text';
import { goTo, withQuery } from '../navigation';
import { useAdminApi } from '../session';
import { useListQuery } from '../use-list-query';
import { useLoad } from '../use-load';
import { firstPageWithItems } from './users/follow-empty-pages';
import { USER_STATUS_TEXT } from './users/user-status';

export const USERS_PAGE_SIZE = 25;

type UsersAnswer = AdminApiResponse<'GET /admin/users'>;

/** What the status line says of the total, by how exact the server says it is (docs/admin.md#finding-users). */
const TOTAL_TEXT = {
  exact: 'users.list.pager.exact',
  at_least: 'users.list.pager.atLeast',
  estimate: 'users.list.pager.estimate',
} as const satisfies Record<UsersAnswer['total_kind'], string>;

/**
 * Users: search by email or name, paged by the server's cursor (`?after=`, the previous page's `next_after`), so a
 * page deep in a million users costs what the first does. The cursor only goes forward: First page starts over, and
 * the browser's Back returns to the page before.
 */
export function UsersPage() {
  const api = useAdminApi();
  const { query, after, deleted } = useListQuery();
  // A broad search's page can be empty before the listing ends; the list shows the first page that is not.
  const users = useLoad(`${query}\n${after}`, async (signal) => {
    const { page } = await firstPageWithItems(
      (from) =>
        api.get<UsersAnswer>(
          withQuery('/admin/users', { query, after: from, limit: USERS_PAGE_SIZE }),
          signal,
        ),
      after,
    );
    return page;
  });

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
          data.users.length === 0 && !after && data.next_after === null ? (
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
              <UsersPager query={query} after={after} data={data} />
            </>
          )
        }
      </LoadedView>
    </AdminLayout>
  );
}

function UsersPager({ query, after, data }: { query: string; after: string; data: UsersAnswer }) {
  // A short page that is not the last: the server's bounded scan of a broad search ended before the page filled.
  const short = data.users.length < USERS_PAGE_SIZE && data.next_after !== null;
  return (
    <nav className="pager" aria-label={t('layout.pager.label', { what: t('users.list.caption') })}>
      <p className="pager-status" role="status">
        {/* As strings: the numbers are shown as they are, without grouping. */}
        {t(TOTAL_TEXT[data.total_kind], { shown: String(data.users.length), total: String(data.total) })}
        {short ? ` ${t('users.list.pager.short')}` : null}
      </p>
      <CursorPagerButtons
        path="/users"
        query={query}
        after={after}
        nextAfter={data.next_after}
        firstLabel={t('users.list.pager.first')}
      />
    </nav>
  );
}
