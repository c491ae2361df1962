import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useCheckedSubmit } from '../../shared/use-checked-submit';
import { AdminLayout } from '../components/AdminLayout';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { type UserProfileDraft, UserProfileFields, userProfileBody } from '../components/UserProfileFields';
import { describeError } from '../error-text';
import { t } from '../i18n/text';
import { goTo, withQuery } from '../navigation';
import { useAdmin, useAdminApi } from '../session';
import type { UserView } from '../types';
import { emailError } from '../validation';

/** Creates a user without a password; their page then offers to set one or to email a reset link. */
export function UserCreatePage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [draft, setDraft] = useState<UserProfileDraft>({ email: '', name: '', emailVerified: true });
  const { formRef, fieldErrors, busy, submit } = useCheckedSubmit<'email'>();
  const [error, setError] = useState<unknown>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return submit(
      event,
      () => ({ email: emailError(draft.email) }),
      async () => {
        setError(null);
        try {
          const user = await api.post<UserView>('/admin/users', userProfileBody(draft));
          goTo(withQuery(`/users/${encodeURIComponent(user.id)}`, { created: '1' }));
        } catch (failed) {
          setError(failed);
        }
      },
    );
  }

  return (
    <AdminLayout title={t('users.create.title')} breadcrumb={{ to: '/users', label: t('users.breadcrumb') }}>
      <ReadOnlyNotice />
      {error ? (
        <ErrorPanel title={t('users.create.failed')}>
          <p>{describeError(error)}</p>
        </ErrorPanel>
      ) : null}
      <p>{t('users.create.intro')}</p>
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
        <fieldset className="form-fieldset" disabled={!canWrite}>
          <UserProfileFields
            purpose="create"
            draft={draft}
            onChange={(change) => setDraft((previous) => ({ ...previous, ...change }))}
            emailError={fieldErrors.email}
          />
        </fieldset>
        {canWrite ? (
          <div className="form-actions">
            <Button type="submit" disabled={busy}>
              {busy ? t('users.create.busy') : t('users.create.submit')}
            </Button>
          </div>
        ) : null}
      </form>
    </AdminLayout>
  );
}
