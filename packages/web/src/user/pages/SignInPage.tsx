import { useEffect, useState } from 'react';
import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { useI18n } from '../../shared/i18n/I18n';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { type SignInAttempt, SignInForm } from '../../shared/SignInForm';
import { ResendVerification } from '../components/ResendVerification';
import { describeError, errorCode } from '../error-text';
import { OrganizationSignIn } from '../federation/OrganizationSignIn';
import { federatedStartUrl } from '../federation/route';
import {
  afterSignInSteps,
  goTo,
  leaveTo,
  RETURN_TO,
  safeReturnTo,
  secondStepPath,
  withQuery,
} from '../navigation';
import { preloadOpaque, signIn } from '../opaque-flows';
import { PasskeySignIn } from '../passkeys/PasskeySignIn';
import { currentPasswordError, emailError } from '../validation';
import { forgetPasskeySecret } from '../zk/passkey-secret';

interface RequestContext {
  clientName: string;
  loginHint: string | null;
}

type Problem =
  | { kind: 'invalid_credentials' }
  | { kind: 'email_not_verified'; email: string }
  | { kind: 'other'; error: unknown };

/**
 * Email and password sign-in (OPAQUE: the password never leaves the browser). With `?request_id=` it continues
 * an app's authorization request afterwards; with `?return_to=/ui/…` it returns to that page of this UI (an
 * invitation, say); otherwise it opens the account page.
 */
export function SignInPage() {
  const { searchParams } = useRouter();
  const requestId = searchParams.get('request_id');
  const returnTo = safeReturnTo(searchParams.get(RETURN_TO));
  const [requestContext, setRequestContext] = useState<RequestContext | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [typedEmail, setTypedEmail] = useState('');
  const { t, rich } = useI18n();

  useEffect(preloadOpaque, []);

  // Name the app being signed in to, and take the email it suggested (login_hint) when there is one.
  useEffect(() => {
    if (!requestId) return;
    let current = true;
    api
      .get<PublicApiResponse<'GET /api/user/authorization-requests/{requestId}'>>(
        `/api/user/authorization-requests/${encodeURIComponent(requestId)}`,
      )
      .then(
        (view) => {
          if (!current) return;
          setRequestContext({ clientName: view.client.name, loginHint: view.login_hint });
        },
        // An unknown or expired request is explained on the consent page after sign-in.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [requestId]);

  async function signInWith(address: string, password: string): Promise<SignInAttempt> {
    setProblem(null);
    try {
      // An address whose domain signs in through its organization's provider goes there, not to a password.
      const federated = await federatedStartUrl(address, { requestId, returnTo });
      if (federated) {
        window.location.assign(federated);
        return 'signed_in';
      }
      const result = await signIn(address, password, requestId);
      if (result.kind === 'invalid_credentials') {
        setProblem({ kind: 'invalid_credentials' });
        return 'invalid_credentials';
      }
      forgetPasskeySecret();
      // Approved with the sign-in (consent remembered, nothing to ask): straight to the app.
      if (leaveTo(result.authorizationRedirect)) return 'signed_in';
      goTo(
        result.secondFactor
          ? secondStepPath(result.secondFactor, requestId, result.mustChangePassword)
          : afterSignInSteps(requestId, result.mustChangePassword),
      );
      return 'signed_in';
    } catch (error) {
      setProblem(
        errorCode(error) === 'email_not_verified'
          ? { kind: 'email_not_verified', email: address }
          : { kind: 'other', error },
      );
      return 'failed';
    }
  }

  const loginHint = requestContext?.loginHint;
  const suggestedEmail = loginHint && !emailError(loginHint) ? loginHint : null;

  return (
    <Page title={t('signIn.title')}>
      {requestContext ? (
        <p className="lead">
          {rich('signIn.continueTo', { client: <strong>{requestContext.clientName}</strong> })}
        </p>
      ) : null}
      <SignInProblem problem={problem} />
      <SignInForm
        emailError={emailError}
        passwordError={currentPasswordError}
        suggestedEmail={suggestedEmail}
        signIn={signInWith}
        onEmailChange={setTypedEmail}
      />
      <PasskeySignIn requestId={requestId} email={emailError(typedEmail.trim()) ? null : typedEmail.trim()} />
      <OrganizationSignIn requestId={requestId} returnTo={returnTo} />
      <ul className="link-list">
        <li>
          <Link to="/forgot-password">{t('signIn.forgotPassword')}</Link>
        </li>
        <li>
          <Link to={withQuery('/register', { request_id: requestId, [RETURN_TO]: returnTo })}>
            {t('signIn.createAccount')}
          </Link>
        </li>
      </ul>
    </Page>
  );
}

function SignInProblem({ problem }: { problem: Problem | null }) {
  const { t, rich } = useI18n();
  if (!problem) return null;
  switch (problem.kind) {
    case 'invalid_credentials':
      return (
        <ErrorPanel title={t('signIn.failedTitle')}>
          <p>{t('signIn.invalidCredentials')}</p>
        </ErrorPanel>
      );
    case 'email_not_verified':
      return (
        <ErrorPanel title={t('signIn.confirmFirstTitle')}>
          <p>{rich('signIn.confirmFirstText', { email: <strong>{problem.email}</strong> })}</p>
          <ResendVerification email={problem.email} />
        </ErrorPanel>
      );
    default:
      return (
        <ErrorPanel title={t('signIn.failedTitle')}>
          <p>{describeError(problem.error)}</p>
        </ErrorPanel>
      );
  }
}
