/**
 * Zero-knowledge key delivery at /authorize, /authorize/finalize and /token
 * (docs/integration.md#zero-knowledge-key-delivery, docs/zk.md §5): the app's ephemeral P-256 key (zk_pub) is
 * validated, v2 requests need zk_key_hash at finalize, and the token response carries only the hash (never
 * the JWE). Legacy v1 (drk_hash → zk_drk_hash) is for explicitly legacy clients only.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeOnce,
  codeOf,
  pendingRequestId,
  pendingRequestView,
  redeemCode,
} from '../testing/code-flow.js';
import { accountKeyBody, newAccountKey, signInWithPassword } from '../testing/keys.js';
import {
  expectErrorRedirect,
  finalize,
  type RegisteredClient,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let v2: RegisteredClient;
let legacy: RegisteredClient;
let user: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  // First-party, so consent never hides what key delivery alone decides.
  v2 = await registerClient(server, { zk_delivery: 'v2', zk_required: true, first_party: true });
  legacy = await registerClient(server, { zk_delivery: 'legacy-v1', zk_required: true, first_party: true });
  user = await signInWithPassword(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const encodeJwk = (jwk: object) => Buffer.from(JSON.stringify(jwk)).toString('base64url');

function p256PublicJwk(): Record<string, string> {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }) as Record<
    string,
    string
  >;
}

/** base64url(SHA-256(value)), the form of zk_key_hash and drk_hash. */
const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

async function authorize(client: RegisteredClient, zkPub: string | undefined, as: SignedIn = user) {
  const state = oauth.generateRandomState();
  return { state, ...(await authorizeOnce(server, as, client, { state, zk_pub: zkPub })) };
}

/** Redeems the code of an approved request's redirect, which must carry one. */
const redeem = (client: RegisteredClient, redirect: string, verifier: string) =>
  redeemCode(server, client, { code: codeOf(redirect), verifier });

describe('zk_pub validation at /authorize (v2 client, zk_required)', () => {
  it('a missing zk_pub is an invalid_request error redirect', async () => {
    const { answer, state } = await authorize(v2, undefined);
    expectErrorRedirect(server, answer, { error: 'invalid_request', state });
  });

  it.each([
    [
      'a private key (member d)',
      () =>
        encodeJwk(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })),
    ],
    [
      'another curve (P-384)',
      () => encodeJwk(generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ format: 'jwk' })),
    ],
    [
      'an RSA key',
      () =>
        encodeJwk(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' })),
    ],
    [
      'a point off the curve',
      () => {
        const jwk = p256PublicJwk();
        const y = Buffer.from(jwk.y!, 'base64url');
        y[31]! ^= 1;
        return encodeJwk({ ...jwk, y: y.toString('base64url') });
      },
    ],
    [
      'characters outside base64url',
      () => {
        const encoded = encodeJwk(p256PublicJwk());
        return `${encoded.slice(0, 10)}!*${encoded.slice(10)}`;
      },
    ],
    [
      'standard base64 with padding',
      () => `${Buffer.from(JSON.stringify(p256PublicJwk())).toString('base64')}==`,
    ],
    [
      'base64url with stray bits in its last character (a second spelling of the same key)',
      () => {
        let json = JSON.stringify(p256PublicJwk());
        while (Buffer.from(json).toString('base64url').length % 4 === 0) json += ' ';
        const encoded = Buffer.from(json).toString('base64url');
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        // The lowest bit of the last character is padding here: flipping it changes no decoded byte.
        const last = alphabet[alphabet.indexOf(encoded.at(-1)!) ^ 1]!;
        return `${encoded.slice(0, -1)}${last}`;
      },
    ],
    ['base64url of something that is not JSON', () => Buffer.from('not json').toString('base64url')],
    ['a JSON array', () => encodeJwk([p256PublicJwk()])],
  ])('%s is an invalid_request error redirect', async (_case, zkPub) => {
    const { answer, state } = await authorize(v2, zkPub());
    expectErrorRedirect(server, answer, { error: 'invalid_request', state });
  });
});

