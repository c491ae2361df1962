import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { describeError, errorCode } from '../error-text';
import { afterSignInSteps, goTo, leaveTo, secondStepPath } from '../navigation';
import { holdPasskeySecret } from '../zk/passkey-secret';
import { forgetSignInSecret } from '../zk/sign-in-secret';
import { signInWithPasskey } from './webauthn';

/** The browser's answer when the user dismissed the passkey prompt (or it timed out): not an error to explain. */
const isCancelled = (error: unknown) => error instanceof Error && error.name === 'NotAllowedError';

/**
 * "Sign in with a passkey" on the sign-in page. With no (valid) email typed, any passkey of this site; once an
 * email address is typed, email-first: only a passkey of that account can sign in (the options are the same
 * whether it exists, docs/users.md). What it can unlock is held
 * in this page's memory (`zk/passkey-secret.ts`) for the key unlock of a ZK app's authorization; then the sign-in
 * continues like a password sign-in (the second step, if a passkey without user verification leaves one owed).
 */
export function PasskeySignIn({ requestId, email }: { requestId: string | null; email: string | null }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const { t } = useI18n();
  if (!browserSupportsWebAuthn()) return null;

  async function start() {
    setBusy(true);
    setProblem(null);
    let leaving = false;
    try {
      const { result, prfOutput } = await signInWithPasskey(email, requestId);
      forgetSignInSecret();
      await holdPasskeySecret(result.prf?.credential_id ?? null, prfOutput);
      // Approved with the sign-in (consent remembered, nothing to ask): straight to the app.
      // Stays busy while the browser leaves.
      leaving = leaveTo(result.authorization?.redirect_uri ?? null);
      if (leaving) return;
      goTo(
        result.second_factor
          ? secondStepPath(result.second_factor, requestId, result.must_change_password)
          : afterSignInSteps(requestId, result.must_change_password),
      );
    } catch (error) {
      if (!isCancelled(error)) setProblem(error);
    } finally {
      if (!leaving) setBusy(false);
    }
  }

  return (
    <div className="passkey-sign-in">
      {problem ? (
        <ErrorPanel title={t('passkey.failedTitle')}>
          <p>
            {errorCode(problem) !== 'passkey_rejected'
              ? describeError(problem)
              : email
                ? t('passkey.rejectedFor', { email })
                : t('passkey.rejected')}
          </p>
        </ErrorPanel>
      ) : null}
      <Button variant="secondary" onClick={start} disabled={busy}>
        {busy ? t('passkey.waiting') : t('passkey.signIn')}
      </Button>
    </div>
  );
}
