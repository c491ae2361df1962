import type { Client } from '../clients/model.js';
import { uiLocaleFromParameter } from '../config/ui-locales.js';
import {
  CODE_CHALLENGE_METHODS,
  PROMPT_VALUES,
  RESPONSE_MODES,
  RESPONSE_TYPES,
} from '../protocol/oauth/vocabulary.js';
import {
  AuthorizationError,
  type AuthorizeParameters,
  UntrustedRedirectError,
  type ValidatedRequest,
  validateZkPublicKey,
} from './authorize-request.js';

/**
 * The authorization endpoint's request checks (RFC 6749 §4.1.1, OIDC Core §3.1.2.2), as two ordered lists of small
 * named checks. Each check passes or throws its refusal; they run in list order, so the first that fails decides
 * the error. The order is part of the behaviour: RFC 6749 §4.1.2.1 forbids redirecting any error before the client
 * and its redirect URI are verified, so those checks come first, in their own list, and throw errors that are shown
 * as a page; only then are the other parameters checked, with errors that go back to the redirect URI.
 */
export interface AuthorizeCheck<Input> {
  /** Stable, for tests and readers: what the check ensures. */
  readonly name: string;
  readonly check: (input: Input) => void;
}

/** Before the redirect URI is trusted the client may be unknown. */
export interface RedirectCheckInput {
  client: Client | null;
  parameters: AuthorizeParameters;
}

export interface ParameterCheckInput {
  client: Client;
  parameters: AuthorizeParameters;
}

/** Space-separated values (RFC 6749 §3.3 scope, OIDC Core §3.1.2.1 prompt), empty entries dropped. */
function spaceSeparated(value: string | undefined): string[] {
  return (value ?? '').split(' ').filter(Boolean);
}

function isOneOf(values: readonly string[], value: string): boolean {
  return values.includes(value);
}

/** RFC 7636 §4.2: S256 challenges are 43 base64url characters. */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** max_age: whole seconds (OIDC Core §3.1.2.1), bounded so the number stays exact. */
const MAX_AGE = /^\d{1,9}$/;
/** A base64url SHA-256 JWK thumbprint (RFC 7638), as `dpop_jkt` carries it (RFC 9449 §10). */
const DPOP_JKT = /^[A-Za-z0-9_-]{43}$/;

/**
 * Steps 1-2 (RFC 9700 §4.1.3): the client and its redirect URI, compared exactly. Each refuses with an
 * UntrustedRedirectError, shown to the user as a page, never redirected. Each fails closed on an unknown client.
 */
export const REDIRECT_CHECKS: readonly AuthorizeCheck<RedirectCheckInput>[] = [
  {
    name: 'client_id is present',
    check: ({ parameters }) => {
      if (!parameters.client_id)
        throw new UntrustedRedirectError('invalid_request', 'client_id is missing', 'unknown_client');
    },
  },
  {
    name: 'the client is registered',
    check: ({ client }) => {
      if (!client)
        throw new UntrustedRedirectError(
          'invalid_client',
          'the application is not registered',
          'unknown_client',
        );
    },
  },
  {
    name: 'the client may use the authorization code flow',
    check: ({ client }) => {
      if (!client?.grantTypes.includes('authorization_code')) {
        throw new UntrustedRedirectError(
          'unauthorized_client',
          'the application may not use this sign-in flow',
          'flow_not_allowed',
        );
      }
    },
  },
  {
    name: 'redirect_uri is present',
    check: ({ parameters }) => {
      // OIDC Core §3.1.2.1 requires it; accepting its absence would also make the token request's redirect_uri
      // check (RFC 6749 §4.1.3) depend on what was omitted here.
      if (parameters.redirect_uri === undefined)
        throw new UntrustedRedirectError('invalid_request', 'redirect_uri is missing', 'redirect_uri');
    },
  },
  {
    name: 'redirect_uri is registered for the client, exactly',
    check: ({ client, parameters }) => {
      if (parameters.redirect_uri === undefined || !client?.redirectUris.includes(parameters.redirect_uri)) {
        throw new UntrustedRedirectError(
          'invalid_request',
          'redirect_uri is not registered for this application',
          'redirect_uri',
        );
      }
    },
  },
];

