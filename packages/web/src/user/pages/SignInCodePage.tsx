import { useEffect, useState } from 'react';
import { ErrorPanel } from '../../shared/ErrorPanel';
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

const TITLE = 'Two-step verification';

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

  const pending = session.state === 'ready' && isPending(session.session);
  const done = session.state === 'ready' && session.session.authenticated && !pending;
  // Already through this step (say, Back after signing in): nothing to ask.
  useEffect(() => {
    if (done) goTo(afterSignInSteps(requestId, mustChangePassword), { replace: true });
  }, [done, requestId, mustChangePassword]);

  if (session.state === 'loading' || done) {
    return (
      <Page title={TITLE}>
        <Loading />
      </Page>
    );
  }
  if (session.state === 'failed') {
    return (
      <Page title={TITLE}>
        <ErrorPanel title="We could not continue signing in">
          <p>{describeError(session.error)}</p>
        </ErrorPanel>
      </Page>
    );
  }
  if (!pending || !session.session.authenticated) {
    return (
      <Page title={TITLE}>
        <ErrorPanel title="Sign in again">
          <p>This sign-in has ended or expired. Start again with your email address and password.</p>
        </ErrorPanel>
        <p>
          <Link to={signInPath} className="link-button">
            Sign in
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={TITLE}>
      <EnterCode
        csrfToken={session.session.csrf_token}
        email={session.session.user.email}
        requestId={requestId}
        mustChangePassword={mustChangePassword}
      />
      <ul className="link-list">
        <li>
          <Link to={signInPath}>Sign in with another account</Link>
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
        Enter the code from your authenticator app to finish signing in
        {clientName ? (
          <>
            {' '}
            to <strong>{clientName}</strong>
          </>
        ) : null}
        .
      </p>
      <p className="muted">
        Password accepted for <strong>{email}</strong>.
      </p>
      {status?.status === 'locked' ? (
        <ErrorPanel title="Two-step verification is locked">
          <p>
            There were too many wrong codes, so codes are not accepted
            {unlockAt ? ` until ${unlockAt}` : ' for a while'}. Try again then, or ask your administrator to
            unlock it.
          </p>
        </ErrorPanel>
      ) : null}
      <CodeForm
        submitLabel="Verify"
        busyLabel="Verifying…"
        errorTitle="We could not sign you in"
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
      <p className="muted">
        Lost your phone? Choose “Use a backup code instead” and enter one of the backup codes you saved.
      </p>
    </>
  );
}