describe('v2 delivery: finalize and token', () => {
  it('a valid zk_pub parks the request for the hosted UI, even with a session', async () => {
    const zkPub = encodeJwk(p256PublicJwk());
    const { answer, state } = await authorize(v2, zkPub);
    expect(answer.status).toBe(302);
    const requestId = pendingRequestId(server, answer.location);
    // The hosted UI reads the key back to encrypt the app key to it, with what the JWE payload binds (§5 step 2).
    expect(await pendingRequestView(server, user, requestId)).toMatchObject({
      zk_delivery: 'v2',
      zk_pub: zkPub,
      key_delivery: { issuer: server.config.baseUrl, redirect_uri: RP_REDIRECT, state },
    });
  });

  it('finalize without zk_key_hash is 400 zk_key_hash_required; a malformed hash is refused too', async () => {
    const { answer } = await authorize(v2, encodeJwk(p256PublicJwk()));
    const requestId = pendingRequestId(server, answer.location);
    expect(await finalize(server, user, { request_id: requestId, decision: 'approve' })).toMatchObject({
      status: 400,
      json: { error: 'zk_key_hash_required' },
    });
    expect(
      await finalize(server, user, { request_id: requestId, decision: 'approve', zk_key_hash: 'short' }),
    ).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    // drk_hash belongs to legacy v1 clients only.
    expect(
      await finalize(server, user, {
        request_id: requestId,
        decision: 'approve',
        zk_key_hash: hashOf('jwe'),
        drk_hash: hashOf('drk'),
      }),
    ).toMatchObject({ status: 400, json: { error: 'drk_hash_not_allowed' } });
  });

  it('finalize with zk_key_hash gives a code; /token returns the hash, kind and version, and no JWE', async () => {
    const { answer, verifier, state } = await authorize(v2, encodeJwk(p256PublicJwk()));
    const requestId = pendingRequestId(server, answer.location);
    const zkKeyHash = hashOf('eyJhbGciOiJFQ0RILUVTIn0.fake.jwe');
    // keys.zk_requires_unlocked_keybag (default true): no keybag, no key delivery; the request stays pending.
    expect(
      await finalize(server, user, { request_id: requestId, decision: 'approve', zk_key_hash: zkKeyHash }),
    ).toMatchObject({ status: 409, json: { error: 'keybag_required' } });
    await server.context.keys.keybags.createAccountKey(
      user.user.id,
      accountKeyBody(newAccountKey(user.user.id)).body,
    );
    expect((await server.context.keys.keybags.keybag(user.user.id)).accountKey?.lastUnlockedAt).toBeNull();
    const approved = await finalize(server, user, {
      request_id: requestId,
      decision: 'approve',
      zk_key_hash: zkKeyHash,
    });
    expect(approved.status).toBe(200);
    // The delivery is the server's evidence of an unlock (the admin summary's last unlock).
    expect(
      (await server.context.keys.keybags.keybag(user.user.id)).accountKey?.lastUnlockedAt,
    ).toBeInstanceOf(Date);
    const redirect = new URL(approved.json.redirect_uri as string);
    expect(redirect.searchParams.get('state')).toBe(state);
    expect(redirect.searchParams.get('iss')).toBe(server.config.baseUrl);
    const tokens = await redeem(v2, redirect.href, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.json).toMatchObject({
      zk_key_hash: zkKeyHash,
      zk_key_kind: 'client_app_key',
      zk_key_version: 2,
    });
    expect(tokens.json).not.toHaveProperty('zk_drk_hash');
    // Only the hash: no member carries a compact JWE (five dot-separated parts) or a key.
    const jweLike = Object.entries(tokens.json).filter(
      ([, value]) => typeof value === 'string' && value.split('.').length === 5,
    );
    expect(jweLike).toEqual([]);
    for (const name of ['zk_key_jwe', 'service_key_jwe', 'drk_jwe', 'zk_key']) {
      expect(tokens.json).not.toHaveProperty(name);
    }
  });

  it('zk_envelope_id records when that envelope was last used; a foreign, unknown or stale one is refused', async () => {
    const owner = await signInWithPassword(server);
    const other = await signInWithPassword(server);
    await server.context.keys.keybags.createAccountKey(
      owner.user.id,
      accountKeyBody(newAccountKey(owner.user.id)).body,
    );
    const unknownId = accountKeyBody(newAccountKey(owner.user.id)).body.envelopes[0]!.id;
    const theirs = accountKeyBody(newAccountKey(other.user.id));
    await server.context.keys.keybags.createAccountKey(other.user.id, theirs.body);
    const created = (await server.context.keys.keybags.keybag(owner.user.id)).envelopes;
    const password = created.find((envelope) => envelope.type === 'password');
    const recovery = created.find((envelope) => envelope.type === 'recovery_key');
    const lastUsed = async () =>
      Object.fromEntries(
        (await server.context.keys.keybags.keybag(owner.user.id)).envelopes.map((e) => [
          e.type,
          e.lastUsedAt,
        ]),
      );
    expect(await lastUsed()).toEqual({ password: null, recovery_key: null });

    const { answer } = await authorize(v2, encodeJwk(p256PublicJwk()), owner);
    const requestId = pendingRequestId(server, answer.location);
    const approve = (extra: Record<string, string>) =>
      finalize(server, owner, { request_id: requestId, decision: 'approve', ...extra });
    // Another user's envelope id, an unknown one, and one without a key delivery: refused, the request stays pending.
    for (const id of [theirs.body.envelopes[0]!.id, unknownId]) {
      expect(await approve({ zk_key_hash: hashOf('jwe'), zk_envelope_id: id })).toMatchObject({
        status: 400,
        json: { error: 'invalid_envelope' },
      });
    }
    expect(
      await finalize(server, owner, {
        request_id: requestId,
        decision: 'deny',
        zk_envelope_id: recovery!.id,
      }),
    ).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    expect(await lastUsed()).toEqual({ password: null, recovery_key: null });

    const approved = await approve({ zk_key_hash: hashOf('jwe'), zk_envelope_id: recovery!.id });
    expect(approved.status).toBe(200);
    const after = await lastUsed();
    expect(after.password).toBeNull();
    expect(after.recovery_key).toBeInstanceOf(Date);
    const keybag = await server.context.keys.keybags.keybag(owner.user.id);
    expect(after.recovery_key).toEqual(keybag.accountKey?.lastUnlockedAt);

    // A stale password envelope (its password was reset) unlocks nothing, so it cannot be named either.
    await server.context.keys.keybags.markPasswordEnvelopesStale(owner.user.id);
    const again = pendingRequestId(
      server,
      (await authorize(v2, encodeJwk(p256PublicJwk()), owner)).answer.location,
    );
    expect(
      await finalize(server, owner, {
        request_id: again,
        decision: 'approve',
        zk_key_hash: hashOf('jwe'),
        zk_envelope_id: password!.id,
      }),
    ).toMatchObject({ status: 400, json: { error: 'invalid_envelope' } });
  });

  it('with keys.zk_requires_unlocked_keybag off, a user without a keybag may be handed a key', async () => {
    const newcomer = await signInWithPassword(server);
    await server.context.settings.set('keys.zk_requires_unlocked_keybag', false);
    try {
      const { answer } = await authorize(v2, encodeJwk(p256PublicJwk()), newcomer);
      const approved = await finalize(server, newcomer, {
        request_id: pendingRequestId(server, answer.location),
        decision: 'approve',
        zk_key_hash: hashOf('another.fake.jwe'),
      });
      expect(approved.status).toBe(200);
    } finally {
      await server.context.settings.set('keys.zk_requires_unlocked_keybag', true);
    }
  });

  it('drk_hash is refused for a v2 client', async () => {
    const { answer } = await authorize(v2, encodeJwk(p256PublicJwk()));
    const approved = await finalize(server, user, {
      request_id: pendingRequestId(server, answer.location),
      decision: 'approve',
      drk_hash: hashOf('drk'),
    });
    expect(approved).toMatchObject({ status: 400, json: { error: 'drk_hash_not_allowed' } });
  });

  it('zk_key_hash is refused for a client without ZK delivery', async () => {
    const plain = await registerClient(server, { first_party: true });
    const { answer: pending } = await authorizeOnce(server, user, plain, { prompt: 'consent' });
    const answer = await finalize(server, user, {
      request_id: pendingRequestId(server, pending.location),
      decision: 'approve',
      zk_key_hash: hashOf('jwe'),
    });
    expect(answer).toMatchObject({ status: 400, json: { error: 'zk_key_hash_not_allowed' } });
  });
});

