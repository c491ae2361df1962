import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../shared/api';
import type { AdminApiBody, AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Link, useRouter } from '../../../shared/router';
import { TextAreaField } from '../../../shared/TextAreaField';
import { AdminLayout } from '../../components/AdminLayout';
import { DeleteSection } from '../../components/DeleteSection';
import { DetailLoading } from '../../components/DetailLoading';
import { EditSection } from '../../components/EditSection';
import type { Outcome } from '../../components/OutcomeMessage';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { rich, t } from '../../i18n/text';
import { goTo, withQuery } from '../../navigation';
import type { PermissionView, RoleView } from '../../organization-types';
import { useAdmin, useAdminApi } from '../../session';
import { useLoad } from '../../use-load';

const BREADCRUMB = { to: '/permissions', label: t('permissions.breadcrumb') };

/**
 * One permission: which roles grant it; a custom one's description changes here, or it is deleted. The admin API
 * has no single-permission read, so the page finds it in the list.
 */
export function PermissionDetailPage() {
  const { params } = useRouter();
  const permissionKey = params.permissionKey ?? '';
  const api = useAdminApi();
  const catalogue = useLoad(permissionKey, async (signal) => {
    const [{ permissions }, { roles }] = await Promise.all([
      api.get<AdminApiResponse<'GET /admin/permissions'>>('/admin/permissions', signal),
      api.get<AdminApiResponse<'GET /admin/roles'>>('/admin/roles', signal),
    ]);
    return { permission: permissions.find((entry) => entry.key === permissionKey) ?? null, roles };
  });
  const { data } = catalogue;
  if (data === undefined || data.permission === null)
    return (
      <DetailLoading
        title={t('permissions.detail.loadingTitle')}
        breadcrumb={BREADCRUMB}
        failedTitle={t('permissions.detail.failed')}
        error={data ? new ApiError(404, 'not_found', 'no such permission') : catalogue.error}
      />
    );
  const grantedBy = data.roles.filter((role) => role.permissions.includes(permissionKey));
  return (
    <PermissionDetail
      permission={data.permission}
      grantedBy={grantedBy}
      onChanged={(permission) => catalogue.setData({ ...data, permission })}
    />
  );
}

function PermissionDetail({
  permission,
  grantedBy,
  onChanged,
}: {
  permission: PermissionView;
  grantedBy: RoleView[];
  onChanged: (permission: PermissionView) => void;
}) {
  const { canWrite } = useAdmin();
  const editable = canWrite && !permission.built_in;
  return (
    <AdminLayout title={permission.key} breadcrumb={BREADCRUMB}>
      <ReadOnlyNotice />
      <dl className="summary-list">
        <div>
          <dt>{t('permissions.detail.kind')}</dt>
          <dd>{permission.built_in ? t('permissions.kind.builtIn') : t('permissions.kind.custom')}</dd>
        </div>
        <div>
          <dt>{t('permissions.detail.grantedBy')}</dt>
          <dd>
            {grantedBy.length === 0 ? (
              <span className="muted">{t('permissions.detail.grantedByNone')}</span>
            ) : (
              <ul className="inline-list">
                {grantedBy.map((role) => (
                  <li key={role.key}>
                    <Link to={`/roles/${encodeURIComponent(role.key)}`}>{role.name}</Link>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      {permission.built_in ? (
        <p>{t('permissions.detail.builtIn', { description: permission.description })}</p>
      ) : (
        <DescriptionSection permission={permission} editable={editable} onChanged={onChanged} />
      )}
      {editable ? <DeletePermissionSection permission={permission} /> : null}
    </AdminLayout>
  );
}

function DescriptionSection({
  permission,
  editable,
  onChanged,
}: {
  permission: PermissionView;
  editable: boolean;
  onChanged: (permission: PermissionView) => void;
}) {
  const api = useAdminApi();
  const [description, setDescription] = useState(permission.description);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const updated = await api.put<AdminApiResponse<'PUT /admin/permissions/{permissionKey}'>>(
        `/admin/permissions/${encodeURIComponent(permission.key)}`,
        { description: description.trim() } satisfies AdminApiBody<'PUT /admin/permissions/{permissionKey}'>,
      );
      onChanged(updated);
      setOutcome({ kind: 'done', text: t('permissions.edit.saved') });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  }

  return (
    <EditSection
      heading={t('permissions.edit.heading')}
      outcome={outcome}
      failedTitle={t('permissions.edit.failed')}
      busy={busy}
      onSubmit={onSubmit}
      editable={editable}
      submitLabel={t('permissions.edit.submit')}
    >
      <TextAreaField
        label={t('permissions.edit.field')}
        maxLength={500}
        rows={2}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
    </EditSection>
  );
}

function DeletePermissionSection({ permission }: { permission: PermissionView }) {
  const api = useAdminApi();
  return (
    <DeleteSection
      heading={t('permissions.delete.heading')}
      explanation={t('permissions.delete.explanation')}
      label={t('permissions.delete.label')}
      question={<p>{rich('permissions.delete.question', { key: <strong>{permission.key}</strong> })}</p>}
      failedTitle={t('permissions.delete.failed')}
      onDelete={async () => {
        await api.delete(`/admin/permissions/${encodeURIComponent(permission.key)}`);
        goTo(withQuery('/permissions', { deleted: permission.key }));
      }}
    />
  );
}
