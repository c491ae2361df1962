import { appError } from '../app/errors.js';
import { RequiredHook } from '../app/required-hook.js';
import type { SettingsService } from '../config/settings.js';
import type { OrganizationUnlockPolicy } from '../orgs/model.js';
import { keysError } from './errors.js';
import {
  ENVELOPE_KDF_INFO,
  ENVELOPE_TYPES,
  type EnvelopeType,
  jwkThumbprint,
  MAX_ENVELOPES,
  type P256PublicJwk,
  p256PublicJwkProblem,
  ZK_SCHEME,
} from './formats.js';
import type {
  AddEnvelopeInput,
  CreateAccountKeyInput,
  EnvelopeInput,
  RotateInput,
  UnlockMethod,
  WrappedPrivateInput,
} from './model.js';
import type { EncryptionKeysRow, EnvelopeRow, KeybagRow, KeyStore, LegacyDrkRow } from './store.js';
import { globalUnlockPolicy, strictest, type UnlockPolicy, withOverride } from './unlock-policy.js';

/** The same answer for an envelope that does not exist and one of another user (nothing to learn by probing). */
export const envelopeNotFound = () => appError('not_found', 'envelope was not found');
const keybagNotFound = () =>
  keysError('keybag_not_found', 'there is no keybag; create the account key first');
const versionMismatch = () =>
  keysError('version_mismatch', 'the keybag changed since it was read; read it again and retry');
const invalidEnvelope = (message: string) => keysError('invalid_envelope', message);
/** What the passkeys slice answers for a passkey_prf envelope naming a credential the user has not registered. */
export const passkeyNotRegistered = () =>
  keysError(
    'passkey_not_registered',
    'credential_id names none of your registered passkeys; register the passkey before adding its envelope',
  );
/** Unknown, disabled, invisible to the caller or without a key: one answer (docs/zk.md §6). */
const encPubNotFound = () => appError('not_found', 'no public encryption key for this user');

export type { UnlockPolicy };

/**
 * The organizations' overrides of the unlock policy (stored with each organization, orgs/): one organization's, the
 * one of an organization the user is an active member of (else the 404 of an unknown organization), and those of
 * every organization the user is an active member of.
 */
export interface OrganizationPolicies {
  ofOrganization(organizationId: string): Promise<OrganizationUnlockPolicy | null>;
  ofMembership(organizationId: string, userId: string): Promise<OrganizationUnlockPolicy>;
  ofMemberships(userId: string): Promise<OrganizationUnlockPolicy[]>;
}

export interface Keybag {
  accountKey: KeybagRow | null;
  envelopes: EnvelopeRow[];
}

/** Whether one user may see another (for their public encryption key): shared organization membership. */
export type VisibilityCheck = (callerId: string, targetId: string) => Promise<boolean>;
/** Whether a client is an explicitly legacy v1 ZK app (`zk_delivery: legacy-v1`). */
export type LegacyClientCheck = (clientId: string) => Promise<boolean>;
/**
 * Whether the account has a password (an OPAQUE record, accounts/): only then is there an export key to wrap a
 * password envelope with (docs/zk.md §3.1). Federated, SCIM-provisioned and passkey-only users have none.
 */
export type PasswordCheck = (userId: string) => Promise<boolean>;

const noPassword = () =>
  keysError(
    'password_not_set',
    'this account has no password, so nothing can open a password envelope; protect the key with a passkey or a recovery key',
  );

/** Unknown and non-legacy apps get one answer. */
const notLegacyClient = () =>
  keysError('not_legacy_client', 'wrapped-drk records exist only for legacy v1 applications');

/**
 * Zero-knowledge key custody (docs/zk.md): each user's keybag — account-key metadata and the envelopes that wrap
 * the account root key — and their encryption key pair. The service stores ciphertext and metadata only and checks
 * their shape; it can neither open nor produce any of them. Every change locks the keybag row first, so concurrent
 * changes of one keybag serialize (the version precondition and the last-envelope rule hold under races).
 */
export class KeyService {
  constructor(
    private readonly store: KeyStore,
    private readonly settings: SettingsService,
    private readonly mayView: VisibilityCheck,
    private readonly isLegacyClient: LegacyClientCheck,
    private readonly organizationPolicies: OrganizationPolicies,
    private readonly hasPassword: PasswordCheck,
  ) {}

