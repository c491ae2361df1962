import { describe, expect, it } from 'vitest';
import { OAuthError } from '../app/errors.js';
import type { Client } from '../clients/model.js';
import type { ClientService } from '../clients/service.js';
import { PARAMETER_CHECKS } from './authorize-checks.js';
import type { AuthorizeParameters } from './authorize-request.js';
import { authenticateClient } from './client-authentication.js';
import { buildDiscoveryDocument } from './discovery.js';
import { grantFor } from './grants/index.js';

/**
 * Discovery advertises exactly what is enforced (OpenID Connect Discovery 1.0 §3, RFC 8414 §2): each
 * advertised value is accepted by the code that enforces it, and a value next to them that is not advertised
 * is refused.
 */
const metadata = buildDiscoveryDocument({ baseUrl: 'https://id.example' });
const advertised = (name: string) => metadata[name] as string[];

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const BASE: AuthorizeParameters = {
  client_id: 'app',
  redirect_uri: 'https://app.example/cb',
  response_type: 'code',
  scope: 'openid',
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
};

function app(type: Client['type']): Client {
  return {
    id: type,
    type,
    redirectUris: ['https://app.example/cb'],
    grantTypes: ['authorization_code'],
    scopes: [{ scope: 'openid', description: '' }],
    requirePkce: true,
    zkDelivery: 'none',
    zkRequired: false,
  } as Client;
}

/** The parameter checks' verdict on a request: the error code, or null when every check passes. */
function authorizeRefusal(parameters: AuthorizeParameters): string | null {
  try {
    for (const { check } of PARAMETER_CHECKS) check({ client: app('public'), parameters });
    return null;
  } catch (error) {
    return (error as { error: string }).error;
  }
}

describe('discovery advertises what the endpoints enforce', () => {
  it('grant_types_supported: /token has a grant for each, and none for others', () => {
    expect(advertised('grant_types_supported').length).toBeGreaterThan(0);
    for (const grantType of advertised('grant_types_supported'))
      expect(grantFor(grantType), grantType).not.toBeNull();
    for (const grantType of [
      'password',
      'implicit',
      'urn:ietf:params:oauth:grant-type:saml2-bearer',
      'toString',
    ]) {
      expect(grantFor(grantType), grantType).toBeNull();
    }
  });

  it('response_types_supported, response_modes_supported, code_challenge_methods_supported, prompt_values_supported', () => {
    for (const value of advertised('response_types_supported'))
      expect(authorizeRefusal({ ...BASE, response_type: value })).toBeNull();
    expect(authorizeRefusal({ ...BASE, response_type: 'id_token' })).toBe('unsupported_response_type');
    for (const value of advertised('response_modes_supported'))
      expect(authorizeRefusal({ ...BASE, response_mode: value })).toBeNull();
    expect(authorizeRefusal({ ...BASE, response_mode: 'form_post' })).toBe('invalid_request');
    for (const value of advertised('code_challenge_methods_supported'))
      expect(authorizeRefusal({ ...BASE, code_challenge_method: value })).toBeNull();
    expect(authorizeRefusal({ ...BASE, code_challenge_method: 'plain' })).toBe('invalid_request');
    for (const value of advertised('prompt_values_supported'))
      expect(authorizeRefusal({ ...BASE, prompt: value }), value).toBeNull();
    expect(authorizeRefusal({ ...BASE, prompt: 'create' })).toBe('invalid_request');
  });

  it.each([
    ['token', 'token_endpoint_auth_methods_supported'],
    ['introspection', 'introspection_endpoint_auth_methods_supported'],
    ['revocation', 'revocation_endpoint_auth_methods_supported'],
  ] as const)(
    '%s: each method advertised in %s authenticates, the others are refused',
    async (endpoint, name) => {
      const signed = (sub: string) =>
        `${Buffer.from('{"alg":"ES256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.sig`;
      const clients = {
        find: async (id: string) =>
          id === 'confidential' || id === 'public'
            ? app(id)
            : id === 'keyed'
              ? { ...app('confidential'), id, tokenEndpointAuthMethod: 'private_key_jwt' }
              : null,
        verifySecret: async (_client: Client, secret: string) => secret === 'secret',
        verifyAssertion: async (_client: Client, assertion: string) => {
          if (assertion !== signed('keyed')) throw new Error('not the assertion');
        },
      } as unknown as ClientService;
      const requests = {
        client_secret_basic: {
          authorization: `Basic ${Buffer.from('confidential:secret').toString('base64')}`,
          body: {},
        },
        client_secret_post: {
          authorization: undefined,
          body: { client_id: 'confidential', client_secret: 'secret' },
        },
        none: { authorization: undefined, body: { client_id: 'public' } },
        private_key_jwt: {
          authorization: undefined,
          body: {
            client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
            client_assertion: signed('keyed'),
          },
        },
      };
      const accepted: string[] = [];
      for (const [method, request] of Object.entries(requests)) {
        try {
          const result = await authenticateClient(clients, request.authorization, request.body, endpoint);
          expect(result.method).toBe(method);
          accepted.push(method);
        } catch (error) {
          expect(error, method).toBeInstanceOf(OAuthError);
          expect((error as OAuthError).error, method).toBe('invalid_client');
        }
      }
      expect(accepted.sort()).toEqual([...advertised(name)].sort());
    },
  );
});
