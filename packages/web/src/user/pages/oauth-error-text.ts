import { type MessageKey, t } from '../../shared/i18n/translator';

/**
 * Plain-language explanations of the OAuth error codes (RFC 6749 §4.1.2.1, §5.2) the server sends users here
 * with (the `oauthError.*` messages). The server lands here instead of redirecting when it cannot trust the
 * redirect URI (an unknown client or an unregistered redirect URI): RFC 6749 §4.1.2.1 says to inform the user
 * rather than redirect.
 */
const EXPLANATIONS: Record<string, MessageKey> = {
  invalid_client: 'oauthError.invalid_client',
  invalid_request: 'oauthError.invalid_request',
  unauthorized_client: 'oauthError.unauthorized_client',
  unsupported_response_type: 'oauthError.unsupported_response_type',
  invalid_scope: 'oauthError.invalid_scope',
  access_denied: 'oauthError.access_denied',
  server_error: 'oauthError.server_error',
  temporarily_unavailable: 'oauthError.temporarily_unavailable',
};

export function explainOAuthError(code: string | null): string {
  const key = code && Object.hasOwn(EXPLANATIONS, code) ? EXPLANATIONS[code] : undefined;
  return t(key ?? 'oauthError.fallback');
}