  /**
   * A `passkey_prf` envelope names the credential whose PRF opens it (docs/zk.md §3.4): the passkeys slice, built
   * after this one, refuses (`passkey_not_registered`) a credential id that is not one of the user's registered
   * passkeys. Runs in the change's transaction, after the keybag row is locked, so a passkey removed concurrently
   * either is seen gone here or finds the new envelope to remove with it.
   */
  readonly passkeyEnvelopesNamed = new RequiredHook<[userId: string, credentialIds: string[]]>(
    'the passkeys that passkey_prf envelopes name',
  );

  private async checkPasskeysNamed(userId: string, envelopes: EnvelopeInput[]): Promise<void> {
    const credentialIds = envelopes.flatMap((envelope) =>
      envelope.type === 'passkey_prf' && envelope.credential_id !== undefined ? [envelope.credential_id] : [],
    );
    if (credentialIds.length > 0) await this.passkeyEnvelopesNamed.run(userId, credentialIds);
  }

  /** The global policy (the `keys.*` settings). */
  policy(): UnlockPolicy {
    return globalUnlockPolicy(this.settings);
  }

  /**
   * The policy of an authorization made for an organization (docs/zk.md §8.1): the global one with that
   * organization's override applied; the global one without an organization.
   */
  async organizationPolicy(organizationId: string | null): Promise<UnlockPolicy> {
    const override = organizationId ? await this.organizationPolicies.ofOrganization(organizationId) : null;
    return override ? withOverride(this.policy(), override) : this.policy();
  }

  /**
   * A user's policy outside any one organization (docs/zk.md §8.1): the strictest combination of the global policy
   * and the overrides of every organization they are an active member of, so that what the account pages offer,
   * and the envelopes and device approvals they make, are acceptable in each of them.
   */
  async userPolicy(userId: string): Promise<UnlockPolicy> {
    return strictest(this.policy(), await this.organizationPolicies.ofMemberships(userId));
  }

  /**
   * The caller's policy — in one of their organizations when `organizationId` is given (an organization they are
   * not an active member of answers as an unknown one), otherwise `userPolicy` — and the unlock methods open to
   * them under it now (their usable envelopes of allowed types).
   */
  async effectivePolicy(
    userId: string,
    organizationId?: string,
  ): Promise<UnlockPolicy & { keybagExists: boolean; hasPassword: boolean; methods: UnlockMethod[] }> {
    const policy =
      organizationId === undefined
        ? await this.userPolicy(userId)
        : withOverride(this.policy(), await this.organizationPolicies.ofMembership(organizationId, userId));
    const [{ accountKey, envelopes }, hasPassword] = await Promise.all([
      this.keybag(userId),
      this.hasPassword(userId),
    ]);
    const methods: UnlockMethod[] = [];
    if (accountKey) {
      // A password envelope opens only with the account's password: without one it is no way to unlock.
      const usable = new Set(
        envelopes
          .filter((envelope) => this.canUnlock(envelope, policy))
          .filter((envelope) => hasPassword || envelope.type !== 'password')
          .map((e) => e.type),
      );
      for (const type of ENVELOPE_TYPES) if (usable.has(type)) methods.push(type);
      if (policy.trustedDeviceApproval) methods.push('trusted_device_approval');
      if (policy.newKeySetupAllowed) methods.push('new_key_setup');
    }
    return { ...policy, keybagExists: accountKey !== null, hasPassword, methods };
  }

  async keybag(userId: string): Promise<Keybag> {
    const accountKey = await this.store.findKeybag(userId);
    return { accountKey, envelopes: accountKey ? await this.store.listEnvelopes(userId) : [] };
  }

