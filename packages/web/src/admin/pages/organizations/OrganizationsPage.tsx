import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Notice } from '../../../shared/Notice';
import { Link } from '../../../shared/router';
import { AdminLayout } from '../../components/AdminLayout';
import { DataTable } from '../../components/DataTable';
import { ListToolbar } from '../../components/ListToolbar';
import { LoadedView } from '../../components/LoadedView';
import { Pager } from '../../components/Pager';
import { Time } from '../../format';
import { rich, t } from '../../i18n/text';
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
          data.organizations.length === 0 && offset === 0 ? (
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
              <Pager
                label={t('organizations.list.caption')}
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
