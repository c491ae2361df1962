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
import { CreateRoleForm } from './CreateRoleForm';

/** The claim in which tokens carry a member's role keys (docs/organizations.md#the-claims). */
const ROLES_CLAIM = 'roles';

/** The roles every organization's members can hold, with the permissions each grants; write admins add roles. */
export function RolesPage() {
  const { searchParams } = useRouter();
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const roles = useLoad('roles', (signal) =>
    api.get<AdminApiResponse<'GET /admin/roles'>>('/admin/roles', signal),
  );
  const permissions = useLoad('permissions', (signal) =>
    api.get<AdminApiResponse<'GET /admin/permissions'>>('/admin/permissions', signal),
  );
  const [outcome, setOutcome] = useState<Outcome>(null);
  const deleted = searchParams.get('deleted');

  return (
    <AdminLayout title={t('roles.list.title')}>
      <ReadOnlyNotice />
      {deleted ? (
        <Notice title={t('roles.list.deleted.title')}>
          <p>{rich('roles.list.deleted.body', { key: <code>{deleted}</code> })}</p>
        </Notice>
      ) : null}
      <p>
        {rich('roles.list.intro', {
          permissions: <Link to="/permissions">{t('roles.list.intro.permissionsLink')}</Link>,
          claim: <code>{ROLES_CLAIM}</code>,
        })}
      </p>
      <OutcomeMessage outcome={outcome} failedTitle={t('roles.create.failed')} />
      <LoadedView load={roles} failedTitle={t('roles.list.failed')}>
        {(data) => (
          <DataTable
            caption={t('roles.list.caption')}
            columns={[
              t('roles.list.column.name'),
              t('roles.list.column.key'),
              t('roles.list.column.permissions'),
              t('roles.list.column.kind'),
            ]}
            busy={roles.loading}
            testId="roles"
          >
            {data.roles.map((role) => (
              <tr key={role.key}>
                <th scope="row">
                  <Link to={`/roles/${encodeURIComponent(role.key)}`}>{role.name}</Link>
                </th>
                <td>
                  <code>{role.key}</code>
                </td>
                <td>
                  {role.permissions.length ? (
                    role.permissions.join(', ')
                  ) : (
                    <span className="muted">{t('roles.list.noPermissions')}</span>
                  )}
                </td>
                <td>{role.built_in ? t('roles.kind.builtIn') : t('roles.kind.custom')}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadedView>
      {canWrite ? (
        <CreateRoleForm
          permissions={permissions.data?.permissions ?? []}
          onCreated={(role) => {
            setOutcome({ kind: 'done', text: t('roles.list.created', { key: role.key }) });
            roles.reload();
          }}
        />
      ) : null}
    </AdminLayout>
  );
}