  /**
   * Creates the account key with its first envelopes, only when the user has none: of any number of concurrent
   * calls exactly one succeeds (primary key on the user), the others get 409.
   */
  async createAccountKey(userId: string, input: CreateAccountKeyInput): Promise<Keybag> {
    const policy = await this.userPolicy(userId);
    this.checkEnvelopeSet(input.envelopes, policy);
    await this.requirePasswordFor(userId, input.envelopes);
    return this.store.transaction(async () => {
      const accountKey = await this.store.insertKeybag({
        userId,
        keyId: input.key_id,
        version: 1,
        scheme: ZK_SCHEME,
        keyCheck: input.key_check,
      });
      if (!accountKey) throw keysError('account_key_exists', 'this account already has an account key');
      await this.checkPasskeysNamed(userId, input.envelopes);
      const envelopes = await this.store.insertEnvelopes(input.envelopes.map((e) => envelopeRow(userId, e)));
      return { accountKey, envelopes };
    });
  }

  /**
   * Adds one envelope made for `expected_version`, optionally replacing one (a password change swaps the password
   * envelope this way, atomically). A keybag holds at most one password envelope.
   */
  async addEnvelope(
    userId: string,
    input: AddEnvelopeInput,
  ): Promise<{ envelope: EnvelopeRow; replaced: EnvelopeRow | null }> {
    this.checkEnvelope(input.envelope, this.policy());
    await this.requirePasswordFor(userId, [input.envelope]);
    const userPolicy = await this.userPolicy(userId);
    return this.store.transaction(async () => {
      const accountKey = await this.store.lockKeybag(userId);
      if (!accountKey) throw keybagNotFound();
      if (accountKey.version !== input.expected_version) throw versionMismatch();
      let replaced: EnvelopeRow | null = null;
      if (input.replaces !== undefined) {
        replaced = await this.store.deleteEnvelope(userId, input.replaces);
        if (!replaced) throw envelopeNotFound();
      }
      // Re-wrapping an envelope of the same type (a password change) adds no way to unlock: the global policy
      // suffices. Any other new envelope must be acceptable in each of the user's organizations.
      if (replaced?.type !== input.envelope.type) this.checkTypeAllowed(input.envelope.type, userPolicy);
      const remaining = await this.store.listEnvelopes(userId);
      if (remaining.some((envelope) => envelope.id === input.envelope.id)) {
        throw keysError('envelope_exists', 'an envelope with this id exists; choose a new id');
      }
      if (remaining.length >= MAX_ENVELOPES) {
        throw keysError('too_many_envelopes', `a keybag holds at most ${MAX_ENVELOPES} envelopes`);
      }
      if (input.envelope.type === 'password' && remaining.some((envelope) => envelope.type === 'password')) {
        throw keysError(
          'password_envelope_exists',
          'the keybag has a password envelope; name it in replaces to swap it',
        );
      }
      await this.checkPasskeysNamed(userId, [input.envelope]);
      const [envelope] = await this.store.insertEnvelopes([envelopeRow(userId, input.envelope)]);
      return { envelope: envelope!, replaced };
    });
  }

  /** Deletes an envelope of the user's own keybag; never the last one that can unlock. */
  async deleteEnvelope(userId: string, envelopeId: string): Promise<EnvelopeRow> {
    // The last envelope that unlocks under the global policy (apps outside organizations) or under the user's
    // organizations' policy stays: either way deleting it would lock the user out somewhere.
    const policies = [this.policy(), await this.userPolicy(userId)];
    return this.store.transaction(async () => {
      const accountKey = await this.store.lockKeybag(userId);
      if (!accountKey) throw envelopeNotFound();
      const envelopes = await this.store.listEnvelopes(userId);
      const target = envelopes.find((envelope) => envelope.id === envelopeId);
      if (!target) throw envelopeNotFound();
      const others = envelopes.filter((envelope) => envelope.id !== envelopeId);
      const lastThatUnlocks = policies.some(
        (policy) =>
          this.canUnlock(target, policy) && !others.some((envelope) => this.canUnlock(envelope, policy)),
      );
      if (lastThatUnlocks) {
        throw keysError(
          'last_unlock_envelope',
          'this is the last envelope that can unlock the keybag; add another first',
        );
      }
      await this.store.deleteEnvelope(userId, envelopeId);
      return target;
    });
  }

