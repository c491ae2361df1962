import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Loading } from '../../shared/Loading';
import { groupSecret, type OtpSetup, type OtpStatus } from '../../shared/otp';
import { Page } from '../../shared/Page';
import { QrCode } from '../../shared/QrCode';
import { Link, useRouter } from '../../shared/router';
import { BackupCodes } from '../components/BackupCodes';
import { CodeForm } from '../components/CodeForm';
import { isStepUpCancelled, useStepUp } from '../components/StepUp';
import { describeError } from '../error-text';
import { afterSignInSteps, goTo, secondStepPath, withQuery } from '../navigation';
import { confirmOtpSetup, describeCodeError, fetchOtpStatus, startOtpSetup } from '../otp';
import { useRequestClientName } from '../request-context';
import { useSession } from '../session';

/**
 * Turns on two-step verification (TOTP): a setup key for the authenticator app, the first code to prove it works,
 * then the backup codes, shown once. Reached from the account page, or right after the password when the account
 * must have it (`?request_id=` then continues the app's authorization, `?must_change_password=1` the forced
 * password change). With an authenticator already set up, it replaces it (after a current code).
 */
export function SecuritySetupPage() {
  const { searchParams } = useRouter();
  const requestId = searchParams.get('request_id');
  const mustChangePassword = searchParams.get('must_change_password') === '1';
  const session = useSession();
  const [status, setStatus] = useState<OtpStatus | { failed: unknown } | null>(null);
  const signedIn = session.state === 'ready' && session.session.authenticated;
  const duringSignIn =
    session.state === 'ready' && session.session.authenticated && session.session.second_factor_pending;
  const { t } = useI18n();
  const TITLE = t('security.setUp');

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    fetchOtpStatus().then(
      (loaded) => {
        if (!current) return;
        // Already set up and still signing in: this sign-in needs the code, not a new set-up.
        if (duringSignIn && loaded.enrolled)
          goTo(secondStepPath('verify', requestId, mustChangePassword), { replace: true });
        else setStatus(loaded);
      },
      (failed: unknown) => current && setStatus({ failed }),
    );
    return () => {
      current = false;
    };
  }, [signedIn, duringSignIn, requestId, mustChangePassword]);

  if (session.state === 'failed') {
    return (
      <Page title={TITLE}>
        <ErrorPanel title={t('account.loadFailed')}>
          <p>{describeError(session.error)}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (session.state === 'ready' && !session.session.authenticated) {
    return (
      <Page title={TITLE}>
        <p>{t('setup.signInFirst')}</p>
        <p>
          <Link to={withQuery('/sign-in', { request_id: requestId })} className="link-button">
            {t('common.signIn')}
          </Link>
        </p>
      </Page>
    );
  }
  if (session.state === 'loading' || !session.session.authenticated || status === null) {
    return (
      <Page title={TITLE}>
        <Loading />
      </Page>
    );
  }
  if ('failed' in status) {
    return (
      <Page title={TITLE}>
        <ErrorPanel title={t('setup.loadFailed')}>
          <p>{describeError(status.failed)}</p>
        </ErrorPanel>
      </Page>
    );
  }
  const continueTo =
    duringSignIn || requestId || mustChangePassword
      ? afterSignInSteps(requestId, mustChangePassword)
      : '/account';
  return (
    <Page title={TITLE}>
      <Setup
        initialCsrfToken={session.session.csrf_token}
        duringSignIn={duringSignIn}
        status={status}
        requestId={requestId}
        onFinished={() => goTo(continueTo)}
      />
      {duringSignIn ? (
        <ul className="link-list">
          <li>
            <Link to={withQuery('/sign-in', { request_id: requestId })}>{t('otp.otherAccount')}</Link>
          </li>
        </ul>
      ) : null}
    </Page>
  );
}

type Step = { step: 'intro' } | { step: 'key'; setup: OtpSetup } | { step: 'codes'; codes: string[] };

function Setup({
  initialCsrfToken,
  duringSignIn,
  status,
  requestId,
  onFinished,
}: {
  initialCsrfToken: string;
  duringSignIn: boolean;
  status: OtpStatus;
  requestId: string | null;
  onFinished: () => void;
}) {
  // Step-up and a set-up that finishes a sign-in rotate the session, and with it the CSRF token.
  const [csrfToken, setCsrfToken] = useState(initialCsrfToken);
  const onCsrfToken = useCallback((token: string) => setCsrfToken(token), []);
  const stepUp = useStepUp(csrfToken, onCsrfToken);
  const [step, setStep] = useState<Step>({ step: 'intro' });
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const clientName = useRequestClientName(duringSignIn ? requestId : null);
  const { t, rich } = useI18n();

  async function start() {
    if (starting) return;
    setStarting(true);
    setStartError(null);
    try {
      const setup = await stepUp.run((token) => startOtpSetup(token));
      setStep({ step: 'key', setup });
    } catch (error) {
      if (!isStepUpCancelled(error)) setStartError(error);
    } finally {
      setStarting(false);
    }
  }

  if (step.step === 'codes') {
    return (
      <BackupCodes
        codes={step.codes}
        intro={t('setup.isOn')}
        continueLabel={duringSignIn || requestId ? t('setup.savedContinue') : t('security.savedDone')}
        onDone={onFinished}
      />
    );
  }

  if (step.step === 'key') {
    return (
      <SetupKey
        setup={step.setup}
        onCode={async (code) => {
          const result = await confirmOtpSetup(code, csrfToken);
          if (result.csrf_token) setCsrfToken(result.csrf_token);
          setStep({ step: 'codes', codes: result.backup_codes });
        }}
        onRestart={() => setStep({ step: 'intro' })}
      />
    );
  }

  return (
    <>
      {duringSignIn || (status.required && !status.enrolled) ? (
        <p className="lead">
          {t('setup.mustUse')}{' '}
          {duringSignIn
            ? clientName
              ? rich('setup.finishSigningInTo', { client: <strong>{clientName}</strong> })
              : t('setup.finishSigningIn')
            : t('setup.toContinue')}
        </p>
      ) : (
        <p className="lead">{t('setup.why')}</p>
      )}
      <p>{t('setup.needApp')}</p>
      {status.enrolled ? (
        <ErrorPanel title={t('setup.replacesTitle')}>
          <p>{t('setup.replacesText')}</p>
        </ErrorPanel>
      ) : null}
      {startError ? (
        <ErrorPanel title={t('setup.startFailed')}>
          <p>{describeCodeError(startError)}</p>
        </ErrorPanel>
      ) : null}
      <div className="form-actions">
        <Button onClick={start} disabled={starting}>
          {starting ? (stepUp.prompting ? t('setup.waitingForCode') : t('setup.starting')) : t('setup.start')}
        </Button>
        {duringSignIn ? null : <Link to="/account">{t('common.cancel')}</Link>}
      </div>
      {stepUp.prompt}
    </>
  );
}

/**
 * Step 2: the key for the app (as a QR code to scan, as a link for an app on this device, and as text to type:
 * a phone cannot scan its own screen), then its first code.
 */
function SetupKey({
  setup,
  onCode,
  onRestart,
}: {
  setup: OtpSetup;
  onCode: (code: string) => Promise<void>;
  onRestart: () => void;
}) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const { t, rich } = useI18n();
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  function copyKey() {
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) {
      setCopied('failed');
      return;
    }
    clipboard.writeText(setup.secret).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  }

  const standard = setup.algorithm === 'SHA1' && setup.digits === 6 && setup.period === 30;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {t('setup.keyTitle')}
      </h2>
      <ol className="otp-steps">
        <li>
          <p>{t('setup.scan')}</p>
          <QrCode text={setup.otpauth_uri} label={t('setup.qrLabel')} />
          <p>
            {rich('setup.openOrType', {
              link: (
                <a href={setup.otpauth_uri} data-testid="otpauth-link">
                  {t('setup.openInApp')}
                </a>
              ),
            })}
          </p>
          <div className="field">
            <label htmlFor={`${id}-key`}>{t('setup.key')}</label>
            <p id={`${id}-key-hint`} className="field-hint">
              {t('setup.keyHint')}{' '}
              {standard
                ? t('setup.keyStandard')
                : t('setup.keyCustom', {
                    algorithm: setup.algorithm,
                    digits: setup.digits,
                    period: setup.period,
                  })}
            </p>
            {/* A read-only text area, so the key wraps on a narrow phone instead of scrolling out of sight. */}
            <textarea
              id={`${id}-key`}
              className="otp-secret"
              readOnly
              rows={2}
              value={groupSecret(setup.secret)}
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="off"
              aria-describedby={`${id}-key-hint`}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="form-actions">
            <Button variant="secondary" onClick={copyKey}>
              {t('setup.copyKey')}
            </Button>
            <span role="status" className="muted">
              {copied === 'copied' ? t('backupCodes.copied') : null}
              {copied === 'failed' ? t('setup.copyFailed') : null}
            </span>
          </div>
        </li>
        <li>
          <p>{t('setup.enterCode')}</p>
          <CodeForm
            allowBackup={false}
            submitLabel={t('setup.turnOn')}
            busyLabel={t('common.checking')}
            totpHint={t('setup.codeHint', { digits: setup.digits, period: setup.period })}
            onCode={onCode}
          >
            <Button variant="secondary" onClick={onRestart}>
              {t('setup.startAgain')}
            </Button>
          </CodeForm>
        </li>
      </ol>
    </section>
  );
}
