import { useEffect, useState } from 'react';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { type SignInAttempt, SignInForm } from '../../shared/SignInForm';
import { PORTAL_NAME } from '../components/AdminLayout';
import { describeError } from '../error-text';
import { adminSignIn, preloadOpaque } from '../opaque-flows';
import { AdminPasskeySignIn } from '../passkeys/AdminPasskeySignIn';
import { useSession } from '../session';
import { currentPasswordError, emailError } from '../validation';

/**
 * Admin sign-in with OPAQUE (the password never leaves the browser) or with the admin's passkey. Shown in place of any portal page while
 * signed out, so after signing in the admin is on the page they asked for.
 */
export function SignInPage({ reason }: { reason: 'none' | 'expired' | 'signed_out' }) {
  const { signedIn } = useSession();
  const [problem, setProblem] = useState<'invalid_credentials' | { error: unknown } | null>(null);

  useEffect(preloadOpaque, []);

  async function signIn(email: string, password: string): Promise<SignInAttempt> {
    setProblem(null);
    try {
      const result = await adminSignIn(email, password);
      if (result.kind === 'invalid_credentials') {
        setProblem('invalid_credentials');
        return 'invalid_credentials';
      }
      signedIn(result.admin, result.csrfToken, result.secondFactorRequired, result.secondFactor);
      return 'signed_in';
    } catch (error) {
      setProblem({ error });
      return 'failed';
    }
  }

  return (
    <Page title="Sign in to the admin portal" siteName={PORTAL_NAME}>
      {reason === 'expired' ? (
        <Notice title="Your session has ended">
          <p>Admin sessions end after a while without use. Sign in again to continue where you were.</p>
        </Notice>
      ) : null}
      {reason === 'signed_out' ? (
        <Notice title="You are signed out">
          <p>Sign in again to manage this service.</p>
        </Notice>
      ) : null}
      {problem === 'invalid_credentials' ? (
        <ErrorPanel title="We could not sign you in">
          <p>The email address or password is not correct. Check them and try again.</p>
        </ErrorPanel>
      ) : problem ? (
        <ErrorPanel title="We could not sign you in">
          <p>{describeError(problem.error)}</p>
        </ErrorPanel>
      ) : null}
      <SignInForm emailError={emailError} passwordError={currentPasswordError} signIn={signIn} />
      <AdminPasskeySignIn />
    </Page>
  );
}
