import { useEffect, useState } from 'react';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Loading } from '../../shared/Loading';
import type { OtpStatus } from '../../shared/otp';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { CodeForm } from '../components/CodeForm';
import { describeError, errorCode } from '../error-text';
import { afterSignInSteps, goTo, leaveTo, secondStepPath, withQuery } from '../navigation';
import { fetchOtpStatus, formatUnlockTime, verifySignInCode } from '../otp';
import { useRequestClientName } from '../request-context';
import { type Session, useSession } from '../session';

/**
 * The second step of a sign-in when two-step verification is on: a code from the authenticator app, or a backup
 * code. `?request_id=` continues an app's authorization afterwards; `?must_change_password=1` goes to the
 * password change first.
 */
export function SignInCodePage() {
  const { searchParams } = useRouter();
  const requestId = searchParams.get('request_id');
  const mustChangePassword = searchParams.get('must_change_password') === '1';
  const session = useSession();
  const signInPath = withQuery('/sign-in', { request_id: requestId });
  const { t } = useI18n();

  const pending = session.state === 'ready' && isPending(session.session);
  const done = session.state === 'ready' && session.session.authenticated && !pending;
  // Already through this step (say, Back after signing in): nothing to ask.
  useEffect(() => {
    if (done) goTo(afterSignInSteps(requestId, mustChangePassword), { replace: true });
  }, [done, requestId, mustChangePassword]);

  if (session.state === 'loading' || done) {
    return (
      <Page title={t('otp.title')}>
        <Loading />
      </Page>
    );
  }
  if (session.state === 'failed') {
    return (
      <Page title={t('otp.title')}>
        <ErrorPanel title={t('otp.failedTitle')}>
          <p>{describeError(session.error)}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (!pending || !session.session.authenticated) {
    return (
      <Page title={t('otp.title')}>
        <ErrorPanel title={t('otp.signInAgainTitle')}>
          <p>{t('otp.signInAgainText')}</p>
        </ErrorPanel>
        <p>
          <Link to={signInPath} className="link-button">
            {t('common.signIn')}
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={t('otp.title')}>
      <EnterCode
        csrfToken={session.session.csrf_token}
        email={session.session.user.email}
        requestId={requestId}
        mustChangePassword={mustChangePassword}
      />
      <ul className="link-list">
        <li>
          <Link to={signInPath}>{t('otp.otherAccount')}</Link>
        </li>
      </ul>
    </Page>
  );
}

function isPending(session: Session): boolean {
  return session.authenticated && session.second_factor_pending;
}

function EnterCode({
  csrfToken,
  email,
  requestId,
  mustChangePassword,
}: {
  csrfToken: string;
  email: string;
  requestId: string | null;
  mustChangePassword: boolean;
}) {
  const clientName = useRequestClientName(requestId);
  const [status, setStatus] = useState<OtpStatus | null>(null);
  const { t, rich } = useI18n();

  useEffect(() => {
    let current = true;
    fetchOtpStatus().then(
      (loaded) => {
        if (!current) return;
        // No authenticator yet, but the account needs one: set it up instead (same continuation).
        if (!loaded.enrolled)
          goTo(secondStepPath('enroll', requestId, mustChangePassword), { replace: true });
        else setStatus(loaded);
      },
      // The form works without it; the status only adds the lock time.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [requestId, mustChangePassword]);

  const unlockAt = status?.status === 'locked' ? formatUnlockTime(status.locked_until) : null;
  return (
    <>
      <p className="lead">
        {clientName
          ? rich('otp.enterCodeFor', { client: <strong>{clientName}</strong> })
          : t('otp.enterCode')}
      </p>
      <p className="muted">{rich('otp.passwordAccepted', { email: <strong>{email}</strong> })}</p>
      {status?.status === 'locked' ? (
        <ErrorPanel title={t('otp.lockedTitle')}>
          <p>{unlockAt ? t('otp.lockedUntil', { time: unlockAt }) : t('otp.lockedForAWhile')}</p>
        </ErrorPanel>
      ) : null}
      <CodeForm
        submitLabel={t('otp.verify')}
        busyLabel={t('otp.verifying')}
        errorTitle={t('signIn.failedTitle')}
        autoFocus
        onCode={async (code) => {
          let verified: Awaited<ReturnType<typeof verifySignInCode>>;
          try {
            verified = await verifySignInCode(code, csrfToken, requestId);
          } catch (error) {
            // Locked just now: show until when.
            if (errorCode(error) === 'otp_locked') fetchOtpStatus().then(setStatus, () => undefined);
            throw error;
          }
          // Approved with the sign-in (nothing left to ask): straight to the app.
          if (leaveTo(verified.authorizationRedirect)) return;
          goTo(afterSignInSteps(requestId, mustChangePassword));
        }}
      />
      <p className="muted">{t('otp.lostPhone', { useBackup: t('code.useBackup') })}</p>
    </>
  );
}
