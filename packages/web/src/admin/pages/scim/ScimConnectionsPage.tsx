import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Link } from '../../../shared/router';
import { ConnectionListPage } from '../../components/connections/ConnectionListPage';
import { Time } from '../../format';
import { rich, t } from '../../i18n/text';

type ScimConnection = AdminApiResponse<'GET /admin/scim/connections'>['connections'][number];

/** SCIM provisioning connections: one per identity-provider app (Entra ID, Okta, …), each into one organization. */
export function ScimConnectionsPage() {
  return (
    <ConnectionListPage<ScimConnection>
      title={t('scim.list.title')}
      apiPath="/admin/scim/connections"
      portalPath="/scim"
      deleted={(name) => rich('scim.list.deleted', { name })}
      intro={t('scim.list.intro')}
      empty={t('scim.list.empty')}
      caption={t('scim.list.caption')}
      columns={[
        t('scim.list.column.organization'),
        t('scim.list.column.deprovisioning'),
        t('scim.list.column.created'),
      ]}
      cells={(connection) => (
        <>
          <td>
            <Link to={`/organizations/${encodeURIComponent(connection.organizationId)}`}>
              <code>{connection.organizationId}</code>
            </Link>
          </td>
          <td>{connection.deprovisioning}</td>
          <td>
            <Time value={connection.createdAt} />
          </td>
        </>
      )}
    />
  );
}
