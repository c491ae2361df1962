import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
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

const TITLE = 'Set up two-step verification';

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
        <ErrorPanel title="We could not load your account">
          <p>{describeError(session.error)}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (session.state === 'ready' && !session.session.authenticated) {
    return (
      <Page title={TITLE}>
        <p>Sign in first to set up two-step verification.</p>
        <p>
          <Link to={withQuery('/sign-in', { request_id: requestId })} className="link-button">
            Sign in
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
        <ErrorPanel title="We could not load your two-step verification settings">
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
            <Link to={withQuery('/sign-in', { request_id: requestId })}>Sign in with another account</Link>
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
        intro="Two-step verification is on. From now on you enter a code from your authenticator app after your password."
        continueLabel={duringSignIn || requestId ? 'I have saved them: continue' : 'I have saved them: done'}
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
          Your account must use two-step verification.{' '}
          {duringSignIn ? (
            <>
              Set it up now to finish signing in
              {clientName ? (
                <>
                  {' '}
                  to <strong>{clientName}</strong>
                </>
              ) : null}
              .
            </>
          ) : (
            'Set it up now to continue.'
          )}
        </p>
      ) : (
        <p className="lead">
          With two-step verification, signing in needs your password and a code from an app on your phone, so
          a stolen password alone is not enough.
        </p>
      )}
      <p>
        You need an authenticator app that supports time-based codes (TOTP), for example the one built into
        your password manager, or any authenticator app from your phone’s app store.
      </p>
      {status.enrolled ? (
        <ErrorPanel title="This replaces your current authenticator">
          <p>
            Two-step verification is already on. Setting it up again moves it to a new authenticator app: the
            old one and your old backup codes stop working once the new one is confirmed. You will first be
            asked for a current code.
          </p>
        </ErrorPanel>
      ) : null}
      {startError ? (
        <ErrorPanel title="The setup could not start">
          <p>{describeCodeError(startError)}</p>
        </ErrorPanel>
      ) : null}
      <div className="form-actions">
        <Button onClick={start} disabled={starting}>
          {starting ? (stepUp.prompting ? 'Waiting for your code…' : 'Starting…') : 'Start setup'}
        </Button>
        {duringSignIn ? null : <Link to="/account">Cancel</Link>}
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
        Add your account to the authenticator app
      </h2>
      <ol className="otp-steps">
        <li>
          <p>In the authenticator app on your phone, choose to add an account, then scan this QR code.</p>
          <QrCode text={setup.otpauth_uri} label="QR code for your authenticator app" />
          <p>
            If the app is on this device, you can{' '}
            <a href={setup.otpauth_uri} data-testid="otpauth-link">
              Open in authenticator app
            </a>
            . If you cannot scan the code, choose to enter a setup key in the app instead, and type the key
            below.
          </p>
          <div className="field">
            <label htmlFor={`${id}-key`}>Setup key</label>
            <p id={`${id}-key-hint`} className="field-hint">
              Letters and digits in groups of four; the spaces do not matter.
              {standard
                ? ' Time-based, 6 digits, every 30 seconds: the settings most apps use by themselves.'
                : ` Choose time-based, ${setup.algorithm}, ${setup.digits} digits, every ${setup.period} seconds in the app.`}
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
              Copy setup key
            </Button>
            <span role="status" className="muted">
              {copied === 'copied' ? 'Copied to the clipboard.' : null}
              {copied === 'failed' ? 'Copying is not possible here: select the key and copy it.' : null}
            </span>
          </div>
        </li>
        <li>
          <p>Enter the code the app now shows for this account, to check that everything works.</p>
          <CodeForm
            allowBackup={false}
            submitLabel="Turn on two-step verification"
            busyLabel="Checking…"
            totpHint={`The ${setup.digits}-digit code the app shows now; a new one appears every ${setup.period} seconds.`}
            onCode={onCode}
          >
            <Button variant="secondary" onClick={onRestart}>
              Start again
            </Button>
          </CodeForm>
        </li>
      </ol>
    </section>
  );
}
