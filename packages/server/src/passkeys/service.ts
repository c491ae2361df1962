import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';
import type { AuditLog } from '../audit/audit-log.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import { passkeysError } from './errors.js';
import { challengeHashOf, type RelyingParty } from './relying-party.js';
import type { CredentialRow, PasskeyStore } from './store.js';

/**
 * The signature algorithms a new passkey may use (COSE identifiers: EdDSA, ES256, RS256), in order of
 * preference. Fixed rather than the library's default, which adds ML-DSA-44 first when the runtime can verify it
 * (Node.js 24): a passkey made there would stop working on any Node.js 20 this package also runs on, and its
 * 2,420-byte signatures exceed the bound on an assertion's signature (passkeys/schemas.ts).
 */
export const PASSKEY_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** A ceremony's challenge lives this long (the options' timeout says the same to the browser). */
export const CEREMONY_SECONDS = 300;
/** How many passkeys one account may hold. */
export const MAX_PASSKEYS = 20;

/** A passkey as its owner and admins see it: public data only. */
export interface PasskeyView {
  id: string;
  name: string;
  credentialId: string;
  prfSalt: string;
  prfCapable: boolean;
  transports: string[];
  aaguid: string;
  deviceType: string;
  backedUp: boolean;
  cloneSuspected: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export function passkeyView(row: CredentialRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    credentialId: row.credentialId,
    prfSalt: row.prfSalt,
    prfCapable: row.prfCapable,
    transports: row.transports,
    aaguid: row.aaguid,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    cloneSuspected: row.cloneSuspectedAt !== null,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}

/** Why an assertion was refused: recorded in the audit log, never told to the caller. */
export type RejectionReason =
  | 'unknown_challenge'
  | 'unknown_credential'
  | 'wrong_account'
  | 'verification_failed'
  | 'sign_count_regressed';

export class PasskeyRejected extends Error {
  override name = 'PasskeyRejected';
  constructor(
    readonly reason: RejectionReason,
    readonly userId: string | null = null,
  ) {
    super(`passkey assertion rejected: ${reason}`);
  }
}

/** A verified passkey assertion: who (the user's or admin's id), and whether the authenticator verified the user. */
export interface VerifiedAssertion {
  userId: string;
  userVerified: boolean;
  passkey: PasskeyView;
}

/** The account (user, or admin on the admin port) a passkey is registered for. */
export interface PasskeyOwner {
  id: string;
  email: string;
  name: string;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * WebAuthn ceremonies and users' credentials (WebAuthn Level 3 §7). Challenges are 32 random bytes stored only as
 * hashes, bound to the session (registration) or to the sign-in attempt (the challenge itself, and the account
 * for email-first), consumed once, valid 5 minutes: start and finish may reach different nodes.
 */
export class PasskeyService {
  constructor(
    private readonly store: PasskeyStore,
    /** Whose passkeys these are: the audit log's actor type for them. */
    private readonly actorType: 'user' | 'admin',
    private readonly relyingParty: () => RelyingParty,
    private readonly audit: AuditLog,
    /** The id of the active account with this (normalized) email, if any. */
    private readonly accountOf: (normalizedEmail: string) => Promise<string | null>,
    /** Drops what the removed credential unlocked (its keybag envelope); runs in the removal's transaction. */
    private readonly forgetUnlock: (userId: string, credentialId: string) => Promise<void>,
    /** Ask for the PRF extension at registration (users: keybag unlock; admins hold no keybag). */
    private readonly requestPrf = true,
  ) {}

  private expiry(now: Date): Date {
    return new Date(now.getTime() + CEREMONY_SECONDS * 1000);
  }

  // --- registration (§7.1) ---

  /**
   * Creation options for a new passkey of `owner`, bound to the session asking. A discoverable credential is
   * required (sign-in without typing an email) and the PRF extension is asked for with the credential's own salt.
   */
  async registrationOptions(
    owner: PasskeyOwner,
    sessionId: string,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const rp = this.relyingParty();
    const existing = await this.store.listForOwner(owner.id);
    if (existing.length >= MAX_PASSKEYS) throw tooManyPasskeys();
    const challenge = newChallenge();
    const prfSalt = randomToken(32);
    const now = new Date();
    await this.store.insertCeremony({
      challengeHash: challenge.hash,
      purpose: 'registration',
      ownerId: owner.id,
      sessionId,
      prfSalt,
      expiresAt: this.expiry(now),
    });
    return generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: owner.email,
      userID: utf8(owner.id),
      userDisplayName: owner.name || owner.email,
      challenge: challenge.bytes,
      timeout: CEREMONY_SECONDS * 1000,
      attestationType: 'none',
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      excludeCredentials: existing.map((row) => ({ id: row.credentialId })),
      // The same userVerification everywhere: CTAP hmac-secret keeps separate secrets with and without UV, so a
      // changing choice would change the PRF output (reference: WebAuthn §10.1.4).
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      ...(this.requestPrf ? { extensions: { prf: { eval: { first: prfSalt } } } as never } : {}),
    });
  }

