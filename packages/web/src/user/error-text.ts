import { ApiError } from '../shared/api';

/**
 * Plain-language text for the server's error codes. The server's own messages are written for developers; users
 * see these. Anything unknown falls back to a general sentence plus the code (for support), never a stack trace.
 */
const TEXT: Record<string, string> = {
  network_error: 'We could not reach the server. Check your connection and try again.',
  invalid_credentials: 'The email address or password is not correct.',
  email_not_verified: 'Confirm your email address first. Use the link we sent you.',
  registration_closed:
    'New accounts are created by an administrator here, so you cannot create one yourself.',
  email_not_configured:
    'This service cannot send email at the moment, so this step is not possible. Please contact the administrator.',
  email_taken: 'An account with this email address already exists. Sign in instead.',
  email_domain_federated:
    'Addresses at this domain sign in through your organization. On the sign-in page, choose “Sign in with your organization”.',
  invalid_token: 'This link is not valid any more: it was already used, has expired, or is incomplete.',
  request_not_found:
    'This sign-in request is unknown, finished or has expired. Go back to the app and start again.',
  request_already_used: 'This sign-in request was already completed. Go back to the app and start again.',
  request_browser_mismatch:
    'This sign-in request was started in another browser. Go back to the app in this browser and start again.',
  login_required: 'Please sign in again to continue.',
  not_signed_in: 'You are not signed in any more. Sign in and try again.',
  second_factor_required: 'Finish signing in with the code from your authenticator app first.',
  step_up_required: 'Confirm it is you with a current code from your authenticator app first.',
  csrf_failed: 'Your session changed in another tab. Reload the page and try again.',
  rate_limited: 'Too many attempts. Wait a moment and try again.',
  too_many_requests: 'Too many attempts. Wait a moment and try again.',
  not_found: 'This feature is not available on this server yet.',
  device_approval_not_found:
    'This approval request is no longer waiting: it expired or was already used. Start again on the new device.',
  device_approval_not_allowed: 'Approving a device from another one is turned off on this server.',
  too_many_device_approvals:
    'Several devices are already waiting for approval. Wait a few minutes and try again.',
  last_unlock_envelope:
    'This is the last way left to unlock your key, so it cannot be removed. Add another one first.',
  envelope_type_not_allowed:
    'Your organization’s policy does not allow unlocking your key this way. Use another way to unlock it, such as your recovery key, or ask your administrator.',
};

export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const known = Object.hasOwn(TEXT, error.code) ? TEXT[error.code] : undefined;
    if (known) return known;
    if (error.status === 429) return TEXT.rate_limited!;
    if (error.status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
    return `Something went wrong (${error.code}). Please try again.`;
  }
  return 'Something went wrong in this page. Reload it and try again.';
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