/** The remaining checks, whose refusals (AuthorizationError) go back to the now validated redirect URI. */
export const PARAMETER_CHECKS: readonly AuthorizeCheck<ParameterCheckInput>[] = [
  {
    name: 'no request object',
    check: ({ parameters }) => {
      // OIDC Core §6: request objects are optional and not implemented (discovery says so).
      if (parameters.request !== undefined)
        throw new AuthorizationError('request_not_supported', 'request objects are not supported');
    },
  },
  {
    name: 'no request_uri',
    check: ({ parameters }) => {
      if (parameters.request_uri !== undefined)
        throw new AuthorizationError('request_uri_not_supported', 'request_uri is not supported');
    },
  },
  {
    name: 'response_type is present',
    check: ({ parameters }) => {
      if (!parameters.response_type)
        throw new AuthorizationError('invalid_request', 'response_type is missing');
    },
  },
  {
    name: 'response_type is supported',
    check: ({ parameters }) => {
      if (parameters.response_type !== undefined && !isOneOf(RESPONSE_TYPES, parameters.response_type)) {
        throw new AuthorizationError(
          'unsupported_response_type',
          `only response_type=${RESPONSE_TYPES.join(', ')} is supported`,
        );
      }
    },
  },
  {
    name: 'response_mode is supported',
    check: ({ parameters }) => {
      if (parameters.response_mode !== undefined && !isOneOf(RESPONSE_MODES, parameters.response_mode)) {
        throw new AuthorizationError(
          'invalid_request',
          `only response_mode=${RESPONSE_MODES.join(', ')} is supported`,
        );
      }
    },
  },
  {
    name: 'scope is present',
    check: ({ parameters }) => {
      if (spaceSeparated(parameters.scope).length === 0)
        throw new AuthorizationError('invalid_scope', 'scope is missing');
    },
  },
  {
    name: 'every scope is allowed for the client',
    check: ({ client, parameters }) => {
      const allowed = new Set(client.scopes.map((entry) => entry.scope));
      for (const scope of spaceSeparated(parameters.scope)) {
        if (!allowed.has(scope)) {
          throw new AuthorizationError(
            'invalid_scope',
            `scope '${scope}' is not allowed for this application`,
          );
        }
      }
    },
  },
  {
    name: 'code_challenge_method is supported',
    check: ({ parameters }) => {
      const method = parameters.code_challenge_method;
      if (method !== undefined && !isOneOf(CODE_CHALLENGE_METHODS, method)) {
        throw new AuthorizationError(
          'invalid_request',
          `code_challenge_method must be ${CODE_CHALLENGE_METHODS.join(', ')}`,
        );
      }
    },
  },
  {
    name: 'a code_challenge_method comes with a code_challenge',
    check: ({ parameters }) => {
      if (parameters.code_challenge === undefined && parameters.code_challenge_method !== undefined)
        throw new AuthorizationError('invalid_request', 'code_challenge is missing');
    },
  },
  {
    name: 'code_challenge is an S256 hash',
    check: ({ parameters }) => {
      if (parameters.code_challenge !== undefined && !CODE_CHALLENGE.test(parameters.code_challenge))
        throw new AuthorizationError('invalid_request', 'code_challenge must be a base64url S256 hash');
    },
  },
  {
    name: 'PKCE is used where the client requires it',
    check: ({ client, parameters }) => {
      // RFC 9700 §2.1.1: public clients must use PKCE; a confidential client may be configured to.
      if (parameters.code_challenge === undefined && (client.type === 'public' || client.requirePkce)) {
        throw new AuthorizationError(
          'invalid_request',
          'this application must use PKCE (code_challenge with S256)',
        );
      }
    },
  },
  {
    name: 'a code_challenge states its method',
    check: ({ parameters }) => {
      // RFC 7636 §4.3 defaults to plain; we offer S256 only, so an unlabelled challenge is refused rather than guessed.
      if (parameters.code_challenge !== undefined && parameters.code_challenge_method === undefined)
        throw new AuthorizationError('invalid_request', 'code_challenge_method=S256 is required');
    },
  },
  {
    name: 'every prompt value is supported',
    check: ({ parameters }) => {
      for (const value of spaceSeparated(parameters.prompt)) {
        if (!isOneOf(PROMPT_VALUES, value))
          throw new AuthorizationError('invalid_request', `prompt '${value}' is not supported`);
      }
    },
  },
  {
    name: 'prompt=none stands alone',
    check: ({ parameters }) => {
      const prompt = spaceSeparated(parameters.prompt);
      // OIDC Core §3.1.2.1: none with any other value is an error.
      if (prompt.includes('none') && prompt.length > 1)
        throw new AuthorizationError('invalid_request', 'prompt=none cannot be combined with other values');
    },
  },
  {
    name: 'max_age is a whole number of seconds',
    check: ({ parameters }) => {
      if (parameters.max_age !== undefined && !MAX_AGE.test(parameters.max_age))
        throw new AuthorizationError('invalid_request', 'max_age must be a whole number of seconds');
    },
  },
  {
    name: 'zk_pub is a P-256 public key',
    check: ({ client, parameters }) => {
      // Read only from clients that take key delivery; anyone else's zk_pub is an unknown parameter, ignored.
      if (client.zkDelivery !== 'none' && parameters.zk_pub !== undefined)
        validateZkPublicKey(parameters.zk_pub);
    },
  },
  {
    name: 'dpop_jkt is a JWK SHA-256 thumbprint',
    check: ({ parameters }) => {
      // RFC 9449 §10: base64url of a SHA-256 thumbprint (RFC 7638), 43 characters.
      if (parameters.dpop_jkt !== undefined && !DPOP_JKT.test(parameters.dpop_jkt))
        throw new AuthorizationError(
          'invalid_request',
          'dpop_jkt must be a base64url SHA-256 JWK thumbprint',
        );
    },
  },
  {
    name: 'zk_pub is present where the client requires it',
    check: ({ client, parameters }) => {
      if (client.zkDelivery !== 'none' && client.zkRequired && parameters.zk_pub === undefined)
        throw new AuthorizationError('invalid_request', 'zk_pub is required for this application');
    },
  },
];

