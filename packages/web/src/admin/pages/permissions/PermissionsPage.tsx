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
import { CreatePermissionForm } from './CreatePermissionForm';

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
    <AdminLayout title="Permissions">
      <ReadOnlyNotice />
      {deleted ? (
        <Notice title="Permission deleted">
          <p>
            <code>{deleted}</code> is gone; the roles that granted it no longer do.
          </p>
        </Notice>
      ) : null}
      <p>
        <Link to="/roles">Roles</Link> grant permissions. A token carries a permission in{' '}
        <code>permissions</code> only when the member holds it and the app asked for a scope with the same key
        (list the key among the client’s scopes). The built-in permissions cannot be changed.
      </p>
      <OutcomeMessage outcome={outcome} failedTitle="The permission was not created" />
      <LoadedView load={permissions} failedTitle="The permissions could not be loaded">
        {(data) => (
          <DataTable
            caption="Permissions"
            columns={['Key', 'Description', 'Kind']}
            busy={permissions.loading}
            testId="permissions"
          >
            {data.permissions.map((permission) => (
              <tr key={permission.key}>
                <th scope="row">
                  <Link to={`/permissions/${encodeURIComponent(permission.key)}`}>{permission.key}</Link>
                </th>
                <td>{permission.description || <span className="muted">—</span>}</td>
                <td>{permission.built_in ? 'built-in' : 'custom'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadedView>
      {canWrite ? (
        <CreatePermissionForm
          onCreated={(permission) => {
            setOutcome({ kind: 'done', text: `The permission ${permission.key} is created.` });
            permissions.reload();
          }}
        />
      ) : null}
    </AdminLayout>
  );
}
