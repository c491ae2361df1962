import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Notice } from '../../../shared/Notice';
import { Link, useRouter } from '../../../shared/router';
import { AdminLayout } from '../../components/AdminLayout';
import { DataTable } from '../../components/DataTable';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { rich, t } from '../../i18n/text';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { CreatePermissionForm } from './CreatePermissionForm';

/** The claim in which tokens carry a member's permissions (docs/organizations.md#the-claims). */
const PERMISSIONS_CLAIM = 'permissions';

/** The permissions roles can grant; write admins add custom ones. */
export function PermissionsPage() {
  const { searchParams } = useRouter();
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const permissions = useLoad('permissions', (signal) =>
    api.get<AdminApiResponse<'GET /admin/permissions'>>('/admin/permissions', signal),
  );
  const [outcome, setOutcome] = useState<Outcome>(null);
  const deleted = searchParams.get('deleted');

  return (
    <AdminLayout title={t('permissions.list.title')}>
      <ReadOnlyNotice />
      {deleted ? (
        <Notice title={t('permissions.list.deleted.title')}>
          <p>{rich('permissions.list.deleted.body', { key: <code>{deleted}</code> })}</p>
        </Notice>
      ) : null}
      <p>
        {rich('permissions.list.intro', {
          roles: <Link to="/roles">{t('permissions.list.intro.rolesLink')}</Link>,
          claim: <code>{PERMISSIONS_CLAIM}</code>,
        })}
      </p>
      <OutcomeMessage outcome={outcome} failedTitle={t('permissions.create.failed')} />
      <LoadedView load={permissions} failedTitle={t('permissions.list.failed')}>
        {(data) => (
          <DataTable
            caption={t('permissions.list.caption')}
            columns={[
              t('permissions.list.column.key'),
              t('permissions.list.column.description'),
              t('permissions.list.column.kind'),
            ]}
            busy={permissions.loading}
            testId="permissions"
          >
            {data.permissions.map((permission) => (
              <tr key={permission.key}>
                <th scope="row">
                  <Link to={`/permissions/${encodeURIComponent(permission.key)}`}>{permission.key}</Link>
                </th>
                <td>{permission.description || <span className="muted">—</span>}</td>
                <td>{permission.built_in ? t('permissions.kind.builtIn') : t('permissions.kind.custom')}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadedView>
      {canWrite ? (
        <CreatePermissionForm
          onCreated={(permission) => {
            setOutcome({ kind: 'done', text: t('permissions.list.created', { key: permission.key }) });
            permissions.reload();
          }}
        />
      ) : null}
    </AdminLayout>
  );
}
