import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { CheckboxField } from '../../shared/CheckboxField';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { TextField } from '../../shared/TextField';
import { AdminLayout } from '../components/AdminLayout';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { describeError } from '../error-text';
import { goTo, withQuery } from '../navigation';
import { useAdmin, useAdminApi } from '../session';
import type { UserView } from '../types';
import { emailError, focusFirstInvalid } from '../validation';

/** Creates a user without a password; their page then offers to set one or to email a reset link. */
export function UserCreatePage() {
  const api = useAdminApi();
  const { canWrite } = useAdmin();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [verified, setVerified] = useState(true);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = emailError(email);
    setFieldError(problem);
    if (problem) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await api.post<UserView>('/admin/users', {
        email: email.trim(),
        name: name.trim(),
        email_verified: verified,
      });
      goTo(withQuery(`/users/${encodeURIComponent(user.id)}`, { created: '1' }));
    } catch (failed) {
      setError(failed);
      setBusy(false);
    }
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
          <TextField
            label="Email address"
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            value={email}
            error={fieldError}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Name (optional)"
            autoComplete="off"
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <CheckboxField
            label="The email address is confirmed"
            hint="Untick to make them confirm it before they can sign in."
            checked={verified}
            onChange={(event) => setVerified(event.target.checked)}
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
