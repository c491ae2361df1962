import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Notice } from '../../shared/Notice';
import { Link } from '../../shared/router';
import { AdminLayout } from '../components/AdminLayout';
import { DataTable } from '../components/DataTable';
import { ListToolbar } from '../components/ListToolbar';
import { LoadedView } from '../components/LoadedView';
import { Pager } from '../components/Pager';
import { goTo, withQuery } from '../navigation';
import { useAdminApi } from '../session';
import { useListQuery } from '../use-list-query';
import { useLoad } from '../use-load';

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
    <AdminLayout title="Users">
      {deleted ? (
        <Notice title="User deleted">
          <p>
            The account of <strong>{deleted}</strong> and everything issued to it are gone.
          </p>
        </Notice>
      ) : null}
      <ListToolbar
        label="Search users"
        hint="Part of an email address or name"
        query={query}
        onSearch={(value) => goTo(withQuery('/users', { query: value }))}
        create={{ to: '/users/new', label: 'Create a user' }}
      />
      <LoadedView load={users} failedTitle="The users could not be loaded">
        {(data) =>
          data.users.length === 0 && offset === 0 ? (
            <p>{query ? `No user matches “${query}”.` : 'There are no users yet.'}</p>
          ) : (
            <>
              <DataTable
                caption={`Users${query ? ` matching “${query}”` : ''}`}
                columns={['Email', 'Name', 'Email confirmed', 'Status']}
                busy={users.loading}
              >
                {data.users.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">
                      <Link to={`/users/${encodeURIComponent(user.id)}`}>{user.email}</Link>
                    </th>
                    <td>{user.name || <span className="muted">—</span>}</td>
                    <td>{user.email_verified ? 'Yes' : 'No'}</td>
                    <td>
                      <span className={`status-badge status-${user.status}`}>{user.status}</span>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager
                label="Users"
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