describe('legacy v1 delivery', () => {
  it('drk_hash at finalize comes back as zk_drk_hash at /token, without the v2 members', async () => {
    const { answer, verifier } = await authorize(legacy, encodeJwk(p256PublicJwk()));
    const requestId = pendingRequestId(server, answer.location);
    // The legacy payload binds the same members as v2's (docs/zk.md §5.1).
    expect(await pendingRequestView(server, user, requestId)).toMatchObject({
      zk_delivery: 'legacy-v1',
      zk_key_scope: 'client',
      key_delivery: { issuer: server.config.baseUrl, redirect_uri: RP_REDIRECT, organization_id: null },
    });
    expect(await finalize(server, user, { request_id: requestId, decision: 'approve' })).toMatchObject({
      status: 400,
      json: { error: 'drk_hash_required' },
    });
    const drkHash = hashOf('legacy-drk-jwe');
    const approved = await finalize(server, user, {
      request_id: requestId,
      decision: 'approve',
      drk_hash: drkHash,
    });
    expect(approved.status).toBe(200);
    const tokens = await redeem(legacy, approved.json.redirect_uri as string, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.json.zk_drk_hash).toBe(drkHash);
    for (const name of ['zk_key_hash', 'zk_key_kind', 'zk_key_version'])
      expect(tokens.json).not.toHaveProperty(name);
  });

  it('drk_hash is refused when the request delivers no key (legacy client without zk_pub)', async () => {
    const optional = await registerClient(server, { zk_delivery: 'legacy-v1', first_party: true });
    const { answer: pending, verifier } = await authorizeOnce(server, user, optional, { prompt: 'consent' });
    const requestId = pendingRequestId(server, pending.location);
    const refused = await finalize(server, user, {
      request_id: requestId,
      decision: 'approve',
      drk_hash: 'x',
    });
    expect(refused).toMatchObject({ status: 400, json: { error: 'drk_hash_not_allowed' } });
    // Without it the request completes normally, and the token response has no ZK members.
    const approved = await finalize(server, user, { request_id: requestId, decision: 'approve' });
    const tokens = await redeem(optional, approved.json.redirect_uri as string, verifier);
    expect(tokens.status).toBe(200);
    expect(Object.keys(tokens.json).filter((name) => name.startsWith('zk_'))).toEqual([]);
  });

  it('zk_key_hash is refused for a legacy client, and a missing zk_pub is an error redirect', async () => {
    const { answer } = await authorize(legacy, encodeJwk(p256PublicJwk()));
    const refused = await finalize(server, user, {
      request_id: pendingRequestId(server, answer.location),
      decision: 'approve',
      zk_key_hash: hashOf('jwe'),
    });
    expect(refused).toMatchObject({ status: 400, json: { error: 'zk_key_hash_not_allowed' } });
    const missing = await authorize(legacy, undefined);
    expectErrorRedirect(server, missing.answer, { error: 'invalid_request', state: missing.state });
  });
});
