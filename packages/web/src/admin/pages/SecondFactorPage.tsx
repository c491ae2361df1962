import { useEffect, useRef, useState } from 'react';
import type { AdminApiResponse } from '../../shared/api-types/admin-api';
import { Button } from '../../shared/Button';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { groupSecret, type OtpSetup } from '../../shared/otp';
import { Page } from '../../shared/Page';
import { QrCode } from '../../shared/QrCode';
import { PORTAL_NAME } from '../components/AdminLayout';
import { CodeForm } from '../components/CodeForm';
import { describeError } from '../error-text';
import { type SecondFactorMode, useAdminApi, useSession } from '../session';

/**
 * The second step of an admin sign-in: a code from the admin's authenticator app (or a backup code), or, for an
 * admin who has none yet and must have one, setting one up (key shown for the app as a QR code and as text, first
 * code checked, backup codes shown once).
 */
export function SecondFactorPage() {
  const { state, signedOut } = useSession();
  const api = useAdminApi();
  const known = state.status === 'second_factor' ? state.mode : null;
  const [mode, setMode] = useState<SecondFactorMode | null>(known);
  const [modeError, setModeError] = useState<unknown>(null);

  useEffect(() => {
    if (mode) return;
    let current = true;
    api.get<AdminApiResponse<'GET /admin/otp/status'>>('/admin/otp/status').then(
      (status) => current && setMode(status.enrolled ? 'verify' : 'enroll'),
      (error: unknown) => current && setModeError(error),
    );
    return () => {
      current = false;
    };
  }, [api, mode]);

  const signOut = () => {
    // A session that still owes its second factor may not be able to sign out on the server; forget it here.
    api.post('/admin/logout').then(signedOut, signedOut);
  };

  const title = mode === 'enroll' ? 'Set up two-step verification' : 'Two-step verification';
  return (
    <Page title={title} siteName={PORTAL_NAME}>
      {mode === 'verify' ? <VerifyCode /> : null}
      {mode === 'enroll' ? <Enrol /> : null}
      {!mode && modeError ? (
        <ErrorPanel title="The second step could not start">
          <p>{describeError(modeError)}</p>
        </ErrorPanel>
      ) : null}
      {!mode && !modeError ? <Loading /> : null}
      <p className="section">
        <Button variant="secondary" onClick={signOut}>
          Cancel and sign out
        </Button>
      </p>
    </Page>
  );
}

function VerifyCode() {
  const api = useAdminApi();
  const { secondFactorDone } = useSession();
  return (
    <>
      <p className="lead">Enter the code your authenticator app shows for this admin account.</p>
      <CodeForm
        label="Code"
        hint="6 or 8 digits from the app. Lost your phone? Enter one of your backup codes instead."
        submitLabel="Verify"
        busyLabel="Verifying…"
        onCode={async (code) => {
          const result = await api.post<AdminApiResponse<'POST /admin/otp/verify'>>('/admin/otp/verify', {
            code,
          });
          secondFactorDone(result.csrf_token);
        }}
      />
    </>
  );
}

function Enrol() {
  const api = useAdminApi();
  const { secondFactorDone, refresh } = useSession();
  const [setup, setSetup] = useState<OtpSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const [done, setDone] = useState<{ backupCodes: string[]; csrfToken: string | null } | null>(null);
  const stepRef = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step.
  useEffect(() => {
    stepRef.current?.focus();
  }, [setup, done]);

  async function start() {
    setStarting(true);
    setStartError(null);
    try {
      setSetup(await api.post<OtpSetup>('/admin/otp/setup/init', {}));
    } catch (error) {
      setStartError(error);
    } finally {
      setStarting(false);
    }
  }

  if (done) {
    return (
      <section aria-labelledby="backup-heading">
        <h2 id="backup-heading" ref={stepRef} tabIndex={-1}>
          Save your backup codes
        </h2>
        <p>
          Two-step verification is on. <strong>These backup codes are shown only now.</strong> Each works
          once, instead of a code from the app, if you lose your phone. Store them somewhere safe, like a
          password manager.
        </p>
        <ul className="backup-codes" data-testid="backup-codes">
          {done.backupCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <Button
          onClick={() => {
            if (done.csrfToken) secondFactorDone(done.csrfToken);
            else refresh();
          }}
        >
          I have saved them: continue
        </Button>
      </section>
    );
  }

  if (!setup) {
    return (
      <>
        <p className="lead">
          Admin accounts need a second step at sign-in: a code from an authenticator app on your phone (any
          app that supports TOTP).
        </p>
        {startError ? (
          <ErrorPanel title="The setup could not start">
            <p>{describeError(startError)}</p>
          </ErrorPanel>
        ) : null}
        <Button onClick={start} disabled={starting}>
          {starting ? 'Starting…' : 'Start setup'}
        </Button>
      </>
    );
  }

  return (
    <section aria-labelledby="enrol-heading">
      <h2 id="enrol-heading" ref={stepRef} tabIndex={-1}>
        Add this account to your authenticator app
      </h2>
      <ol className="step-list">
        <li>
          In the app, choose to add an account, then scan this QR code.
          <QrCode text={setup.otpauth_uri} label="QR code for your authenticator app" />
          <a href={setup.otpauth_uri}>On this device, open it in the app directly.</a>
        </li>
        <li>
          If you cannot scan it, choose to enter a setup key in the app instead, and enter this key (spaces do
          not matter). The app should use {setup.algorithm}, {setup.digits} digits and a {setup.period}-second
          period; most apps assume these.
          <div className="field">
            <label htmlFor="totp-setup-key">Setup key</label>
            <input
              id="totp-setup-key"
              className="secret-value"
              type="text"
              readOnly
              value={groupSecret(setup.secret)}
              spellCheck={false}
              autoComplete="off"
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        </li>
        <li>Enter the code the app now shows.</li>
      </ol>
      <CodeForm
        label="Code from the app"
        hint="6 or 8 digits; a new one appears every few seconds."
        submitLabel="Turn on two-step verification"
        busyLabel="Checking…"
        onCode={async (code) => {
          const result = await api.post<AdminApiResponse<'POST /admin/otp/setup/verify'>>(
            '/admin/otp/setup/verify',
            { code },
          );
          setDone({ backupCodes: result.backup_codes, csrfToken: result.csrf_token ?? null });
        }}
      />
    </section>
  );
}
