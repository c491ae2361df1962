/**
 * Plain-language explanations of the OAuth error codes (RFC 6749 §4.1.2.1, §5.2) the server sends users here
 * with. The server lands here instead of redirecting when it cannot trust the redirect URI (an unknown client or
 * an unregistered redirect URI): RFC 6749 §4.1.2.1 says to inform the user rather than redirect.
 */
const EXPLANATIONS: Record<string, string> = {
  invalid_client:
    'The app that sent you here is not registered with this sign-in service, or is not allowed to use it.',
  invalid_request:
    'The app that sent you here made a sign-in request this service cannot accept, for example with an address to return to that the app never registered.',
  unauthorized_client: 'The app that sent you here is not allowed to sign you in this way.',
  unsupported_response_type:
    'The app that sent you here asked for a kind of sign-in this service does not offer.',
  invalid_scope: 'The app that sent you here asked for access this service does not offer.',
  access_denied: 'The sign-in was cancelled or not allowed.',
  server_error: 'Something went wrong on our side. Please try again later.',
  temporarily_unavailable:
    'The sign-in service is busy or under maintenance. Please try again in a few minutes.',
};

const FALLBACK = 'Something went wrong with the sign-in request.';

export function explainOAuthError(code: string | null): string {
  return (code && Object.hasOwn(EXPLANATIONS, code) ? EXPLANATIONS[code] : undefined) ?? FALLBACK;
}
