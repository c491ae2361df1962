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
import { t } from '../i18n/text';
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

  const title = mode === 'enroll' ? t('second-factor.title.enroll') : t('second-factor.title.verify');
  return (
    <Page title={title} siteName={PORTAL_NAME}>
      {mode === 'verify' ? <VerifyCode /> : null}
      {mode === 'enroll' ? <Enrol /> : null}
      {!mode && modeError ? (
        <ErrorPanel title={t('second-factor.startFailed')}>
          <p>{describeError(modeError)}</p>
        </ErrorPanel>
      ) : null}
      {!mode && !modeError ? <Loading /> : null}
      <p className="section">
        <Button variant="secondary" onClick={signOut}>
          {t('second-factor.cancel')}
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
      <p className="lead">{t('second-factor.verify.lead')}</p>
      <CodeForm
        label={t('layout.code.label')}
        hint={t('second-factor.verify.hint')}
        submitLabel={t('second-factor.verify.submit')}
        busyLabel={t('second-factor.verify.busy')}
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
          {t('second-factor.backup.heading')}
        </h2>
        <p>
          {t('second-factor.backup.on')} <strong>{t('second-factor.backup.onlyNow')}</strong>{' '}
          {t('second-factor.backup.advice')}
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
          {t('second-factor.backup.continue')}
        </Button>
      </section>
    );
  }

  if (!setup) {
    return (
      <>
        <p className="lead">{t('second-factor.enroll.lead')}</p>
        {startError ? (
          <ErrorPanel title={t('second-factor.enroll.startFailed')}>
            <p>{describeError(startError)}</p>
          </ErrorPanel>
        ) : null}
        <Button onClick={start} disabled={starting}>
          {starting ? t('second-factor.enroll.starting') : t('second-factor.enroll.start')}
        </Button>
      </>
    );
  }

  return (
    <section aria-labelledby="enrol-heading">
      <h2 id="enrol-heading" ref={stepRef} tabIndex={-1}>
        {t('second-factor.enroll.heading')}
      </h2>
      <ol className="step-list">
        <li>
          {t('second-factor.enroll.scan')}
          <QrCode text={setup.otpauth_uri} label={t('second-factor.enroll.qrLabel')} />
          <a href={setup.otpauth_uri}>{t('second-factor.enroll.openHere')}</a>
        </li>
        <li>
          {t('second-factor.enroll.enterKey', {
            algorithm: setup.algorithm,
            digits: String(setup.digits),
            period: String(setup.period),
          })}
          <div className="field">
            <label htmlFor="totp-setup-key">{t('second-factor.enroll.keyLabel')}</label>
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
        <li>{t('second-factor.enroll.enterCode')}</li>
      </ol>
      <CodeForm
        label={t('second-factor.enroll.codeLabel')}
        hint={t('second-factor.enroll.codeHint')}
        submitLabel={t('second-factor.enroll.submit')}
        busyLabel={t('second-factor.enroll.checking')}
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
