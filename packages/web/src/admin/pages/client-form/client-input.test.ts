import { describe, expect, it } from 'vitest';
import { clientDraft } from './client-draft';
import { clientInput } from './client-input';

const PUBLIC_KEY = {
  kty: 'EC',
  crv: 'P-256',
  x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
  y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
  kid: 'k1',
};

function draft(patch: Partial<ReturnType<typeof clientDraft>>) {
  return { ...clientDraft(null), name: 'App', redirectUris: 'https://app.example/cb', ...patch };
}

describe('client authentication fields', () => {
  it('sends private_key_jwt with the public keys typed', () => {
    const { input, errors } = clientInput(
      draft({
        authMethod: 'private_key_jwt',
        jwks: JSON.stringify({ keys: [PUBLIC_KEY] }),
        requirePar: true,
      }),
      true,
    );
    expect(Object.values(errors).filter(Boolean)).toEqual([]);
    expect(input.token_endpoint_auth_method).toBe('private_key_jwt');
    expect(input.jwks).toEqual({ keys: [PUBLIC_KEY] });
    expect(input.jwks_uri).toBeNull();
    expect(input.require_pushed_authorization_requests).toBe(true);
  });

  it('sends the FAPI 2.0 profile with everything it requires, whatever the other boxes say', () => {
    const { input, errors } = clientInput(
      draft({
        fapi2Profile: true,
        authMethod: 'client_secret_basic',
        jwks: JSON.stringify({ keys: [PUBLIC_KEY] }),
        requirePar: false,
        requirePkce: false,
        dpopBoundAccessTokens: false,
      }),
      true,
    );
    expect(Object.values(errors).filter(Boolean)).toEqual([]);
    expect(input).toMatchObject({
      fapi2_profile: true,
      token_endpoint_auth_method: 'private_key_jwt',
      require_pushed_authorization_requests: true,
      require_pkce: true,
      dpop_bound_access_tokens: true,
    });
    expect(clientInput(draft({ fapi2Profile: true }), true).errors.jwks).toMatch(/needs the public keys/);
  });

  it('explains what is missing or wrong before sending', () => {
    expect(clientInput(draft({ authMethod: 'private_key_jwt' }), true).errors.jwks).toMatch(
      /needs the public keys/,
    );
    expect(clientInput(draft({ jwks: '{"keys": [' }), true).errors.jwks).toMatch(/JSON/);
    const withPrivate = JSON.stringify({ keys: [{ ...PUBLIC_KEY, d: 'secret' }] });
    expect(clientInput(draft({ jwks: withPrivate }), true).errors.jwks).toMatch(/public keys only/);
    const both = draft({ jwks: JSON.stringify({ keys: [PUBLIC_KEY] }), jwksUri: 'https://app.example/jwks' });
    expect(clientInput(both, true).errors.jwksUri).toMatch(/not both/);
  });

  it('gives a public client none, whatever the draft held', () => {
    const { input } = clientInput(
      draft({ type: 'public', authMethod: 'private_key_jwt', jwksUri: 'https://app.example/jwks' }),
      true,
    );
    expect(input.token_endpoint_auth_method).toBe('none');
    expect(input.jwks_uri).toBe('https://app.example/jwks');
  });
});

describe('logout fields', () => {
  it('sends the back-channel logout URI and switches, and clears an empty URI to null', () => {
    const { input, errors } = clientInput(
      draft({
        backchannelLogoutUri: ' https://app.example/backchannel-logout ',
        backchannelLogoutSessionRequired: true,
        logoutEndsOfflineAccess: true,
      }),
      true,
    );
    expect(Object.values(errors).filter(Boolean)).toEqual([]);
    expect(input).toMatchObject({
      backchannel_logout_uri: 'https://app.example/backchannel-logout',
      backchannel_logout_session_required: true,
      logout_ends_offline_access: true,
    });
    expect(clientInput(draft({}), true).input.backchannel_logout_uri).toBeNull();
  });

  it('explains a URI the server would refuse', () => {
    expect(
      clientInput(draft({ backchannelLogoutUri: 'http://app.example/logout' }), true).errors,
    ).toMatchObject({
      backchannelLogoutUri: expect.stringMatching(/https/),
    });
    expect(
      clientInput(draft({ backchannelLogoutUri: 'https://app.example/logout#x' }), true).errors
        .backchannelLogoutUri,
    ).toMatch(/fragment/);
  });
});

describe('token exchange policy', () => {
  const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';

  it('sends the policy while the grant is ticked, one entry per line, and null otherwise', () => {
    const { input, errors } = clientInput(
      draft({
        grants: new Set(['authorization_code', GRANT]),
        exchangeAudiences: 'orders-api\n https://orders.example/api \n\norders-api',
        exchangeScopes: 'orders:read\ninventory:read',
        exchangeSubjectClients: 'web-app',
      }),
      true,
    );
    expect(Object.values(errors).filter(Boolean)).toEqual([]);
    expect(input.token_exchange).toEqual({
      audiences: ['orders-api', 'https://orders.example/api'],
      scopes: ['orders:read', 'inventory:read'],
      subject_clients: ['web-app'],
    });
    expect(clientInput(draft({ exchangeAudiences: 'orders-api' }), true).input.token_exchange).toBeNull();
  });

  it('round-trips a stored policy through the draft', () => {
    const stored = clientInput(
      draft({ grants: new Set([GRANT]), exchangeAudiences: 'orders-api', exchangeScopes: 'orders:read' }),
      true,
    ).input;
    const edited = clientDraft({
      ...stored,
      client_id: 'svc',
      token_exchange: stored.token_exchange,
    } as unknown as Parameters<typeof clientDraft>[0]);
    expect(edited.exchangeAudiences).toBe('orders-api');
    expect(edited.exchangeScopes).toBe('orders:read');
  });

  it('explains a missing audience, bad entries and a public client before sending', () => {
    const grants = new Set(['authorization_code', GRANT] as const);
    expect(clientInput(draft({ grants }), true).errors.exchangeAudiences).toMatch(/at least one/);
    expect(
      clientInput(draft({ grants, exchangeAudiences: 'https://a.example/#x' }), true).errors
        .exchangeAudiences,
    ).toMatch(/fragment/);
    expect(
      clientInput(draft({ grants, exchangeAudiences: 'a', exchangeScopes: 'two words' }), true).errors
        .exchangeScopes,
    ).toMatch(/One scope per line/);
    expect(
      clientInput(draft({ grants, exchangeAudiences: 'a', exchangeSubjectClients: 'x y' }), true).errors
        .exchangeSubjectClients,
    ).toMatch(/client ID/);
    expect(
      clientInput(draft({ grants, type: 'public', exchangeAudiences: 'a' }), true).errors.grants,
    ).toMatch(/confidential/);
  });
});
