import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/Button';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { describeError } from '../../error-text';
import { t } from '../../i18n/text';
import type { PermissionView, RoleView } from '../../organization-types';
import { useAdminApi } from '../../session';
import { KeyField, keyError } from './KeyField';
import { type RoleDraft, RoleFields, roleBody, roleDraft, roleNameError } from './RoleFields';

/** A new custom role: its key (fixed once created), name, description and permissions. */
export function CreateRoleForm({
  permissions,
  onCreated,
}: {
  permissions: readonly PermissionView[];
  onCreated: (role: RoleView) => void;
}) {
  const api = useAdminApi();
  const [key, setKey] = useState('');
  const [draft, setDraft] = useState<RoleDraft>(() => roleDraft(null));
  const [failure, setFailure] = useState<unknown>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'key' | 'name'>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ key: keyError(key), name: roleNameError(draft.name) }),
      async () => {
        setFailure(null);
        try {
          const role = await api.post<RoleView>('/admin/roles', { key: key.trim(), ...roleBody(draft) });
          setKey('');
          setDraft(roleDraft(null));
          onCreated(role);
        } catch (error) {
          setFailure(error);
        }
      },
    );
  }

  return (
    <section className="section" aria-labelledby="create-role-heading">
      <h2 id="create-role-heading">{t('roles.create.heading')}</h2>
      {failure ? (
        <ErrorPanel title={t('roles.create.failed')}>
          <p>{describeError(failure)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <KeyField
          label={t('roles.create.key')}
          hint={t('roles.create.keyHint')}
          value={key}
          error={fieldErrors.key}
          onChange={setKey}
        />
        <RoleFields
          draft={draft}
          onChange={(change) => setDraft((previous) => ({ ...previous, ...change }))}
          nameError={fieldErrors.name}
          permissions={permissions}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('roles.create.busy') : t('roles.create.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
