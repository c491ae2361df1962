import { useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { PasswordChangeForm } from '../../shared/PasswordChangeForm';
import { usePasswordChange } from '../../shared/use-password-change';
import { AdminLayout } from '../components/AdminLayout';
import { isStepUpCancelled, useAdminStepUp } from '../components/StepUp';
import { describeError } from '../error-text';
import { t } from '../i18n/text';
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
  const stepUp = useAdminStepUp(t('account.password.stepUp'));
  const passwordChange = usePasswordChange({
    currentPasswordError,
    change: (current, next) => stepUp.run(() => changeAdminPassword(api, current, next)),
    onChanged: setCsrfToken,
    isCancelled: isStepUpCancelled,
  });
  const [signOutError, setSignOutError] = useState<unknown>(null);
  const { outcome } = passwordChange;

  return (
    <AdminLayout title={t('account.title')}>
      <dl className="summary-list">
        <div>
          <dt>{t('account.email')}</dt>
          <dd>{admin.email}</dd>
        </div>
        <div>
          <dt>{t('account.name')}</dt>
          <dd>{admin.name || '—'}</dd>
        </div>
        <div>
          <dt>{t('account.role')}</dt>
          <dd>{admin.role === 'write' ? t('account.role.write') : t('account.role.read')}</dd>
        </div>
      </dl>

      <section className="section" aria-labelledby="password-heading">
        <h2 id="password-heading">{t('account.password.heading')}</h2>
        {outcome === 'changed' ? (
          <Notice title={t('account.password.changed.title')}>
            <p>{t('account.password.changed.body')}</p>
          </Notice>
        ) : null}
        {outcome === 'wrong' ? (
          <ErrorPanel title={t('account.password.wrong.title')}>
            <p>{t('account.password.wrong.body')}</p>
          </ErrorPanel>
        ) : null}
        {typeof outcome === 'object' ? (
          <ErrorPanel title={t('account.password.failed')}>
            <p>{describeError(outcome.failed)}</p>
          </ErrorPanel>
        ) : null}
        <PasswordChangeForm change={passwordChange} accountEmail={admin.email}>
          <div className="form-actions">
            <Button type="submit" variant="secondary" disabled={passwordChange.busy}>
              {passwordChange.busy && !stepUp.prompting
                ? t('account.password.changing')
                : t('account.password.change')}
            </Button>
          </div>
        </PasswordChangeForm>
        {stepUp.prompt}
      </section>

      <AdminPasskeysSection />

      <section className="section" aria-labelledby="sign-out-heading">
        <h2 id="sign-out-heading">{t('account.signOut.heading')}</h2>
        <p>{t('account.signOut.body')}</p>
        {signOutError ? (
          <ErrorPanel title={t('account.signOut.failed')}>
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
          {t('account.signOut.submit')}
        </Button>
      </section>
    </AdminLayout>
  );
}
