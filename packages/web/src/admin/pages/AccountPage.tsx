import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { PasswordField } from '../../shared/PasswordField';
import { AdminLayout } from '../components/AdminLayout';
import { describeError } from '../error-text';
import { changeAdminPassword, preloadOpaque } from '../opaque-flows';
import { useAdmin, useAdminApi, useSession } from '../session';
import { currentPasswordError, focusFirstInvalid, NEW_PASSWORD_HINT, newPasswordError } from '../validation';

/** The signed-in admin's own account: who they are, password change, sign-out. */
export function AccountPage() {
  const { admin } = useAdmin();
  const { setCsrfToken, signedOut } = useSession();
  const api = useAdminApi();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [state, setState] = useState<'idle' | 'saving' | 'changed' | 'wrong' | { failed: unknown }>('idle');
  const [signOutError, setSignOutError] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'saving') return;
    const found = {
      current: currentPasswordError(current),
      next:
        newPasswordError(next) ??
        (next === current ? 'Choose a password different from the current one.' : undefined),
    };
    setErrors(found);
    if (found.current || found.next) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setState('saving');
    try {
      const result = await changeAdminPassword(api, current, next);
      setCurrent('');
      if (result.kind === 'wrong_current_password') {
        setState('wrong');
        return;
      }
      setNext('');
      setCsrfToken(result.csrfToken);
      setState('changed');
    } catch (failed) {
      setCurrent('');
      setState({ failed });
    }
  }

  return (
    <AdminLayout title="Your account">
      <dl className="summary-list">
        <div>
          <dt>Email</dt>
          <dd>{admin.email}</dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>{admin.name || '—'}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{admin.role === 'write' ? 'Write admin' : 'Read-only admin'}</dd>
        </div>
      </dl>

      <section className="section" aria-labelledby="password-heading">
        <h2 id="password-heading">Change your password</h2>
        {state === 'changed' ? (
          <Notice title="Your password is changed">
            <p>Your other admin sessions were signed out.</p>
          </Notice>
        ) : null}
        {state === 'wrong' ? (
          <ErrorPanel title="Your current password is not correct">
            <p>Nothing was changed. Check it and try again.</p>
          </ErrorPanel>
        ) : null}
        {typeof state === 'object' ? (
          <ErrorPanel title="The password was not changed">
            <p>{describeError(state.failed)}</p>
          </ErrorPanel>
        ) : null}
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          aria-busy={state === 'saving'}
          onFocus={preloadOpaque}
        >
          <input type="email" name="username" autoComplete="username" value={admin.email} readOnly hidden />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={current}
            error={errors.current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint={NEW_PASSWORD_HINT}
            value={next}
            error={errors.next}
            onChange={(event) => setNext(event.target.value)}
          />
          <div className="form-actions">
            <Button type="submit" variant="secondary" disabled={state === 'saving'}>
              {state === 'saving' ? 'Changing password…' : 'Change password'}
            </Button>
          </div>
        </form>
      </section>

      <section className="section" aria-labelledby="sign-out-heading">
        <h2 id="sign-out-heading">Sign out</h2>
        <p>End your admin session in this browser.</p>
        {signOutError ? (
          <ErrorPanel title="Signing out failed">
            <p>{describeError(signOutError)}</p>
          </ErrorPanel>
        ) : null}
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await api.post('/admin/logout');
              signedOut();
            } catch (error) {
              setSignOutError(error);
            }
          }}
        >
          Sign out of the admin portal
        </Button>
      </section>
    </AdminLayout>
  );
}
