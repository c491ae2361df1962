import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Client } from '../clients/model.js';
import {
  type AuthorizeCheck,
  PARAMETER_CHECKS,
  type ParameterCheckInput,
  REDIRECT_CHECKS,
  type RedirectCheckInput,
  resolveRedirect,
  validateAuthorizeParameters,
} from './authorize-checks.js';
import { AuthorizationError, type AuthorizeParameters, UntrustedRedirectError } from './authorize-request.js';

const REDIRECT = 'https://app.example/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
/** A JWK SHA-256 thumbprint (RFC 7638 §3.1's example key). */
const JKT = 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs';

function client(overrides: Partial<Client> = {}): Client {
  return {
    id: 'app',
    name: 'App',
    description: '',
    logoUri: null,
    appUrl: null,
    type: 'public',
    redirectUris: [REDIRECT],
    postLogoutRedirectUris: [],
    grantTypes: ['authorization_code', 'refresh_token'],
    scopes: [
      { scope: 'openid', description: '' },
      { scope: 'email', description: '' },
    ],
    requirePkce: true,
    idTokenSignedResponseAlg: 'RS256',
    accessTokenTtlSeconds: null,
    idTokenTtlSeconds: null,
    refreshTokenTtlSeconds: null,
    firstParty: false,
    organizationRequired: false,
    zkDelivery: 'none',
    zkRequired: false,
    dpopBoundAccessTokens: false,
    zkKeyScope: 'client',
    showOnDashboard: false,
    tokenEndpointAuthMethod: 'none',
    jwks: null,
    jwksUri: null,
    requirePushedAuthorizationRequests: false,
    fapi2Profile: false,
    backchannelLogoutUri: null,
    backchannelLogoutSessionRequired: false,
    logoutEndsOfflineAccess: false,
    tokenExchange: null,
    icon: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  };
}

/** A request every check accepts. */
const VALID: AuthorizeParameters = {
  client_id: 'app',
  redirect_uri: REDIRECT,
  response_type: 'code',
  scope: 'openid email',
  state: 's',
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
};

function zkPub(): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return Buffer.from(JSON.stringify(publicKey.export({ format: 'jwk' }))).toString('base64url');
}

function named<Input>(checks: readonly AuthorizeCheck<Input>[], name: string): AuthorizeCheck<Input> {
  const found = checks.find((entry) => entry.name === name);
  if (!found) throw new Error(`no check named '${name}'`);
  return found;
}

/** The error code a check refuses with, and whether it was the kind that may be redirected; null if it passes. */
function outcome<Input>(
  check: AuthorizeCheck<Input>,
  input: Input,
): { error: string; redirectable: boolean } | null {
  try {
    check.check(input);
    return null;
  } catch (error) {
    if (error instanceof AuthorizationError) return { error: error.error, redirectable: true };
    if (error instanceof UntrustedRedirectError) return { error: error.error, redirectable: false };
    throw error;
  }
}

function redirectCheck(
  name: string,
  input: Partial<RedirectCheckInput> & { parameters?: AuthorizeParameters },
) {
  return outcome(named(REDIRECT_CHECKS, name), {
    client: 'client' in input ? (input.client ?? null) : client(),
    parameters: input.parameters ?? VALID,
  });
}

function parameterCheck(name: string, parameters: AuthorizeParameters, overrides: Partial<Client> = {}) {
  const input: ParameterCheckInput = { client: client(overrides), parameters };
  return outcome(named(PARAMETER_CHECKS, name), input);
}

const untrusted = (error: string) => ({ error, redirectable: false });
const redirected = (error: string) => ({ error, redirectable: true });

