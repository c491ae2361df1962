import { useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Notice } from '../../../shared/Notice';
import { Link, useRouter } from '../../../shared/router';
import { AdminLayout } from '../../components/AdminLayout';
import { DataTable } from '../../components/DataTable';
import { LoadedView } from '../../components/LoadedView';
import { type Outcome, OutcomeMessage } from '../../components/OutcomeMessage';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { CreateRoleForm } from './CreateRoleForm';

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
    <AdminLayout title="Roles">
      <ReadOnlyNotice />
      {deleted ? (
        <Notice title="Role deleted">
          <p>
            <code>{deleted}</code> is gone; members who held it lost it.
          </p>
        </Notice>
      ) : null}
      <p>
        A member holds roles in each organization, and the roles grant{' '}
        <Link to="/permissions">permissions</Link>. Tokens carry the role keys in <code>roles</code>. The
        built-in roles cannot be changed.
      </p>
      <OutcomeMessage outcome={outcome} failedTitle="The role was not created" />
      <LoadedView load={roles} failedTitle="The roles could not be loaded">
        {(data) => (
          <DataTable
            caption="Roles"
            columns={['Name', 'Key', 'Permissions', 'Kind']}
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
                    <span className="muted">none</span>
                  )}
                </td>
                <td>{role.built_in ? 'built-in' : 'custom'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadedView>
      {canWrite ? (
        <CreateRoleForm
          permissions={permissions.data?.permissions ?? []}
          onCreated={(role) => {
            setOutcome({ kind: 'done', text: `The role ${role.key} is created.` });
            roles.reload();
          }}
        />
      ) : null}
    </AdminLayout>
  );
}