  /**
   * Replaces the account-key material and the whole envelope set in one transaction, when the keybag is still at
   * `expected_version`. The same key_id re-wraps the same account root key (its key check must not change); a new
   * key_id is new-key setup, allowed only when the policy says so, and drops the wrapped private encryption key
   * (it was wrapped under a key derived from the old root key).
   */
  async rotate(
    userId: string,
    input: RotateInput,
  ): Promise<Keybag & { newKey: boolean; previousVersion: number; removed: number }> {
    this.checkEnvelopeSet(input.envelopes, this.policy());
    await this.requirePasswordFor(userId, input.envelopes);
    const policy = await this.userPolicy(userId);
    return this.store.transaction(async () => {
      const current = await this.store.lockKeybag(userId);
      if (!current) throw keybagNotFound();
      if (current.version !== input.expected_version) throw versionMismatch();
      // Re-wrapping the types the keybag has needs the global policy only; a type it did not have must be
      // acceptable in each of the user's organizations (as addEnvelope).
      const had = new Set((await this.store.listEnvelopes(userId)).map((envelope) => envelope.type));
      for (const envelope of input.envelopes)
        if (!had.has(envelope.type)) this.checkTypeAllowed(envelope.type, policy);
      const newKey = input.key_id !== current.keyId;
      if (!newKey && input.key_check !== current.keyCheck) {
        throw keysError(
          'key_check_mismatch',
          'the key check differs but key_id is unchanged: a new account root key needs a new key_id',
        );
      }
      if (newKey && !policy.newKeySetupAllowed) {
        throw keysError('new_key_setup_not_allowed', 'replacing the account key is not allowed here');
      }
      const accountKey = await this.store.rotateKeybag(userId, input.expected_version, {
        keyId: input.key_id,
        keyCheck: input.key_check,
        rotatedAt: new Date(),
      });
      if (!accountKey) throw versionMismatch();
      await this.checkPasskeysNamed(userId, input.envelopes);
      const removed = await this.store.deleteAllEnvelopes(userId);
      const envelopes = await this.store.insertEnvelopes(input.envelopes.map((e) => envelopeRow(userId, e)));
      if (newKey) await this.store.clearWrappedPrivate(userId);
      return { accountKey, envelopes, newKey, previousVersion: current.version, removed };
    });
  }

  /**
   * Before /authorize/finalize accepts a v2 key delivery (docs/zk.md §5, §8): under the policy of the
   * authorization's organization (the global one without), when ZK apps need an unlocked keybag, a user without one
   * is refused — a key not derived from a stored account key would not be the same at the next sign-in.
   * `envelopeId`, when the browser says which envelope it opened (§7.2), must name one of the user's envelopes that
   * can unlock, of a type that policy allows.
   */
  async requireKeybagForDelivery(
    userId: string,
    envelopeId: string | undefined,
    organizationId: string | null = null,
  ): Promise<void> {
    const policy = await this.organizationPolicy(organizationId);
    if (envelopeId !== undefined) {
      const found = await this.store.findEnvelope(userId, envelopeId);
      const envelope = found?.status === 'usable' ? found : null;
      if (!envelope) {
        throw keysError(
          'invalid_envelope',
          'zk_envelope_id names no envelope of your keybag that can unlock',
        );
      }
      if (!this.canUnlock(envelope, policy)) {
        throw keysError(
          'envelope_type_not_allowed',
          organizationId
            ? `this organization does not allow unlocking with ${envelope.type} envelopes; use another way to unlock`
            : `unlocking with ${envelope.type} envelopes is not allowed here`,
        );
      }
    }
    if (!policy.zkRequiresUnlockedKeybag) return;
    if (!(await this.store.findKeybag(userId))) {
      throw keysError(
        'keybag_required',
        'set up or unlock your account key before authorizing this application',
      );
    }
  }

  /**
   * A key was delivered to an app from this keybag: the server's only evidence of an unlock. `envelopeId` is the
   * envelope the browser says it opened (docs/zk.md §7.2); without one (a key just created) only the keybag's time
   * moves.
   */
  async recordUnlock(userId: string, envelopeId?: string, at = new Date()): Promise<boolean> {
    return this.store.transaction(async () => {
      const recorded = await this.store.setLastUnlocked(userId, at);
      if (recorded && envelopeId !== undefined) await this.store.setEnvelopeLastUsed(userId, envelopeId, at);
      return recorded;
    });
  }

