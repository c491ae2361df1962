import { type FormEvent, type ReactNode, type Ref, useState } from 'react';
import { Button } from '../../../shared/Button';
import { ErrorPanel } from '../../../shared/ErrorPanel';
import { type FieldErrors, useCheckedSubmit } from '../../../shared/use-checked-submit';
import { describeError } from '../../error-text';
import { t } from '../../i18n/text';
import { goTo, withQuery } from '../../navigation';
import { useAdmin, useAdminApi } from '../../session';
import { AdminLayout } from '../AdminLayout';
import { ReadOnlyNotice } from '../ReadOnlyNotice';

/**
 * The creation of a connection: the form's checked submit, which posts the body and opens the new connection's
 * page (saying it was created), or keeps the error to show.
 */
export function useConnectionCreate<Field extends string>(apiPath: string, portalPath: string) {
  const api = useAdminApi();
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<Field>();
  const [error, setError] = useState<unknown>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>, check: () => FieldErrors<Field>, body: () => unknown) {
    return submit(event, check, async () => {
      setError(null);
      try {
        const created = await api.post<{ id: string }>(apiPath, body());
        goTo(withQuery(`${portalPath}/${encodeURIComponent(created.id)}`, { created: '1' }));
      } catch (failed) {
        setError(failed);
      }
    });
  }

  return { formRef, fieldErrors, busy, error, onSubmit };
}

/** The page around a connection's creation form: read-only notice, and why the last attempt failed. */
export function ConnectionCreatePage({
  title,
  breadcrumb,
  error,
  children,
}: {
  title: string;
  breadcrumb: { to: string; label: string };
  error: unknown;
  children: ReactNode;
}) {
  return (
    <AdminLayout title={title} breadcrumb={breadcrumb}>
      <ReadOnlyNotice />
      {error ? (
        <ErrorPanel title={t('connections.create.failed')}>
          <p>{describeError(error)}</p>
        </ErrorPanel>
      ) : null}
      {children}
    </AdminLayout>
  );
}

/** A connection's creation form: its fields (disabled for a read admin, who sees no button) and the button. */
export function ConnectionCreateForm({
  formRef,
  busy,
  onSubmit,
  children,
}: {
  formRef: Ref<HTMLFormElement>;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { canWrite } = useAdmin();
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
      <fieldset className="form-fieldset" disabled={!canWrite}>
        {children}
      </fieldset>
      {canWrite ? (
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t('connections.create.busy') : t('connections.create.submit')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