  /**
   * Verifies a registration response against this session's ceremony and stores the credential. The account's
   * row is locked while it counts its passkeys and adds this one, so parallel registrations cannot pass
   * MAX_PASSKEYS (the start's check alone could not stop them). Runs in the caller's transaction.
   */
  async finishRegistration(
    owner: PasskeyOwner,
    sessionId: string,
    response: RegistrationResponseJSON,
    name: string,
  ): Promise<PasskeyView> {
    const rp = this.relyingParty();
    const failed = (why: string) => passkeysError('passkey_registration_failed', why);
    const found = challengeHashOf(response.response.clientDataJSON);
    if (!found) throw failed('the response carries no challenge');
    const ceremony = await this.store.consumeCeremony(found.hash, 'registration', new Date());
    if (!ceremony || ceremony.ownerId !== owner.id || ceremony.sessionId !== sessionId || !ceremony.prfSalt) {
      throw failed('this registration is unknown, used or expired; start again');
    }
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response,
        // The ceremony was found by this challenge's hash: the library checks clientDataJSON echoes it.
        expectedChallenge: found.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
    } catch {
      throw failed('the authenticator response does not verify');
    }
    if (!verified.verified) throw failed('the authenticator response does not verify');
    const info = verified.registrationInfo;
    const prf = (response.clientExtensionResults as { prf?: { enabled?: unknown } }).prf;
    await this.store.lockOwner(owner.id);
    if ((await this.store.countForOwner(owner.id)) >= MAX_PASSKEYS) throw tooManyPasskeys();
    const inserted = await this.store.insertCredential({
      id: randomUUID(),
      ownerId: owner.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      signCount: info.credential.counter,
      transports: info.credential.transports ?? [],
      aaguid: info.aaguid,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name,
      prfSalt: ceremony.prfSalt,
      // Reported by the browser (client extension outputs are not signed): it only decides what the UI offers.
      prfCapable: prf?.enabled === true,
    });
    if (!inserted) throw passkeysError('passkey_exists', 'this passkey is registered already');
    return passkeyView(inserted);
  }

  // --- authentication (§7.2) ---

  /**
   * Request options for a sign-in: always a discoverable-credential request (no allowCredentials, one PRF salt
   * for none). With an email (email-first) the ceremony is bound to that account, so only one of its passkeys
   * can answer, but the options never list its credentials: their number and their ids' lengths (chosen by each
   * authenticator) would tell a known account from an unknown one, and every passkey we register is discoverable
   * (residentKey required), so a list adds nothing the browser needs (docs/users.md, "Passkeys"). Known and
   * unknown emails do the same work: one account lookup and one ceremony insert.
   */
  async authenticationOptions(email: string | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const rp = this.relyingParty();
    const challenge = newChallenge();
    const userId = email === null ? null : await this.accountOf(email.trim().toLowerCase());
    await this.store.insertCeremony({
      challengeHash: challenge.hash,
      purpose: 'authentication',
      ownerId: userId,
      boundToAccount: email !== null,
      expiresAt: this.expiry(new Date()),
    });
    return generateAuthenticationOptions({
      rpID: rp.id,
      challenge: challenge.bytes,
      timeout: CEREMONY_SECONDS * 1000,
      userVerification: 'preferred',
      allowCredentials: [],
    });
  }

  /**
   * Verifies an assertion: its ceremony (consumed whatever the outcome), the credential, the signature over the
   * challenge, origin and RP ID, and the signature counter. A counter that did not increase flags the credential
   * as possibly cloned (WebAuthn §6.1.1), audits it and refuses.
   */
  async finishAuthentication(response: AuthenticationResponseJSON): Promise<VerifiedAssertion> {
    const rp = this.relyingParty();
    const now = new Date();
    const found = challengeHashOf(response.response.clientDataJSON);
    const ceremony = found ? await this.store.consumeCeremony(found.hash, 'authentication', now) : null;
    if (!found || !ceremony) throw new PasskeyRejected('unknown_challenge');
    const credential = await this.store.findByCredentialId(response.id);
    if (!credential) throw new PasskeyRejected('unknown_credential');
    if (ceremony.boundToAccount && ceremony.ownerId !== credential.ownerId) {
      throw new PasskeyRejected('wrong_account', credential.ownerId);
    }
    // A discoverable credential names its account (the user handle we set at registration): it must be this one.
    const userHandle = response.response.userHandle;
    if (userHandle && userHandle !== Buffer.from(credential.ownerId).toString('base64url')) {
      throw new PasskeyRejected('wrong_account', credential.ownerId);
    }
    let info: Awaited<ReturnType<typeof verifyAuthenticationResponse>>['authenticationInfo'];
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        // The ceremony was found by this challenge's hash: the library checks clientDataJSON echoes it.
        expectedChallenge: found.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        // The counter is checked below, after the signature: a bogus assertion is not evidence of a clone.
        credential: {
          id: credential.credentialId,
          publicKey: Buffer.from(credential.publicKey, 'base64url'),
          counter: 0,
        },
        requireUserVerification: false,
      });
      if (!verified.verified) throw new Error('not verified');
      info = verified.authenticationInfo;
    } catch {
      throw new PasskeyRejected('verification_failed', credential.ownerId);
    }
    const regressed =
      (info.newCounter > 0 || credential.signCount > 0) && info.newCounter <= credential.signCount;
    const recorded =
      !regressed &&
      (await this.store.recordUse(credential.id, credential.signCount, {
        signCount: info.newCounter,
        backedUp: info.credentialBackedUp,
        lastUsedAt: now,
      }));
    if (!recorded) {
      await this.store.flagClone(credential.id, now);
      await this.audit.record({
        action: 'passkey.clone_suspected',
        outcome: 'failure',
        actor: { type: this.actorType, id: credential.ownerId },
        target: { type: 'passkey', id: credential.id },
        details: { stored_sign_count: credential.signCount, presented_sign_count: info.newCounter },
      });
      throw new PasskeyRejected('sign_count_regressed', credential.ownerId);
    }
    return {
      userId: credential.ownerId,
      userVerified: info.userVerified,
      passkey: passkeyView({ ...credential, signCount: info.newCounter, lastUsedAt: now }),
    };
  }

  // --- management ---

  async list(userId: string): Promise<PasskeyView[]> {
    return (await this.store.listForOwner(userId)).map(passkeyView);
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeyView | null> {
    const row = await this.store.rename(userId, id, name);
    return row ? passkeyView(row) : null;
  }

  /**
   * Removes a passkey. With `mayRemoveLast` false (the owner, who has no password), never the account's last one:
   * the account would be left with no way to sign in. The account's row is locked first, so two removals of its
   * last two passkeys run one after the other and the second sees only one left. Runs in the caller's transaction.
   */
  async remove(userId: string, id: string, mayRemoveLast: boolean): Promise<PasskeyView | null> {
    await this.store.lockOwner(userId);
    const existing = await this.store.find(userId, id);
    if (!existing) return null;
    if (!mayRemoveLast && (await this.store.countForOwner(userId)) <= 1) {
      throw passkeysError(
        'last_sign_in_method',
        'this is the last way to sign in to this account; add another passkey or a password first',
      );
    }
    const row = await this.store.delete(userId, id);
    if (row) await this.forgetUnlock(userId, row.credentialId);
    return row ? passkeyView(row) : null;
  }

  /**
   * Every passkey of the account and its ceremonies under way, last one included: they were registered by someone
   * who did not prove the address (docs/users.md#unverified-accounts). Their key envelopes go with the keybag.
   */
  discardAll(userId: string): Promise<number> {
    return this.store.deleteAllOfOwner(userId);
  }
}

const tooManyPasskeys = () =>
  passkeysError('too_many_passkeys', `an account holds at most ${MAX_PASSKEYS} passkeys`);

/**
 * A fresh challenge: 32 random bytes for the options, and the SHA-256 of their base64url form (what clientDataJSON
 * echoes, WebAuthn §5.8.1) for the ceremony row.
 */
function newChallenge(): { bytes: Uint8Array<ArrayBuffer>; hash: string } {
  const bytes = new Uint8Array(32);
  bytes.set(randomBytes(32));
  return { bytes, hash: hashToken(Buffer.from(bytes).toString('base64url')) };
}
