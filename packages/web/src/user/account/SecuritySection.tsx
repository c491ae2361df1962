import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import type { OtpStatus } from '../../shared/otp';
import { Link } from '../../shared/router';
import { BackupCodes } from '../components/BackupCodes';
import { isStepUpCancelled, useStepUp } from '../components/StepUp';
import { describeError } from '../error-text';
import {
  describeCodeError,
  fetchOtpStatus,
  formatUnlockTime,
  regenerateBackupCodes,
  turnOffOtp,
} from '../otp';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; status: OtpStatus }
  | { state: 'failed'; error: unknown };

type Action =
  | { kind: 'idle' }
  | { kind: 'confirm-off' }
  | { kind: 'working'; what: 'codes' | 'off' }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; what: 'codes' | 'off'; error: unknown };

const SETUP_PATH = '/account/security/setup';

/**
 * Two-step verification on the account page: whether it is on, and setting it up, new backup codes, a new
 * authenticator or turning it off. The changes ask for a current code first (POST /otp/reauth) when the server
 * says so; that rotates the session, and `onCsrfToken` passes the new token to the rest of the page.
 */
export function SecuritySection({
  csrfToken,
  onCsrfToken,
}: {
  csrfToken: string;
  onCsrfToken: (csrfToken: string) => void;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [action, setAction] = useState<Action>({ kind: 'idle' });
  const stepUp = useStepUp(csrfToken, onCsrfToken);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const turnOffRef = useRef<HTMLButtonElement>(null);
  const backToTurnOff = useRef(false);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger.
  useEffect(() => {
    let current = true;
    fetchOtpStatus().then(
      (status) => current && setLoad({ state: 'ready', status }),
      (error: unknown) => current && setLoad({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [generation]);

  useEffect(() => {
    if (action.kind === 'confirm-off') confirmRef.current?.focus();
    // "Keep it on": focus returns to the button that opened the question.
    if (action.kind === 'idle' && backToTurnOff.current) {
      backToTurnOff.current = false;
      turnOffRef.current?.focus();
    }
  }, [action.kind]);

  async function newBackupCodes() {
    setAction({ kind: 'working', what: 'codes' });
    try {
      const codes = await stepUp.run((token) => regenerateBackupCodes(token));
      setAction({ kind: 'codes', codes });
    } catch (error) {
      setAction(isStepUpCancelled(error) ? { kind: 'idle' } : { kind: 'failed', what: 'codes', error });
    }
  }

  async function turnOff() {
    setAction({ kind: 'working', what: 'off' });
    try {
      await stepUp.run((token) => turnOffOtp(token));
      setAction({ kind: 'done', message: 'Two-step verification is off. Your backup codes no longer work.' });
      reload();
    } catch (error) {
      setAction(isStepUpCancelled(error) ? { kind: 'idle' } : { kind: 'failed', what: 'off', error });
    }
  }

  const heading = (
    <h2 id="security-heading" tabIndex={-1}>
      Two-step verification
    </h2>
  );

  if (action.kind === 'codes') {
    return (
      <section className="section" aria-labelledby="security-heading">
        {heading}
        <BackupCodes
          codes={action.codes}
          intro="Your new backup codes are ready. The old ones no longer work."
          continueLabel="I have saved them: done"
          onDone={() => {
            setAction({ kind: 'done', message: 'Your new backup codes are in use.' });
            reload();
          }}
        />
      </section>
    );
  }

  const working = action.kind === 'working';
  return (
    <section className="section" aria-labelledby="security-heading">
      {heading}
      {load.state === 'loading' ? <Loading>Loading…</Loading> : null}
      {load.state === 'failed' ? <p className="muted">{describeError(load.error)}</p> : null}
      {action.kind === 'done' ? (
        <Notice title="Done">
          <p>{action.message}</p>
        </Notice>
      ) : null}
      {action.kind === 'failed' ? (
        <ErrorPanel
          title={
            action.what === 'codes'
              ? 'We could not create new backup codes'
              : 'We could not turn off two-step verification'
          }
        >
          <p>{describeCodeError(action.error)}</p>
        </ErrorPanel>
      ) : null}
      {load.state === 'ready' ? (
        <>
          <StatusText status={load.status} />
          {load.status.enrolled ? (
            <>
              {action.kind === 'confirm-off' ? (
                <section className="confirm-panel" aria-labelledby="turn-off-heading">
                  <h3 id="turn-off-heading" ref={confirmRef} tabIndex={-1}>
                    Turn off two-step verification?
                  </h3>
                  <p>
                    Signing in then needs only your password, and your backup codes stop working. You can set
                    it up again at any time.
                  </p>
                  <div className="form-actions">
                    <Button className="button-destructive" onClick={turnOff}>
                      Turn off
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => {
                        backToTurnOff.current = true;
                        setAction({ kind: 'idle' });
                      }}
                    >
                      Keep it on
                    </Button>
                  </div>
                </section>
              ) : (
                <div className="form-actions">
                  <Button variant="secondary" disabled={working} onClick={newBackupCodes}>
                    {working && action.what === 'codes' && !stepUp.prompting
                      ? 'Creating codes…'
                      : 'Create new backup codes'}
                  </Button>
                  <Link to={SETUP_PATH}>Move to a new authenticator app</Link>
                  {load.status.required ? null : (
                    // A plain <button>: focus returns to it after "Keep it on".
                    <button
                      type="button"
                      ref={turnOffRef}
                      className="button button-secondary"
                      disabled={working}
                      onClick={() => setAction({ kind: 'confirm-off' })}
                    >
                      {working && action.what === 'off' && !stepUp.prompting
                        ? 'Turning off…'
                        : 'Turn off two-step verification'}
                    </button>
                  )}
                </div>
              )}
              {load.status.required ? (
                <p className="muted">Two-step verification is required for your account, so it stays on.</p>
              ) : null}
            </>
          ) : (
            <p>
              <Link to={SETUP_PATH} className="link-button">
                {load.status.status === 'pending' ? 'Continue setup' : 'Set up two-step verification'}
              </Link>
            </p>
          )}
          {stepUp.prompt}
        </>
      ) : null}
    </section>
  );
}

function StatusText({ status }: { status: OtpStatus }) {
  const remaining = status.backup_codes_remaining;
  switch (status.status) {
    case 'enabled':
    case 'locked':
      return (
        <>
          <p>
            <strong data-testid="otp-status">On.</strong> After your password, signing in asks for a code from
            your authenticator app.
          </p>
          {status.status === 'locked' ? (
            <ErrorPanel title="Codes are locked for now">
              <p>
                There were too many wrong codes, so codes are not accepted
                {formatUnlockTime(status.locked_until)
                  ? ` until ${formatUnlockTime(status.locked_until)}`
                  : ' for a while'}
                .
              </p>
            </ErrorPanel>
          ) : null}
          {remaining !== null ? (
            <p className={remaining <= 2 ? undefined : 'muted'} data-testid="backup-codes-remaining">
              {remaining === 0
                ? 'You have no unused backup codes left. Create new ones now.'
                : `${remaining} unused backup ${remaining === 1 ? 'code' : 'codes'} left.${remaining <= 2 ? ' Create new ones soon.' : ''}`}
            </p>
          ) : null}
        </>
      );
    case 'required':
      return (
        <p>
          <strong data-testid="otp-status">Required, not set up yet.</strong> Your account must use two-step
          verification: signing in asks for a code from an authenticator app after your password.
        </p>
      );
    case 'pending':
      return (
        <p>
          <strong data-testid="otp-status">Off.</strong> A setup was started but not finished.
        </p>
      );
    default:
      return (
        <p>
          <strong data-testid="otp-status">Off.</strong> Turn it on so that signing in needs a code from an
          app on your phone as well as your password: a stolen password alone is then not enough.
        </p>
      );
  }
}
