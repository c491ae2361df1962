import { type FormEvent, useState } from 'react';
import type { AdminApiBody, AdminApiResponse } from '../../../shared/api-types/admin-api';
import { Button } from '../../../shared/Button';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { TextAreaField } from '../../../shared/TextAreaField';
import { useCheckedSubmit } from '../../../shared/use-checked-submit';
import { describeError } from '../../error-text';
import { t } from '../../i18n/text';
import type { PermissionView } from '../../organization-types';
import { useAdminApi } from '../../session';
import { KeyField, keyError } from '../roles/KeyField';

/** A new custom permission: its key (fixed once created) and what it allows. */
export function CreatePermissionForm({ onCreated }: { onCreated: (permission: PermissionView) => void }) {
  const api = useAdminApi();
  const [key, setKey] = useState('');
  const [description, setDescription] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'key'>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ key: keyError(key) }),
      async () => {
        setFailure(null);
        try {
          const permission = await api.post<AdminApiResponse<'POST /admin/permissions'>>(
            '/admin/permissions',
            {
              key: key.trim(),
              description: description.trim(),
            } satisfies AdminApiBody<'POST /admin/permissions'>,
          );
          setKey('');
          setDescription('');
          onCreated(permission);
        } catch (error) {
          setFailure(error);
        }
      },
    );
  }

  return (
    <section className="section" aria-labelledby="create-permission-heading">
      <h2 id="create-permission-heading">{t('permissions.create.heading')}</h2>
      {failure ? (
        <ErrorPanel title={t('permissions.create.failed')}>
          <p>{describeError(failure)}</p>
        </ErrorPanel>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <KeyField
          label={t('permissions.create.key')}
          hint={t('permissions.create.keyHint')}
          value={key}
          error={fieldErrors.key}
          onChange={setKey}
        />
        <TextAreaField
          label={t('permissions.create.description')}
          maxLength={500}
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('permissions.create.busy') : t('permissions.create.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
