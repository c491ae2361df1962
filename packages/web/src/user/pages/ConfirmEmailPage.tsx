import { api } from '../../shared/api';
import type { PublicApiResponse } from '../../shared/api-types/public-api';
import { ErrorPanel } from '../../shared/ErrorPanel';
import { Loading } from '../../shared/Loading';
import { Notice } from '../../shared/Notice';
import { Page } from '../../shared/Page';
import { Link, useRouter } from '../../shared/router';
import { describeError, errorCode } from '../error-text';
import { useOnce } from '../use-once';

/** The page the email-change message links to: makes the new address the account's address. */
export function ConfirmEmailPage() {
  const { searchParams } = useRouter();
  const token = searchParams.get('token');
  const result = useOnce(token ? `confirm-email:${token}` : null, () =>
    api.post<PublicApiResponse<'POST /api/user/profile/email/confirm'>>('/api/user/profile/email/confirm', {
      token,
    }),
  );

  if (!token || result.state === 'failed') {
    const code = result.state === 'failed' ? errorCode(result.error) : 'invalid_token';
    return (
      <Page title="Confirm your new email address">
        <ErrorPanel title="We could not change your email address">
          <p>
            {code === 'invalid_token'
              ? 'This link was already used, has expired, or is incomplete. Ask for the change again from your account page.'
              : code === 'email_taken'
                ? 'Another account started using this address in the meantime, so it cannot become yours.'
                : describeError(result.state === 'failed' ? result.error : null)}
          </p>
        </ErrorPanel>
        <p>
          <Link to="/account">Go to your account</Link>
        </p>
      </Page>
    );
  }
  if (result.state === 'pending') {
    return (
      <Page title="Confirm your new email address">
        <Loading>Confirming your new email address…</Loading>
      </Page>
    );
  }
  return (
    <Page title="Email address changed">
      <Notice title="Done">
        <p>
          Your account's email address is now <strong>{result.value.email}</strong>. Use it to sign in from
          now on.
        </p>
      </Notice>
      <p>
        <Link to="/account" className="link-button">
          Go to your account
        </Link>
      </p>
    </Page>
  );
}