/** Runs the redirect checks in order and returns the redirect URI they verified. */
export function resolveRedirect(client: Client | null, parameters: AuthorizeParameters): string {
  for (const { check } of REDIRECT_CHECKS) check({ client, parameters });
  // Verified present and registered by the checks above.
  return parameters.redirect_uri as string;
}

/** Runs the parameter checks in order, then reads the request they accepted. */
export function validateAuthorizeParameters(
  client: Client,
  redirectUri: string,
  parameters: AuthorizeParameters,
): ValidatedRequest {
  for (const { check } of PARAMETER_CHECKS) check({ client, parameters });
  return {
    clientId: client.id,
    redirectUri,
    scope: spaceSeparated(parameters.scope).join(' '),
    state: parameters.state ?? null,
    nonce: parameters.nonce ?? null,
    codeChallenge: parameters.code_challenge ?? null,
    prompt: spaceSeparated(parameters.prompt),
    maxAge: parameters.max_age === undefined ? null : Number(parameters.max_age),
    loginHint: parameters.login_hint ?? null,
    uiLocale: uiLocaleFromParameter(parameters.ui_locales),
    idTokenHint: parameters.id_token_hint ?? null,
    organizationId: parameters.organization_id ?? null,
    zkPub: client.zkDelivery === 'none' ? null : (parameters.zk_pub ?? null),
    dpopJkt: parameters.dpop_jkt ?? null,
  };
}
