import { useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { PasswordChangeForm } from '../../shared/PasswordChangeForm';
import { usePasswordChange } from '../../shared/use-password-change';
import { AdminLayout } from '../components/AdminLayout';
import { isStepUpCancelled, useAdminStepUp } from '../components/StepUp';
import { describeError } from '../error-text';
import { changeAdminPassword } from '../opaque-flows';
import { AdminPasskeysSection } from '../passkeys/AdminPasskeysSection';
import { useAdmin, useAdminApi, useSession } from '../session';
import { currentPasswordError } from '../validation';

/** The signed-in admin's own account: who they are, password change, passkeys, sign-out. */
export function AccountPage() {
  const { admin } = useAdmin();
  const { setCsrfToken, signedOut } = useSession();
  const api = useAdminApi();
  // Changing the password needs a fresh second factor once the sign-in's has aged
  // (docs/users.md#second-factor-totp).
  const stepUp = useAdminStepUp(
    'Changing your password needs a current code from your authenticator app (or one of your backup codes).',
  );
  const passwordChange = usePasswordChange({
    currentPasswordError,
    change: (current, next) => stepUp.run(() => changeAdminPassword(api, current, next)),
    onChanged: setCsrfToken,
    isCancelled: isStepUpCancelled,
  });
  const [signOutError, setSignOutError] = useState<unknown>(null);
  const { outcome } = passwordChange;

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
        {outcome === 'changed' ? (
          <Notice title="Your password is changed">
            <p>Your other admin sessions were signed out.</p>
          </Notice>
        ) : null}
        {outcome === 'wrong' ? (
          <ErrorPanel title="Your current password is not correct">
            <p>Nothing was changed. Check it and try again.</p>
          </ErrorPanel>
        ) : null}
        {typeof outcome === 'object' ? (
          <ErrorPanel title="The password was not changed">
            <p>{describeError(outcome.failed)}</p>
          </ErrorPanel>
        ) : null}
        <PasswordChangeForm change={passwordChange} accountEmail={admin.email}>
          <div className="form-actions">
            <Button type="submit" variant="secondary" disabled={passwordChange.busy}>
              {passwordChange.busy && !stepUp.prompting ? 'Changing password…' : 'Change password'}
            </Button>
          </div>
        </PasswordChangeForm>
        {stepUp.prompt}
      </section>

      <AdminPasskeysSection />

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
