import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import {
  AddEnvelopeInput,
  CreateAccountKeyInput,
  EncPubInput,
  EncPubView,
  EnvelopeMetadata,
  envelopeMetadata,
  KeybagView,
  keybagView,
  LegacyDrkInput,
  LegacyDrkView,
  RotateInput,
  UnlockPolicyView,
  WrappedPrivateInput,
  WrappedPrivateView,
} from './model.js';
import { keyRouteHelpers, TAG } from './route-helpers.js';
import type { EncryptionKeysRow, LegacyDrkRow } from './store.js';

/** Request body limits (docs/zk.md §7.1): over them Fastify answers 413 before anything is parsed or stored. */
const KIB = 1024;
const SET_BODY_LIMIT = 64 * KIB;
const ENVELOPE_BODY_LIMIT = 8 * KIB;
const JWK_BODY_LIMIT = 4 * KIB;

const encPubView = (keys: EncryptionKeysRow) => ({
  user_id: keys.userId,
  jwk: keys.publicJwk,
  kid: keys.kid,
  updated_at: keys.publicUpdatedAt.toISOString(),
});

/**
 * The signed-in user's key custody API (docs/zk.md §7) on the public port. Every route needs a user
 * session whose second factor is done; writes need the session's CSRF token and our Origin
 * (accounts/session-http.ts); rotation, envelope deletion and replacement also need a fresh second factor when the
 * user has TOTP enrolled. Each change and its audit entry (ids, types, versions — never key material) commit
 * together.
 */