  /** A password reset by email: the old export key is gone, so the password envelope can no longer unlock. */
  markPasswordEnvelopesStale(userId: string): Promise<number> {
    return this.store.markPasswordEnvelopesStale(userId);
  }

  // --- the user's encryption key pair ---

  async setEncPub(userId: string, jwk: Record<string, unknown>): Promise<EncryptionKeysRow> {
    const allowed = new Set(['kty', 'crv', 'x', 'y', 'kid', 'alg', 'use', 'key_ops', 'ext']);
    const problem = p256PublicJwkProblem(jwk);
    if (problem !== null) throw keysError('invalid_jwk', `the key ${problem}`);
    const unknown = Object.keys(jwk).find((member) => !allowed.has(member));
    if (unknown !== undefined)
      throw keysError('invalid_jwk', `the key has an unexpected member '${unknown}'`);
    const publicJwk: P256PublicJwk = { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: jwk.y as string };
    await this.store.upsertPublicKey(userId, publicJwk, jwkThumbprint(publicJwk), new Date());
    return (await this.store.findEncryptionKeys(userId))!;
  }

  /** Another user's public key, only when the caller may see them; otherwise the answer of an unknown user. */
  async encPubOf(callerId: string, targetId: string): Promise<EncryptionKeysRow> {
    if (callerId !== targetId && !(await this.mayView(callerId, targetId))) throw encPubNotFound();
    const keys = await this.store.findEncryptionKeys(targetId);
    if (!keys) throw encPubNotFound();
    return keys;
  }

  async setWrappedPrivate(userId: string, input: WrappedPrivateInput): Promise<EncryptionKeysRow> {
    const stored = await this.store.setWrappedPrivate(
      userId,
      { kid: input.kid, alg: input.alg, ciphertext: input.ciphertext },
      new Date(),
    );
    if (!stored) {
      throw keysError(
        'enc_pub_mismatch',
        'kid is not the thumbprint of your current public encryption key; PUT /crypto/enc-pub first',
      );
    }
    return (await this.store.findEncryptionKeys(userId))!;
  }

  async wrappedPrivate(userId: string): Promise<EncryptionKeysRow> {
    const keys = await this.store.findEncryptionKeys(userId);
    if (!keys?.wrappedPrivate) throw appError('not_found', 'no wrapped private encryption key');
    return keys;
  }

  // --- legacy v1 (docs/zk.md §5.1) ---

  async legacyDrk(userId: string, clientId: string): Promise<LegacyDrkRow> {
    if (!(await this.isLegacyClient(clientId))) throw notLegacyClient();
    const row = await this.store.findLegacyDrk(userId, clientId);
    if (!row) throw appError('not_found', 'no wrapped drk for this application');
    return row;
  }

  async setLegacyDrk(userId: string, clientId: string, ciphertext: string): Promise<LegacyDrkRow> {
    if (!(await this.isLegacyClient(clientId))) throw notLegacyClient();
    return this.store.upsertLegacyDrk(userId, clientId, ciphertext, new Date());
  }

  // --- admin ---

  async summary(userId: string): Promise<Keybag & { encryptionKeys: EncryptionKeysRow | null }> {
    return { ...(await this.keybag(userId)), encryptionKeys: await this.store.findEncryptionKeys(userId) };
  }

  /**
   * Deletes a user's keybag (account key and envelopes) and the wrapped private encryption key, which only a key
   * derived from that account key opened. Data encrypted under the old keys is lost. Null when there was none.
   */
  async reset(userId: string): Promise<{ envelopes: number; version: number } | null> {
    return this.store.transaction(async () => {
      const current = await this.store.lockKeybag(userId);
      if (!current) return null;
      const envelopes = (await this.store.listEnvelopes(userId)).length;
      await this.store.deleteKeybag(userId);
      await this.store.clearWrappedPrivate(userId);
      return { envelopes, version: current.version };
    });
  }

  /**
   * Deletes every key the user holds here, whoever set it up: the keybag and its envelopes, trusted devices and
   * their approvals, the encryption key pair, legacy wrapped keys. For an account handed to the proven owner of its
   * address (docs/users.md#unverified-accounts): keys its registrant made must not protect the owner's data.
   */
  discardAll(userId: string): Promise<boolean> {
    return this.store.deleteAllKeyMaterial(userId);
  }

