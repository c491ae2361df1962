import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { describeError } from '../error-text';
import { t } from '../i18n/text';
import { useSession } from '../session';
import { signInWithAdminPasskey } from './admin-webauthn';

/**
 * "Sign in with a passkey" on the admin sign-in page: a discoverable passkey the admin registered on their account
 * page. One that did not verify the admin (no PIN or biometrics) leaves the TOTP step owed, as a password does.
 */
export function AdminPasskeySignIn() {
  const { signedIn } = useSession();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  if (!browserSupportsWebAuthn()) return null;

  async function start() {
    setBusy(true);
    setProblem(null);
    try {
      const result = await signInWithAdminPasskey();
      signedIn(result.admin, result.csrf_token, result.second_factor_required, result.second_factor);
    } catch (error) {
      // Dismissing the browser's prompt is not an error to explain.
      if (!(error instanceof Error && error.name === 'NotAllowedError')) setProblem(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="passkey-sign-in">
      {problem ? (
        <ErrorPanel title={t('sign-in.passkey.failed')}>
          <p>{describeError(problem)}</p>
        </ErrorPanel>
      ) : null}
      <Button variant="secondary" onClick={start} disabled={busy}>
        {busy ? t('sign-in.passkey.waiting') : t('sign-in.passkey.start')}
      </Button>
    </div>
  );
}