export function registerKeyRoutes(app: App, context: AppContext): void {
  const keys = context.keys.keybags;
  const { access, userOf, audited } = keyRouteHelpers(context);
  // Per-user bounds (docs/zk.md §7.3), counted before the body is validated so malformed writes count too.
  const limitWrites = async (request: FastifyRequest) => {
    await context.rateLimits.consume('keybag-writes-user', userOf(request));
  };
  const limitLookups = async (request: FastifyRequest) => {
    await context.rateLimits.consume('user-key-lookups-user', userOf(request));
  };

  app.get(
    '/crypto/keybag',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: "The caller's keybag: account-key metadata and every envelope with its ciphertext",
        response: { 200: KeybagView, ...errorResponses() },
      },
    },
    async (request) => {
      const { accountKey, envelopes } = await keys.keybag(userOf(request));
      return keybagView(userOf(request), accountKey, envelopes);
    },
  );

  app.post(
    '/crypto/keybag/account-key',
    {
      config: { access: 'session+csrf' },
      preValidation: limitWrites,
      bodyLimit: SET_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary:
          'Creates the account key with its first envelopes, only when the caller has none (409 otherwise, also under concurrent calls)',
        body: CreateAccountKeyInput,
        response: {
          201: KeybagView,
          ...errorResponses(
            'rate_limited',
            'account_key_exists',
            'password_not_set',
            'invalid_envelope',
            'passkey_not_registered',
            'envelope_type_not_allowed',
          ),
        },
      },
    },
    async (request, reply) => {
      const created = await audited(
        request,
        () => keys.createAccountKey(userOf(request), request.body),
        'keys.account_key_created',
        (result) => ({
          version: result.accountKey?.version,
          envelopes: result.envelopes.map((envelope) => ({ id: envelope.id, type: envelope.type })),
        }),
      );
      return reply.code(201).send(keybagView(userOf(request), created.accountKey, created.envelopes));
    },
  );

  app.get(
    '/crypto/keybag/envelopes',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: "The caller's envelopes: metadata only, no ciphertext",
        response: { 200: Type.Object({ envelopes: Type.Array(EnvelopeMetadata) }), ...errorResponses() },
      },
    },
    async (request) => {
      const { envelopes } = await keys.keybag(userOf(request));
      return { envelopes: envelopes.map(envelopeMetadata) };
    },
  );

  app.post(
    '/crypto/keybag/envelopes',
    {
      config: { access: 'session+csrf' },
      preValidation: limitWrites,
      bodyLimit: ENVELOPE_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary:
          'Adds an envelope made for the current keybag version; `replaces` swaps one atomically (needs a fresh second factor when TOTP is enrolled)',
        body: AddEnvelopeInput,
        response: {
          201: EnvelopeMetadata,
          ...errorResponses(
            'rate_limited',
            'step_up_required',
            'keybag_not_found',
            'version_mismatch',
            'not_found',
            'envelope_exists',
            'too_many_envelopes',
            'password_envelope_exists',
            'password_not_set',
            'invalid_envelope',
            'passkey_not_registered',
            'envelope_type_not_allowed',
          ),
        },
      },
    },
    async (request, reply) => {
      if (request.body.replaces !== undefined) await access.requireRecentSecondFactor(request);
      const { envelope } = await audited(
        request,
        () => keys.addEnvelope(userOf(request), request.body),
        'keys.envelope_added',
        (result) => ({
          envelope: result.envelope.id,
          type: result.envelope.type,
          version: request.body.expected_version,
          replaced: result.replaced ? { id: result.replaced.id, type: result.replaced.type } : null,
        }),
      );
      return reply.code(201).send(envelopeMetadata(envelope));
    },
  );

  app.delete(
    '/crypto/keybag/envelopes/:envelopeId',
    {
      config: { access: 'session+csrf' },
      preValidation: limitWrites,
      schema: {
        tags: [TAG],
        summary:
          'Removes an envelope of the caller (never the last one that can unlock; fresh second factor when TOTP is enrolled)',
        params: Type.Object({ envelopeId: Type.String({ maxLength: 100 }) }),
        response: {
          204: noContentResponse('Done'),
          ...errorResponses('rate_limited', 'step_up_required', 'not_found', 'last_unlock_envelope'),
        },
      },
    },
    async (request, reply) => {
      await access.requireRecentSecondFactor(request);
      await audited(
        request,
        () => keys.deleteEnvelope(userOf(request), request.params.envelopeId),
        'keys.envelope_deleted',
        (removed) => ({ envelope: removed.id, type: removed.type }),
      );
      return noContent(reply);
    },
  );

  app.post(
    '/crypto/keybag/rotate',
    {
      config: { access: 'session+csrf' },
      preValidation: limitWrites,
      bodyLimit: SET_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary:
          'Replaces the account-key material and the whole envelope set atomically, if the keybag is still at expected_version (fresh second factor when TOTP is enrolled)',
        body: RotateInput,
        response: {
          200: KeybagView,
          ...errorResponses(
            'rate_limited',
            'step_up_required',
            'keybag_not_found',
            'version_mismatch',
            'key_check_mismatch',
            'new_key_setup_not_allowed',
            'password_not_set',
            'invalid_envelope',
            'passkey_not_registered',
            'envelope_type_not_allowed',
          ),
        },
      },
    },
    async (request) => {
      await access.requireRecentSecondFactor(request);
      const rotated = await audited(
        request,
        () => keys.rotate(userOf(request), request.body),
        'keys.rotated',
        (result) => ({
          from_version: result.previousVersion,
          to_version: result.accountKey?.version,
          new_root: result.newKey,
          removed: result.removed,
          envelopes: result.envelopes.map((envelope) => ({ id: envelope.id, type: envelope.type })),
        }),
      );
      return keybagView(userOf(request), rotated.accountKey, rotated.envelopes);
    },
  );

  app.get(
    '/crypto/unlock-policy',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: "The caller's effective unlock policy and the unlock methods open to them (metadata only)",
        description:
          'With organization_id (one of the caller’s organizations; any other is 404, as an unknown one): the policy of authorizations made for that organization. Without: the strictest combination of the global policy and those of every organization the caller is an active member of (docs/zk.md §8.1).',
        querystring: Type.Object(
          { organization_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) },
          { additionalProperties: false },
        ),
        response: { 200: UnlockPolicyView, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const policy = await keys.effectivePolicy(userOf(request), request.query.organization_id);
      return {
        allowed_envelope_types: policy.allowedEnvelopeTypes,
        zk_requires_unlocked_keybag: policy.zkRequiresUnlockedKeybag,
        trusted_device_approval: policy.trustedDeviceApproval,
        new_key_setup_allowed: policy.newKeySetupAllowed,
        keybag_exists: policy.keybagExists,
        has_password: policy.hasPassword,
        methods: policy.methods,
      };
    },
  );

  app.put(
    '/crypto/enc-pub',
    {
      config: { access: 'session+csrf' },
      preValidation: limitWrites,
      bodyLimit: JWK_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary:
          "Stores the caller's public encryption key (a P-256 public JWK; private members are refused)",
        body: EncPubInput,
        response: { 200: EncPubView, ...errorResponses('rate_limited', 'invalid_jwk') },
      },
    },
    async (request) => {
      const stored = await audited(
        request,
        () => keys.setEncPub(userOf(request), request.body.jwk),
        'keys.enc_pub_set',
        (result) => ({ kid: result.kid }),
      );
      return encPubView(stored);
    },
  );

  app.get(
    '/crypto/user-enc-pub',
    {
      config: { access: 'session' },
      preValidation: limitLookups,
      schema: {
        tags: [TAG],
        summary:
          "A user's public encryption key, when the caller shares an active organization with them (otherwise 404, as for an unknown user)",
        querystring: Type.Object({
          user_id: Type.String({ minLength: 1, maxLength: 100 }),
        }),
        response: { 200: EncPubView, ...errorResponses('not_found', 'rate_limited') },
      },
    },
    async (request) => encPubView(await keys.encPubOf(userOf(request), request.query.user_id)),
  );

  app.put(
    '/crypto/wrapped-enc-priv',
    {
      config: { access: 'session+csrf' },
      preValidation: limitWrites,
      bodyLimit: JWK_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary:
          "Stores the caller's private encryption JWK, wrapped in the browser; kid must be the current enc-pub thumbprint",
        body: WrappedPrivateInput,
        response: { 200: WrappedPrivateView, ...errorResponses('rate_limited', 'enc_pub_mismatch') },
      },
    },
    async (request) => {
      const stored = await audited(
        request,
        () => keys.setWrappedPrivate(userOf(request), request.body),
        'keys.enc_priv_set',
        (result) => ({ kid: result.kid }),
      );
      return wrappedView(stored);
    },
  );

  app.get(
    '/crypto/wrapped-enc-priv',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: "The caller's wrapped private encryption JWK, to recover it on a new session or device",
        response: { 200: WrappedPrivateView, ...errorResponses('not_found') },
      },
    },
    async (request) => wrappedView(await keys.wrappedPrivate(userOf(request))),
  );

  // Legacy v1 (docs/zk.md §5.1): one opaque wrapped data root key per user and legacy app. Not part of the current
  // contract; new integrations use the keybag.
  app.get(
    '/crypto/legacy/wrapped-drk',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Legacy v1 only: the wrapped data root key the caller stored for a legacy application',
        querystring: Type.Object({ client_id: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: LegacyDrkView, ...errorResponses('not_legacy_client', 'not_found') },
      },
    },
    async (request) => legacyDrkView(await keys.legacyDrk(userOf(request), request.query.client_id)),
  );

  app.put(
    '/crypto/legacy/wrapped-drk',
    {
      config: { access: 'session+csrf' },
      preValidation: limitWrites,
      bodyLimit: ENVELOPE_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary: 'Legacy v1 only: stores (or replaces) the wrapped data root key for a legacy application',
        body: LegacyDrkInput,
        response: { 200: LegacyDrkView, ...errorResponses('rate_limited', 'not_legacy_client') },
      },
    },
    async (request) => {
      const stored = await audited(
        request,
        () => keys.setLegacyDrk(userOf(request), request.body.client_id, request.body.ciphertext),
        'keys.legacy_drk_set',
        (result) => ({ client_id: result.clientId }),
      );
      return legacyDrkView(stored);
    },
  );
}

function wrappedView(keys: EncryptionKeysRow) {
  const wrapped = keys.wrappedPrivate!;
  return {
    kid: wrapped.kid,
    alg: wrapped.alg,
    ciphertext: wrapped.ciphertext,
    updated_at: keys.privateUpdatedAt!.toISOString(),
    matches_enc_pub: wrapped.kid === keys.kid,
  };
}

function legacyDrkView(row: LegacyDrkRow) {
  return { client_id: row.clientId, ciphertext: row.ciphertext, updated_at: row.updatedAt.toISOString() };
}
