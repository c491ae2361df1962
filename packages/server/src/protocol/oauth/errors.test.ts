import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_ERROR_CODES, OAuthError, oauthErrorResponses } from './errors.js';

describe('OAuth errors', () => {
  it('take their status from the code (RFC 6749 §5.2, RFC 6750 §3.1)', () => {
    expect(new OAuthError('invalid_request', 'x').statusCode).toBe(400);
    expect(new OAuthError('invalid_grant', 'x').statusCode).toBe(400);
    expect(new OAuthError('invalid_client', 'x').statusCode).toBe(401);
    expect(new OAuthError('invalid_token', 'x').statusCode).toBe(401);
    expect(new OAuthError('insufficient_scope', 'x').statusCode).toBe(403);
    expect(new OAuthError('temporarily_unavailable', 'x').statusCode).toBe(503);
    // RFC 8628 §3.5: the device code grant's refusals are 400s of the token endpoint.
    for (const code of ['authorization_pending', 'slow_down', 'expired_token', 'access_denied'] as const)
      expect(new OAuthError(code, 'x').statusCode).toBe(400);
  });

  it('refuse a code no RFC defines, or one only a redirect carries, at typecheck and at run time', () => {
    // @ts-expect-error a misspelt code is no OAuth error
    expect(() => new OAuthError('invalid_grnt', 'x')).toThrow(TypeError);
    // @ts-expect-error login_required goes only to the redirect URI (OIDC Core §3.1.2.6), never as JSON
    expect(() => new OAuthError('login_required', 'x')).toThrow(TypeError);
  });

  it('declare each endpoint’s codes under their statuses', () => {
    const responses = oauthErrorResponses('invalid_grant', 'invalid_client', 'invalid_request');
    expect(Object.keys(responses).sort()).toEqual(['400', '401']);
    const codes = (status: number) =>
      (responses[status]?.properties.error as { enum?: string[] } | undefined)?.enum;
    expect(codes(400)).toEqual(['invalid_grant', 'invalid_request']);
    expect(codes(401)).toEqual(['invalid_client']);
  });

  it('name the codes of authorization error responses (RFC 6749 §4.1.2.1, OIDC Core §3.1.2.6)', () => {
    expect(AUTHORIZATION_ERROR_CODES).toEqual([
      'access_denied',
      'consent_required',
      'interaction_required',
      'invalid_request',
      'invalid_scope',
      'login_required',
      'request_not_supported',
      'request_uri_not_supported',
      'unsupported_response_type',
    ]);
  });
});