describe('redirect checks (RFC 6749 §4.1.2.1: never redirected)', () => {
  it('client_id is present', () => {
    const name = 'client_id is present';
    expect(redirectCheck(name, {})).toBeNull();
    expect(redirectCheck(name, { parameters: { ...VALID, client_id: undefined } })).toEqual(
      untrusted('invalid_request'),
    );
    expect(redirectCheck(name, { parameters: { ...VALID, client_id: '' } })).toEqual(
      untrusted('invalid_request'),
    );
  });

  it('the client is registered', () => {
    const name = 'the client is registered';
    expect(redirectCheck(name, {})).toBeNull();
    expect(redirectCheck(name, { client: null })).toEqual(untrusted('invalid_client'));
  });

  it('the client may use the authorization code flow', () => {
    const name = 'the client may use the authorization code flow';
    expect(redirectCheck(name, {})).toBeNull();
    expect(redirectCheck(name, { client: client({ grantTypes: ['client_credentials'] }) })).toEqual(
      untrusted('unauthorized_client'),
    );
    expect(redirectCheck(name, { client: null })).toEqual(untrusted('unauthorized_client'));
  });

  it('redirect_uri is present', () => {
    const name = 'redirect_uri is present';
    expect(redirectCheck(name, {})).toBeNull();
    expect(redirectCheck(name, { parameters: { ...VALID, redirect_uri: undefined } })).toEqual(
      untrusted('invalid_request'),
    );
  });

  it('redirect_uri is registered for the client, exactly', () => {
    const name = 'redirect_uri is registered for the client, exactly';
    expect(redirectCheck(name, {})).toBeNull();
    for (const redirectUri of [
      `${REDIRECT}/`,
      `${REDIRECT}?x=1`,
      'https://APP.example/callback',
      undefined,
    ]) {
      expect(
        redirectCheck(name, { parameters: { ...VALID, redirect_uri: redirectUri } }),
        redirectUri,
      ).toEqual(untrusted('invalid_request'));
    }
    expect(redirectCheck(name, { client: null })).toEqual(untrusted('invalid_request'));
  });
});

