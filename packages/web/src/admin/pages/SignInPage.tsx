import { useEffect, useState } from 'react';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { type SignInAttempt, SignInForm } from '../../shared/SignInForm';
import { PORTAL_NAME } from '../components/AdminLayout';
import { describeError } from '../error-text';
import { t } from '../i18n/text';
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
    <Page title={t('sign-in.title')} siteName={PORTAL_NAME}>
      {reason === 'expired' ? (
        <Notice title={t('sign-in.expired.title')}>
          <p>{t('sign-in.expired.body')}</p>
        </Notice>
      ) : null}
      {reason === 'signed_out' ? (
        <Notice title={t('sign-in.signedOut.title')}>
          <p>{t('sign-in.signedOut.body')}</p>
        </Notice>
      ) : null}
      {problem === 'invalid_credentials' ? (
        <ErrorPanel title={t('sign-in.failed')}>
          <p>{t('sign-in.invalidCredentials')}</p>
        </ErrorPanel>
      ) : problem ? (
        <ErrorPanel title={t('sign-in.failed')}>
          <p>{describeError(problem.error)}</p>
        </ErrorPanel>
      ) : null}
      <SignInForm emailError={emailError} passwordError={currentPasswordError} signIn={signIn} />
      <AdminPasskeySignIn />
    </Page>
  );
}
