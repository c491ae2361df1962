import type { Config } from '../config/config.js';
import { UI_LOCALES } from '../config/ui-locales.js';
import { SIGNING_ALGORITHMS } from '../crypto/signing-keys.js';
import { DPOP_SIGNING_ALGORITHMS } from '../protocol/oauth/dpop.js';
import {
  CLIENT_JWT_SIGNING_ALGORITHMS,
  CODE_CHALLENGE_METHODS,
  ENDPOINT_AUTHENTICATION_METHODS,
  PROMPT_VALUES,
  RESPONSE_MODES,
  RESPONSE_TYPES,
  STANDARD_SCOPES,
} from '../protocol/oauth/vocabulary.js';
import { supportedGrantTypes } from './grants/index.js';

/**
 * The OpenID Provider metadata (OIDC Discovery 1.0 §3, RFC 8414 §2). It lists exactly what is implemented: each
 * capability adds its members here when it lands, and nothing is advertised ahead of the code. The values come from
 * the same sources the enforcing code reads (protocol/oauth/vocabulary.ts, grants/), so what is advertised is what
 * is enforced.
 */
export function buildDiscoveryDocument(
  config: Pick<Config, 'baseUrl'>,
  policy: { requirePushedAuthorizationRequests: boolean } = { requirePushedAuthorizationRequests: false },
): Record<string, unknown> {
  const issuer = config.baseUrl;
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    introspection_endpoint: `${issuer}/introspect`,
    revocation_endpoint: `${issuer}/revoke`,
    // RFC 9126 §5; /par authenticates clients as /token does (RFC 9126 §2: token_endpoint_auth_methods_supported).
    pushed_authorization_request_endpoint: `${issuer}/par`,
    require_pushed_authorization_requests: policy.requirePushedAuthorizationRequests,
    end_session_endpoint: `${issuer}/logout`,
    // RFC 7591 §3, RFC 8414 §2: open, or with an initial access token (docs/client-registration.md).
    registration_endpoint: `${issuer}/register`,
    // RFC 8628 §4; its clients authenticate as at the token endpoint.
    device_authorization_endpoint: `${issuer}/device_authorization`,
    // OIDC Back-Channel Logout 1.0 §2.1: logout tokens to each client's backchannel_logout_uri, always with `sid`.
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
    scopes_supported: Object.keys(STANDARD_SCOPES),
    response_types_supported: [...RESPONSE_TYPES],
    response_modes_supported: [...RESPONSE_MODES],
    grant_types_supported: supportedGrantTypes(),
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [...SIGNING_ALGORITHMS],
    token_endpoint_auth_methods_supported: [...ENDPOINT_AUTHENTICATION_METHODS.token],
    token_endpoint_auth_signing_alg_values_supported: [...CLIENT_JWT_SIGNING_ALGORITHMS],
    introspection_endpoint_auth_methods_supported: [...ENDPOINT_AUTHENTICATION_METHODS.introspection],
    introspection_endpoint_auth_signing_alg_values_supported: [...CLIENT_JWT_SIGNING_ALGORITHMS],
    revocation_endpoint_auth_methods_supported: [...ENDPOINT_AUTHENTICATION_METHODS.revocation],
    revocation_endpoint_auth_signing_alg_values_supported: [...CLIENT_JWT_SIGNING_ALGORITHMS],
    code_challenge_methods_supported: [...CODE_CHALLENGE_METHODS],
    // RFC 9449 §5.1: the proof algorithms /token and /userinfo accept.
    dpop_signing_alg_values_supported: [...DPOP_SIGNING_ALGORITHMS],
    prompt_values_supported: [...PROMPT_VALUES],
    // The hosted UI's languages, chosen by ui_locales (OIDC Core §3.1.2.1, docs/languages.md).
    ui_locales_supported: [...UI_LOCALES],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'acr',
      'amr',
      'azp',
      'at_hash',
      'sid',
      'name',
      'email',
      'email_verified',
    ],
    claims_parameter_supported: false,
    // RFC 9101: signed request objects by value (at /authorize or /par); request_uri only as /par hands it out,
    // never fetched from the client (OIDC Discovery §3 request_uri_parameter_supported is about fetching).
    request_parameter_supported: true,
    request_object_signing_alg_values_supported: [...CLIENT_JWT_SIGNING_ALGORITHMS],
    request_uri_parameter_supported: false,
    authorization_response_iss_parameter_supported: true,
  };
}
