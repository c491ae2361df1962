import { useState } from 'react';
import { api } from '../../shared/api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { describeError, errorCode } from '../error-text';
import { goTo } from '../navigation';
import { csrfHeaders } from '../session';
import { forgetPasskeySecret } from '../zk/passkey-secret';
import { forgetSignInSecret } from '../zk/sign-in-secret';

/**
 * Signs out of this browser, then shows the signed-out page: POST /logout with the CSRF token, the first-party
 * sign-out, which ends the session on the server and clears its cookie at once (no confirmation step; this button
 * is the confirmation).
 */
export function SignOutButton({ csrfToken, label }: { csrfToken: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'working' | { failed: unknown }>('idle');
  const { t } = useI18n();
  return (
    <>
      {typeof state === 'object' ? (
        <ErrorPanel title={t('signOut.failed')}>
          <p>{describeError(state.failed)}</p>
        </ErrorPanel>
      ) : null}
      <Button
        variant="secondary"
        disabled={state === 'working'}
        onClick={() => {
          setState('working');
          // The sign-in's export key goes with the session (docs/zk.md §3.1).
          forgetSignInSecret();
          forgetPasskeySecret();
          api.post('/logout', undefined, { headers: csrfHeaders(csrfToken) }).then(
            () => goTo('/logout?status=signed-out', { replace: true }),
            (failed: unknown) => {
              // Already signed out (elsewhere, or the session expired): that is what was asked for.
              if (errorCode(failed) === 'not_signed_in') goTo('/logout?status=signed-out', { replace: true });
              else setState({ failed });
            },
          );
        }}
      >
        {state === 'working' ? t('signOut.working') : (label ?? t('signOut.button'))}
      </Button>
    </>
  );
}
