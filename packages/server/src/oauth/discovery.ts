import type { Config } from '../config/config.js';
import { SIGNING_ALGORITHMS } from '../crypto/signing-keys.js';
import { DPOP_SIGNING_ALGORITHMS } from '../protocol/oauth/dpop.js';
import {
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
export function buildDiscoveryDocument(config: Pick<Config, 'baseUrl'>): Record<string, unknown> {
  const issuer = config.baseUrl;
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    introspection_endpoint: `${issuer}/introspect`,
    revocation_endpoint: `${issuer}/revoke`,
    end_session_endpoint: `${issuer}/logout`,
    scopes_supported: Object.keys(STANDARD_SCOPES),
    response_types_supported: [...RESPONSE_TYPES],
    response_modes_supported: [...RESPONSE_MODES],
    grant_types_supported: supportedGrantTypes(),
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [...SIGNING_ALGORITHMS],
    token_endpoint_auth_methods_supported: [...ENDPOINT_AUTHENTICATION_METHODS.token],
    introspection_endpoint_auth_methods_supported: [...ENDPOINT_AUTHENTICATION_METHODS.introspection],
    revocation_endpoint_auth_methods_supported: [...ENDPOINT_AUTHENTICATION_METHODS.revocation],
    code_challenge_methods_supported: [...CODE_CHALLENGE_METHODS],
    // RFC 9449 §5.1: the proof algorithms /token and /userinfo accept.
    dpop_signing_alg_values_supported: [...DPOP_SIGNING_ALGORITHMS],
    prompt_values_supported: [...PROMPT_VALUES],
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
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    authorization_response_iss_parameter_supported: true,
  };
}