describe('parameter checks (errors go back to the verified redirect URI)', () => {
  it('no request object', () => {
    expect(parameterCheck('no request object', VALID)).toBeNull();
    expect(parameterCheck('no request object', { ...VALID, request: 'eyJ.x.y' })).toEqual(
      redirected('request_not_supported'),
    );
  });

  it('no request_uri', () => {
    expect(parameterCheck('no request_uri', VALID)).toBeNull();
    expect(parameterCheck('no request_uri', { ...VALID, request_uri: 'urn:x' })).toEqual(
      redirected('request_uri_not_supported'),
    );
  });

  it('response_type is present', () => {
    expect(parameterCheck('response_type is present', VALID)).toBeNull();
    for (const responseType of [undefined, '']) {
      expect(parameterCheck('response_type is present', { ...VALID, response_type: responseType })).toEqual(
        redirected('invalid_request'),
      );
    }
  });

  it('response_type is supported', () => {
    expect(parameterCheck('response_type is supported', VALID)).toBeNull();
    for (const responseType of ['token', 'code id_token', 'id_token', 'CODE']) {
      expect(parameterCheck('response_type is supported', { ...VALID, response_type: responseType })).toEqual(
        redirected('unsupported_response_type'),
      );
    }
  });

  it('response_mode is supported', () => {
    expect(parameterCheck('response_mode is supported', VALID)).toBeNull();
    expect(parameterCheck('response_mode is supported', { ...VALID, response_mode: 'query' })).toBeNull();
    for (const mode of ['fragment', 'form_post']) {
      expect(parameterCheck('response_mode is supported', { ...VALID, response_mode: mode })).toEqual(
        redirected('invalid_request'),
      );
    }
  });

  it('scope is present', () => {
    expect(parameterCheck('scope is present', VALID)).toBeNull();
    for (const scope of [undefined, '', '   ']) {
      expect(parameterCheck('scope is present', { ...VALID, scope })).toEqual(redirected('invalid_scope'));
    }
  });

  it('every scope is allowed for the client', () => {
    const name = 'every scope is allowed for the client';
    expect(parameterCheck(name, VALID)).toBeNull();
    expect(parameterCheck(name, { ...VALID, scope: 'openid  email' })).toBeNull();
    expect(parameterCheck(name, { ...VALID, scope: 'openid profile' })).toEqual(redirected('invalid_scope'));
  });

  it('code_challenge_method is supported', () => {
    const name = 'code_challenge_method is supported';
    expect(parameterCheck(name, VALID)).toBeNull();
    expect(parameterCheck(name, { ...VALID, code_challenge_method: undefined })).toBeNull();
    for (const method of ['plain', 's256']) {
      expect(parameterCheck(name, { ...VALID, code_challenge_method: method })).toEqual(
        redirected('invalid_request'),
      );
    }
  });

  it('a code_challenge_method comes with a code_challenge', () => {
    const name = 'a code_challenge_method comes with a code_challenge';
    expect(parameterCheck(name, VALID)).toBeNull();
    expect(parameterCheck(name, { ...VALID, code_challenge: undefined })).toEqual(
      redirected('invalid_request'),
    );
  });

  it('code_challenge is an S256 hash', () => {
    const name = 'code_challenge is an S256 hash';
    expect(parameterCheck(name, VALID)).toBeNull();
    for (const challenge of ['short', `${CHALLENGE}A`, `${CHALLENGE.slice(1)}=`, `${CHALLENGE.slice(1)}+`]) {
      expect(parameterCheck(name, { ...VALID, code_challenge: challenge })).toEqual(
        redirected('invalid_request'),
      );
    }
  });

  it('PKCE is used where the client requires it', () => {
    const name = 'PKCE is used where the client requires it';
    const withoutPkce = { ...VALID, code_challenge: undefined, code_challenge_method: undefined };
    expect(parameterCheck(name, VALID)).toBeNull();
    expect(parameterCheck(name, withoutPkce, { type: 'public', requirePkce: false })).toEqual(
      redirected('invalid_request'),
    );
    expect(parameterCheck(name, withoutPkce, { type: 'confidential', requirePkce: true })).toEqual(
      redirected('invalid_request'),
    );
    expect(parameterCheck(name, withoutPkce, { type: 'confidential', requirePkce: false })).toBeNull();
  });

  it('a code_challenge states its method', () => {
    const name = 'a code_challenge states its method';
    expect(parameterCheck(name, VALID)).toBeNull();
    expect(parameterCheck(name, { ...VALID, code_challenge_method: undefined })).toEqual(
      redirected('invalid_request'),
    );
  });

  it('every prompt value is supported', () => {
    const name = 'every prompt value is supported';
    for (const prompt of [undefined, 'none', 'login consent', 'select_account']) {
      expect(parameterCheck(name, { ...VALID, prompt }), prompt).toBeNull();
    }
    for (const prompt of ['create', 'login Consent']) {
      expect(parameterCheck(name, { ...VALID, prompt })).toEqual(redirected('invalid_request'));
    }
  });

  it('prompt=none stands alone', () => {
    const name = 'prompt=none stands alone';
    expect(parameterCheck(name, { ...VALID, prompt: 'none' })).toBeNull();
    expect(parameterCheck(name, { ...VALID, prompt: 'login consent' })).toBeNull();
    expect(parameterCheck(name, { ...VALID, prompt: 'none login' })).toEqual(redirected('invalid_request'));
  });

  it('max_age is a whole number of seconds', () => {
    const name = 'max_age is a whole number of seconds';
    for (const maxAge of [undefined, '0', '3600', '999999999']) {
      expect(parameterCheck(name, { ...VALID, max_age: maxAge })).toBeNull();
    }
    for (const maxAge of ['', '-1', '1.5', '1e3', '1000000000', ' 1']) {
      expect(parameterCheck(name, { ...VALID, max_age: maxAge }), maxAge).toEqual(
        redirected('invalid_request'),
      );
    }
  });

  it('zk_pub is a P-256 public key', () => {
    const name = 'zk_pub is a P-256 public key';
    const delivering = { zkDelivery: 'v2' } as const;
    expect(parameterCheck(name, { ...VALID, zk_pub: zkPub() }, delivering)).toBeNull();
    expect(parameterCheck(name, VALID, delivering)).toBeNull();
    expect(parameterCheck(name, { ...VALID, zk_pub: 'not a key' }, delivering)).toEqual(
      redirected('invalid_request'),
    );
    // A client without key delivery never reads it: an unknown parameter, ignored (RFC 6749 §3.1).
    expect(parameterCheck(name, { ...VALID, zk_pub: 'not a key' })).toBeNull();
  });

  it('zk_pub is present where the client requires it', () => {
    const name = 'zk_pub is present where the client requires it';
    expect(parameterCheck(name, VALID, { zkDelivery: 'v2', zkRequired: true })).toEqual(
      redirected('invalid_request'),
    );
    expect(
      parameterCheck(name, { ...VALID, zk_pub: zkPub() }, { zkDelivery: 'v2', zkRequired: true }),
    ).toBeNull();
    expect(parameterCheck(name, VALID, { zkDelivery: 'legacy-v1', zkRequired: false })).toBeNull();
  });
});

