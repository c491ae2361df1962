import { type FormEvent, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useCheckedSubmit } from '../../shared/use-checked-submit';
import { AdminLayout } from '../components/AdminLayout';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { type UserProfileDraft, UserProfileFields, userProfileBody } from '../components/UserProfileFields';
import { describeError } from '../error-text';
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
    <AdminLayout title="Create a user" breadcrumb={{ to: '/users', label: 'All users' }}>
      <ReadOnlyNotice />
      {error ? (
        <ErrorPanel title="The user was not created">
          <p>{describeError(error)}</p>
        </ErrorPanel>
      ) : null}
      <p>The account starts without a password: set one on the next page, or send a password-reset email.</p>
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
              {busy ? 'Creating…' : 'Create user'}
            </Button>
          </div>
        ) : null}
      </form>
    </AdminLayout>
  );
}
