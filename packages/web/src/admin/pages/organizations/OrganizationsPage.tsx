import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Notice } from '../../../shared/Notice';
import { Link } from '../../../shared/router';
import { AdminLayout } from '../../components/AdminLayout';
import { CursorPagerButtons } from '../../components/CursorPagerButtons';
import { DataTable } from '../../components/DataTable';
import { ListToolbar } from '../../components/ListToolbar';
import { LoadedView } from '../../components/LoadedView';
import { Time } from '../../format';
import { rich, t } from '../../i18n/text';
import { goTo, withQuery } from '../../navigation';
import { useAdminApi } from '../../session';
import { useListQuery } from '../../use-list-query';
import { useLoad } from '../../use-load';
import { OrganizationStatusBadge } from './OrganizationStatusBadge';

const PAGE_SIZE = 25;

type OrganizationsAnswer = AdminApiResponse<'GET /admin/organizations'>;

/**
 * Organizations: search by name or slug, paged by the server's cursor (`?after=`, the previous page's `next_after`),
 * so a deep page costs what the first does (docs/admin.md#finding-users). The cursor only goes forward: First page
 * starts over, and the browser's Back returns to the page before.
 */
export function OrganizationsPage() {
  const api = useAdminApi();
  const { query, after, deleted } = useListQuery();
  const organizations = useLoad(`${query}\n${after}`, (signal) =>
    api.get<OrganizationsAnswer>(
      withQuery('/admin/organizations', { query, after: after || null, limit: PAGE_SIZE }),
      signal,
    ),
  );

  return (
    <AdminLayout title={t('organizations.list.title')}>
      {deleted ? (
        <Notice title={t('organizations.list.deleted.title')}>
          <p>{rich('organizations.list.deleted.body', { name: <strong>{deleted}</strong> })}</p>
        </Notice>
      ) : null}
      <p>{t('organizations.list.intro')}</p>
      <ListToolbar
        label={t('organizations.list.search.label')}
        hint={t('organizations.list.search.hint')}
        query={query}
        onSearch={(value) => goTo(withQuery('/organizations', { query: value }))}
        create={{ to: '/organizations/new', label: t('organizations.list.create') }}
      />
      <LoadedView load={organizations} failedTitle={t('organizations.list.failed')}>
        {(data) =>
          data.organizations.length === 0 && !after && data.next_after === null ? (
            <p>{query ? t('organizations.list.noMatch', { query }) : t('organizations.list.empty')}</p>
          ) : (
            <>
              <DataTable
                caption={
                  query ? t('organizations.list.captionMatching', { query }) : t('organizations.list.caption')
                }
                columns={[
                  t('organizations.list.column.name'),
                  t('organizations.list.column.slug'),
                  t('organizations.list.column.status'),
                  t('organizations.list.column.created'),
                ]}
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
              <OrganizationsPager query={query} after={after} data={data} />
            </>
          )
        }
      </LoadedView>
    </AdminLayout>
  );
}

function OrganizationsPager({
  query,
  after,
  data,
}: {
  query: string;
  after: string;
  data: OrganizationsAnswer;
}) {
  return (
    <nav className="pager" aria-label={t('layout.pager.label', { what: t('organizations.list.caption') })}>
      <p className="pager-status" role="status">
        {/* As strings: the numbers are shown as they are, without grouping. */}
        {t('organizations.list.pager.status', {
          shown: String(data.organizations.length),
          total: String(data.total),
        })}
      </p>
      <CursorPagerButtons
        path="/organizations"
        query={query}
        after={after}
        nextAfter={data.next_after}
        firstLabel={t('organizations.list.pager.first')}
      />
    </nav>
  );
}
