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
import { rich, t } from '../../i18n/text';
import { goTo, withQuery } from '../../navigation';
import type { RoleView } from '../../organization-types';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';
import { type RoleDraft, RoleFields, roleBody, roleDraft, roleNameError } from './RoleFields';

const BREADCRUMB = { to: '/roles', label: t('roles.breadcrumb') };

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
        title={t('roles.detail.loadingTitle')}
        breadcrumb={BREADCRUMB}
        failedTitle={t('roles.detail.failed')}
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
          <dt>{t('roles.detail.key')}</dt>
          <dd>
            <code data-testid="role-key">{role.key}</code>
          </dd>
        </div>
        <div>
          <dt>{t('roles.detail.kind')}</dt>
          <dd>{role.built_in ? t('roles.kind.builtIn') : t('roles.kind.custom')}</dd>
        </div>
      </dl>
      {role.built_in ? (
        <p>
          {t('roles.detail.builtIn', {
            permissions: role.permissions.length
              ? role.permissions.join(', ')
              : t('roles.detail.grantsNothing'),
          })}
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
            text: t('roles.edit.saved'),
          });
        } catch (error) {
          setOutcome({ kind: 'failed', error });
        }
      },
    );
  }

  return (
    <EditSection
      heading={t('roles.edit.heading')}
      outcome={outcome}
      failedTitle={t('roles.edit.failed')}
      notice={
        permissions.error ? (
          <ErrorPanel title={t('roles.edit.permissionsFailed')}>
            <p>{describeError(permissions.error)}</p>
          </ErrorPanel>
        ) : null
      }
      formRef={formRef}
      busy={busy}
      onSubmit={onSubmit}
      editable={editable}
      submitLabel={t('roles.edit.submit')}
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
      heading={t('roles.delete.heading')}
      explanation={t('roles.delete.explanation')}
      label={t('roles.delete.label')}
      question={<p>{rich('roles.delete.question', { key: <strong>{role.key}</strong> })}</p>}
      failedTitle={t('roles.delete.failed')}
      onDelete={async () => {
        await api.delete(`/admin/roles/${encodeURIComponent(role.key)}`);
        goTo(withQuery('/roles', { deleted: role.key }));
      }}
    />
  );
}
