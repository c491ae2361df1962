import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
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
  const { t } = useI18n();

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
      setAction({ kind: 'done', message: t('security.turnedOff') });
      reload();
    } catch (error) {
      setAction(isStepUpCancelled(error) ? { kind: 'idle' } : { kind: 'failed', what: 'off', error });
    }
  }

  const heading = (
    <h2 id="security-heading" tabIndex={-1}>
      {t('otp.title')}
    </h2>
  );

  if (action.kind === 'codes') {
    return (
      <section className="section" aria-labelledby="security-heading">
        {heading}
        <BackupCodes
          codes={action.codes}
          intro={t('security.newCodesReady')}
          continueLabel={t('security.savedDone')}
          onDone={() => {
            setAction({ kind: 'done', message: t('security.newCodesInUse') });
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
      {load.state === 'loading' ? <Loading>{t('common.loading')}</Loading> : null}
      {load.state === 'failed' ? <p className="muted">{describeError(load.error)}</p> : null}
      {action.kind === 'done' ? (
        <Notice title={t('security.done')}>
          <p>{action.message}</p>
        </Notice>
      ) : null}
      {action.kind === 'failed' ? (
        <ErrorPanel title={action.what === 'codes' ? t('security.codesFailed') : t('security.turnOffFailed')}>
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
                    {t('security.turnOffQuestion')}
                  </h3>
                  <p>{t('security.turnOffText')}</p>
                  <div className="form-actions">
                    <Button className="button-destructive" onClick={turnOff}>
                      {t('security.turnOffConfirm')}
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => {
                        backToTurnOff.current = true;
                        setAction({ kind: 'idle' });
                      }}
                    >
                      {t('security.keepOn')}
                    </Button>
                  </div>
                </section>
              ) : (
                <div className="form-actions">
                  <Button variant="secondary" disabled={working} onClick={newBackupCodes}>
                    {working && action.what === 'codes' && !stepUp.prompting
                      ? t('security.creatingCodes')
                      : t('security.createCodes')}
                  </Button>
                  <Link to={SETUP_PATH}>{t('security.newAuthenticator')}</Link>
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
                        ? t('security.turningOff')
                        : t('security.turnOff')}
                    </button>
                  )}
                </div>
              )}
              {load.status.required ? <p className="muted">{t('security.requiredStaysOn')}</p> : null}
            </>
          ) : (
            <p>
              <Link to={SETUP_PATH} className="link-button">
                {load.status.status === 'pending' ? t('security.continueSetup') : t('security.setUp')}
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
  const { t } = useI18n();
  const until = formatUnlockTime(status.locked_until);
  switch (status.status) {
    case 'enabled':
    case 'locked':
      return (
        <>
          <p>
            <strong data-testid="otp-status">{t('security.status.on')}</strong> {t('security.status.onText')}
          </p>
          {status.status === 'locked' ? (
            <ErrorPanel title={t('security.lockedTitle')}>
              <p>{until ? t('security.lockedUntil', { time: until }) : t('security.lockedForAWhile')}</p>
            </ErrorPanel>
          ) : null}
          {remaining !== null ? (
            <p className={remaining <= 2 ? undefined : 'muted'} data-testid="backup-codes-remaining">
              {remaining === 0 ? t('security.noCodesLeft') : t('security.codesLeft', { count: remaining })}
              {remaining > 0 && remaining <= 2 ? ` ${t('security.createSoon')}` : null}
            </p>
          ) : null}
        </>
      );
    case 'required':
      return (
        <p>
          <strong data-testid="otp-status">{t('security.status.required')}</strong>{' '}
          {t('security.status.requiredText')}
        </p>
      );
    case 'pending':
      return (
        <p>
          <strong data-testid="otp-status">{t('security.status.off')}</strong>{' '}
          {t('security.status.pendingText')}
        </p>
      );
    default:
      return (
        <p>
          <strong data-testid="otp-status">{t('security.status.off')}</strong> {t('security.status.offText')}
        </p>
      );
  }
}
