import { type FormEvent, useState } from 'react';
import type { AdminApiResponse } from '../../../shared/api-types/admin-api';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { useRouter } from '../../../shared/router';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { AdminLayout } from '../../components/AdminLayout';
import { DeleteSection } from '../../components/DeleteSection';
import { DetailLoading } from '../../components/DetailLoading';
import { EditSection } from '../../components/EditSection';
import type { Outcome } from '../../components/OutcomeMessage';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { describeError } from '../../error-text';
import { goTo, withQuery } from '../../navigation';
import type { RoleView } from '../../organization-types';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { type RoleDraft, RoleFields, roleBody, roleDraft, roleNameError } from './RoleFields';

const BREADCRUMB = { to: '/roles', label: 'All roles' };

/** One role: what it grants; a custom role's name, description and permissions change here, or it is deleted. */
export function RoleDetailPage() {
  const { params } = useRouter();
  const roleId = params.roleId ?? '';
  const api = useAdminApi();
  const role = useLoad(roleId, (signal) =>
    api.get<RoleView>(`/admin/roles/${encodeURIComponent(roleId)}`, signal),
  );
  if (role.data === undefined)
    return (
      <DetailLoading
        title="Role"
        breadcrumb={BREADCRUMB}
        failedTitle="The role could not be loaded"
        error={role.error}
      />
    );
  return <RoleDetail role={role.data} onChanged={role.setData} />;
}

function RoleDetail({ role, onChanged }: { role: RoleView; onChanged: (role: RoleView) => void }) {
  const { canWrite } = useAdmin();
  const editable = canWrite && !role.built_in;
  return (
    <AdminLayout title={role.name} breadcrumb={BREADCRUMB}>
      <ReadOnlyNotice />
      <dl className="summary-list">
        <div>
          <dt>Key</dt>
          <dd>
            <code data-testid="role-key">{role.key}</code>
          </dd>
        </div>
        <div>
          <dt>Kind</dt>
          <dd>{role.built_in ? 'built-in' : 'custom'}</dd>
        </div>
      </dl>
      {role.built_in ? (
        <p>
          This is a built-in role: it cannot be changed or deleted. It grants{' '}
          {role.permissions.length ? role.permissions.join(', ') : 'no permission'}.
        </p>
      ) : (
        <RoleSettingsSection role={role} editable={editable} onChanged={onChanged} />
      )}
      {editable ? <DeleteRoleSection role={role} /> : null}
    </AdminLayout>
  );
}

function RoleSettingsSection({
  role,
  editable,
  onChanged,
}: {
  role: RoleView;
  editable: boolean;
  onChanged: (role: RoleView) => void;
}) {
  const api = useAdminApi();
  const permissions = useLoad('permissions', (signal) =>
    api.get<AdminApiResponse<'GET /admin/permissions'>>('/admin/permissions', signal),
  );
  const [draft, setDraft] = useState<RoleDraft>(() => roleDraft(role));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'name'>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ name: roleNameError(draft.name) }),
      async () => {
        setOutcome(null);
        try {
          const updated = await api.put<RoleView>(
            `/admin/roles/${encodeURIComponent(role.key)}`,
            roleBody(draft),
          );
          onChanged(updated);
          setOutcome({
            kind: 'done',
            text: 'The changes are saved. Members see them in their tokens from their next refresh.',
          });
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <EditSection
      heading="Role"
      outcome={outcome}
      failedTitle="The changes were not saved"
      notice={
        permissions.error ? (
          <ErrorPanel title="The permissions could not be loaded">
            <p>{describeError(permissions.error)}</p>
          </ErrorPanel>
        ) : null
      }
      formRef={formRef}
      busy={busy}
      onSubmit={onSubmit}
      editable={editable}
      submitLabel="Save role"
    >
      <RoleFields
        draft={draft}
        onChange={(change) => setDraft((previous) => ({ ...previous, ...change }))}
        nameError={fieldErrors.name}
        permissions={permissions.data?.permissions ?? []}
      />
    </EditSection>
  );
}

function DeleteRoleSection({ role }: { role: RoleView }) {
  const api = useAdminApi();
  return (
    <DeleteSection
      heading="Delete this role"
      explanation="Members who hold it lose it in every organization. It cannot be undone."
      label="Delete role"
      question={
        <p>
          Delete the role <strong>{role.key}</strong> for good?
        </p>
      }
      failedTitle="The role was not deleted"
      onDelete={async () => {
        await api.delete(`/admin/roles/${encodeURIComponent(role.key)}`);
        goTo(withQuery('/roles', { deleted: role.key }));
      }}
    />
  );
}