  // --- rules ---

  /**
   * A password envelope is wrapped under the export key of the account's password (docs/zk.md §3.1): an account
   * without a password (federated, SCIM-provisioned, passkey-only) has none, so whatever such an envelope wraps is
   * under a key that no sign-in of this account can produce. Refused, so the user never holds a key that their
   * own sign-in cannot open; they protect it with a passkey (PRF) or a recovery key instead.
   */
  private async requirePasswordFor(userId: string, envelopes: EnvelopeInput[]): Promise<void> {
    if (!envelopes.some((envelope) => envelope.type === 'password')) return;
    if (!(await this.hasPassword(userId))) throw noPassword();
  }

  private checkTypeAllowed(type: EnvelopeType, policy: UnlockPolicy): void {
    if (!policy.allowedEnvelopeTypes.includes(type)) {
      throw keysError('envelope_type_not_allowed', `${type} envelopes are not allowed here`);
    }
  }

  private canUnlock(envelope: EnvelopeRow, policy: UnlockPolicy): boolean {
    return (
      envelope.status === 'usable' && policy.allowedEnvelopeTypes.includes(envelope.type as EnvelopeType)
    );
  }

  /** A whole set (create, rotate): each envelope valid, ids unique, one password envelope at most. */
  private checkEnvelopeSet(envelopes: EnvelopeInput[], policy: UnlockPolicy): void {
    if (envelopes.length > MAX_ENVELOPES) {
      throw invalidEnvelope(`a keybag holds at most ${MAX_ENVELOPES} envelopes`);
    }
    for (const envelope of envelopes) this.checkEnvelope(envelope, policy);
    if (new Set(envelopes.map((envelope) => envelope.id)).size !== envelopes.length) {
      throw invalidEnvelope('envelope ids must be unique');
    }
    if (envelopes.filter((envelope) => envelope.type === 'password').length > 1) {
      throw invalidEnvelope('a keybag holds at most one password envelope');
    }
  }

  /** The metadata must describe the type truthfully (docs/zk.md §3), and the type must be allowed. */
  private checkEnvelope(envelope: EnvelopeInput, policy: UnlockPolicy): void {
    this.checkTypeAllowed(envelope.type, policy);
    const info = ENVELOPE_KDF_INFO[envelope.type];
    if (info === null) {
      if (envelope.kdf !== 'none' || envelope.kdf_salt !== undefined || envelope.kdf_info !== undefined) {
        throw invalidEnvelope(
          `a ${envelope.type} envelope uses its key directly: kdf none, no kdf_salt or kdf_info`,
        );
      }
    } else {
      if (envelope.kdf !== 'HKDF-SHA-256' || envelope.kdf_salt === undefined) {
        throw invalidEnvelope(`a ${envelope.type} envelope needs kdf HKDF-SHA-256 and a kdf_salt`);
      }
      if (envelope.kdf_info !== info)
        throw invalidEnvelope(`a ${envelope.type} envelope's kdf_info is '${info}'`);
    }
    const isPrf = envelope.type === 'passkey_prf';
    if (isPrf !== (envelope.credential_id !== undefined) || isPrf !== (envelope.prf_salt !== undefined)) {
      throw invalidEnvelope('credential_id and prf_salt belong to passkey_prf envelopes, and they need both');
    }
    if ((envelope.type === 'trusted_device') !== (envelope.device_id !== undefined)) {
      throw invalidEnvelope('device_id belongs to trusted_device envelopes, and they need one');
    }
  }
}

function envelopeRow(userId: string, envelope: EnvelopeInput) {
  return {
    userId,
    id: envelope.id,
    type: envelope.type,
    scheme: envelope.scheme,
    alg: envelope.alg,
    kdf: envelope.kdf,
    kdfSalt: envelope.kdf_salt ?? null,
    kdfInfo: envelope.kdf_info ?? null,
    ciphertext: envelope.ciphertext,
    label: envelope.label ?? '',
    credentialId: envelope.credential_id ?? null,
    prfSalt: envelope.prf_salt ?? null,
    deviceId: envelope.device_id ?? null,
  };
}