describe('the checks run in order: the first refusal wins', () => {
  it('no error about other parameters is redirected before the client and redirect URI are verified', () => {
    const everythingWrong = { ...VALID, redirect_uri: 'https://attacker.example/', response_type: 'token' };
    expect(() => resolveRedirect(client(), everythingWrong)).toThrow(UntrustedRedirectError);
    expect(() => resolveRedirect(null, { ...VALID, client_id: 'unknown' })).toThrow(
      expect.objectContaining({ error: 'invalid_client' }),
    );
    expect(() => resolveRedirect(null, { ...VALID, client_id: undefined })).toThrow(
      expect.objectContaining({ error: 'invalid_request', message: 'client_id is missing' }),
    );
    expect(resolveRedirect(client(), VALID)).toBe(REDIRECT);
  });

  it('decides between failing parameters by the list order', () => {
    const refusal = (parameters: AuthorizeParameters, overrides: Partial<Client> = {}) => {
      try {
        validateAuthorizeParameters(client(overrides), REDIRECT, parameters);
      } catch (error) {
        if (error instanceof AuthorizationError) return error.error;
        throw error;
      }
      return null;
    };
    expect(refusal({ ...VALID, request: 'x', response_type: 'token' })).toBe('request_not_supported');
    expect(refusal({ ...VALID, response_type: 'token', scope: 'nope' })).toBe('unsupported_response_type');
    expect(refusal({ ...VALID, scope: 'nope', prompt: 'bogus' })).toBe('invalid_scope');
    expect(refusal({ ...VALID, scope: '', code_challenge_method: 'plain' })).toBe('invalid_scope');
    expect(refusal({ ...VALID, code_challenge: undefined, code_challenge_method: undefined })).toBe(
      'invalid_request',
    );
  });

  it('lists every check under a distinct name', () => {
    const names = [...REDIRECT_CHECKS, ...PARAMETER_CHECKS].map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('reads the request the checks accepted', () => {
    const pub = zkPub();
    expect(
      validateAuthorizeParameters(client({ zkDelivery: 'v2' }), REDIRECT, {
        ...VALID,
        scope: ' openid  email ',
        prompt: 'login consent',
        max_age: '60',
        nonce: 'n',
        login_hint: 'a@example.com',
        organization_id: 'org',
        zk_pub: pub,
        dpop_jkt: JKT,
      }),
    ).toEqual({
      clientId: 'app',
      redirectUri: REDIRECT,
      scope: 'openid email',
      state: 's',
      nonce: 'n',
      codeChallenge: CHALLENGE,
      prompt: ['login', 'consent'],
      maxAge: 60,
      loginHint: 'a@example.com',
      uiLocale: null,
      idTokenHint: null,
      organizationId: 'org',
      zkPub: pub,
      dpopJkt: JKT,
    });
    // zk_pub to a client without key delivery is not kept.
    expect(validateAuthorizeParameters(client(), REDIRECT, { ...VALID, zk_pub: pub }).zkPub).toBeNull();
  });
});
