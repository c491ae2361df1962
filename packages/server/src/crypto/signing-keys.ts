import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { calculateJwkThumbprint } from 'jose';
import type { SettingsService } from '../config/settings.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Database } from '../db/client.js';
import { afterCommit } from '../db/transactions.js';
import type { Sealer } from './seal.js';
import { SIGNING_ALGORITHMS, type SigningAlgorithm } from './signing-algorithms.js';
import { signingKeys } from './tables.js';

export { SIGNING_ALGORITHMS, type SigningAlgorithm } from './signing-algorithms.js';
export type KeyState = 'next' | 'current' | 'retired';

export interface PublicJwk {
  kty: string;
  kid: string;
  alg: SigningAlgorithm;
  use: 'sig';
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
}

export interface SigningKey {
  kid: string;
  alg: SigningAlgorithm;
  privateKey: KeyObject;
}

export interface KeyInfo {
  kid: string;
  alg: SigningAlgorithm;
  state: KeyState;
  createdAt: Date;
  promoteAfter: Date | null;
  promotionRequestedAt: Date | null;
  activatedAt: Date | null;
  retiredAt: Date | null;
  removeAfter: Date | null;
}

/**
 * When a 'next' key becomes current: only once a rotation asked for its promotion (before that, `promoteAfter` is
 * when it could be, not when it will be). Null for every other key.
 */
export function becomesCurrentAfter(key: KeyInfo): Date | null {
  return key.state === 'next' && key.promotionRequestedAt ? key.promoteAfter : null;
}

const generate = promisify(generateKeyPair);

/** Holds the advisory lock that serializes key-set changes across nodes ('tessera-signing-keys'). */
const KEY_LOCK = 7_301_554_130;

async function generateKeyMaterial(
  alg: SigningAlgorithm,
): Promise<{ publicJwk: PublicJwk; privateJwk: JsonWebKey }> {
  const pair =
    alg === 'RS256'
      ? await generate('rsa', { modulusLength: 2048 })
      : alg === 'ES256'
        ? await generate('ec', { namedCurve: 'P-256' })
        : await generate('ed25519');
  const publicJwk = pair.publicKey.export({ format: 'jwk' });
  const privateJwk = pair.privateKey.export({ format: 'jwk' });
  // The kid is the RFC 7638 thumbprint: unique per key, never reused.
  const kid = await calculateJwkThumbprint(publicJwk as Parameters<typeof calculateJwkThumbprint>[0]);
  return { publicJwk: { ...(publicJwk as object), kid, alg, use: 'sig' } as PublicJwk, privateJwk };
}

/** Copies only public members, so nothing private can reach the JWKS whatever the stored document holds. */
function publicMembers(jwk: PublicJwk): PublicJwk {
  const { kty, kid, alg, crv, x, y, n, e } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, kid, alg, use: 'sig', crv, x, y, n, e }).filter(([, value]) => value !== undefined),
  ) as unknown as PublicJwk;
}

function sealContext(kid: string) {
  return { table: 'signing_keys', column: 'private_jwk_sealed', row: kid };
}

export interface SigningKeyServiceOptions {
  /** Awaited between a load's read and its use. Tests hold a load here to let a later one finish first. */
  afterLoadRead?: () => Promise<void>;
}

/**
 * Signing keys: generation, lifecycle and an in-memory cache of the decrypted current keys and the serialized JWKS,
 * refreshed on every node through the change bus when any node changes the key set.
 */
export class SigningKeyService {
  private current = new Map<SigningAlgorithm, SigningKey>();
  private jwksJson = '{"keys":[]}';
  private publicKeys = new Map<string, { alg: SigningAlgorithm; key: KeyObject }>();
  private version = 0;
  /** Numbers loads as they begin; `appliedLoad`: the number of the load whose key set is in use. */
  private loadsBegun = 0;
  private appliedLoad = 0;

  constructor(
    private readonly database: Database,
    private readonly sealer: Sealer,
    private readonly settings: SettingsService,
    private readonly bus: ChangeBus,
    private readonly options: SigningKeyServiceOptions = {},
  ) {
    bus.on('signing_keys', () => this.load());
  }

  /** The key that signs new tokens of this algorithm. */
  currentKey(alg: SigningAlgorithm): SigningKey {
    const key = this.current.get(alg);
    if (!key) throw new Error(`no current ${alg} signing key`);
    return key;
  }

  /** A published (next, current or retired) public key, for verifying our own tokens. */
  publicKey(kid: string): { alg: SigningAlgorithm; key: KeyObject } | undefined {
    return this.publicKeys.get(kid);
  }

  /** Changes whenever the key set is reloaded: caches of verification results compare it. */
  get keySetVersion(): number {
    return this.version;
  }

  /** The JWKS document, serialized once per change rather than per request. */
  jwks(): string {
    return this.jwksJson;
  }

  async list(): Promise<KeyInfo[]> {
    const rows = await this.database.db
      .select()
      .from(signingKeys)
      .orderBy(signingKeys.alg, signingKeys.createdAt);
    return rows.map((row) => ({
      kid: row.kid,
      alg: row.alg as SigningAlgorithm,
      state: row.state as KeyState,
      createdAt: row.createdAt,
      promoteAfter: row.promoteAfter,
      promotionRequestedAt: row.promotionRequestedAt,
      activatedAt: row.activatedAt,
      retiredAt: row.retiredAt,
      removeAfter: row.removeAfter,
    }));
  }

  /**
   * Makes sure every algorithm has a current key and a published next key. Safe to call from several nodes at
   * once: the advisory lock lets one create keys while the others wait and then find them.
   */
  async ensureKeys(): Promise<void> {
    const changed = await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK})`);
      const rows = await tx.select({ alg: signingKeys.alg, state: signingKeys.state }).from(signingKeys);
      let created = false;
      for (const alg of SIGNING_ALGORITHMS) {
        for (const state of ['current', 'next'] as const) {
          if (rows.some((row) => row.alg === alg && row.state === state)) continue;
          const { publicJwk, privateJwk } = await generateKeyMaterial(alg);
          const now = new Date();
          await tx.insert(signingKeys).values({
            kid: publicJwk.kid,
            alg,
            state,
            publicJwk,
            privateJwkSealed: this.sealer.seal(JSON.stringify(privateJwk), sealContext(publicJwk.kid)),
            activatedAt: state === 'current' ? now : null,
            promoteAfter:
              state === 'next'
                ? new Date(now.getTime() + this.settings.get('signing.next_key_publish_seconds') * 1000)
                : null,
          });
          created = true;
        }
      }
      return created;
    });
    await this.loadAfterCommit();
    if (changed) await this.bus.publish('signing_keys', '*');
  }

  /**
   * Starts a rotation: the waiting `next` key is scheduled to become `current` once it has been published for the
   * configured time (at once if it already has), and a fresh `next` key is published behind it.
   */
  async rotate(algorithms: readonly SigningAlgorithm[] = SIGNING_ALGORITHMS): Promise<void> {
    const publishMs = this.settings.get('signing.next_key_publish_seconds') * 1000;
    await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK})`);
      const now = new Date();
      for (const alg of algorithms) {
        const waiting = await tx
          .select()
          .from(signingKeys)
          .where(and(eq(signingKeys.alg, alg), eq(signingKeys.state, 'next')));
        for (const key of waiting) {
          if (key.promotionRequestedAt) continue;
          // Eligible once published for the publish time in force now (the setting may have changed).
          await tx
            .update(signingKeys)
            .set({ promotionRequestedAt: now, promoteAfter: new Date(key.createdAt.getTime() + publishMs) })
            .where(eq(signingKeys.kid, key.kid));
        }
        const { publicJwk, privateJwk } = await generateKeyMaterial(alg);
        await tx.insert(signingKeys).values({
          kid: publicJwk.kid,
          alg,
          state: 'next',
          publicJwk,
          privateJwkSealed: this.sealer.seal(JSON.stringify(privateJwk), sealContext(publicJwk.kid)),
          promoteAfter: new Date(now.getTime() + publishMs),
        });
      }
    });
    await this.advance();
    await this.loadAfterCommit();
    await this.bus.publish('signing_keys', '*');
  }

  /**
   * Moves keys along their lifecycle when their time has come: a requested promotion whose key has been published
   * long enough makes it current and retires the previous current key; retired keys past their time are removed.
   * Idempotent and run periodically on every node.
   */
  async advance(now = new Date()): Promise<boolean> {
    const keepMs = this.settings.get('signing.retired_key_keep_seconds') * 1000;
    const changed = await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK})`);
      let changedAny = false;
      const due = await tx
        .select()
        .from(signingKeys)
        .where(
          and(
            eq(signingKeys.state, 'next'),
            isNotNull(signingKeys.promotionRequestedAt),
            lte(signingKeys.promoteAfter, now),
          ),
        )
        .orderBy(signingKeys.createdAt);
      for (const key of due) {
        await tx
          .update(signingKeys)
          .set({ state: 'retired', retiredAt: now, removeAfter: new Date(now.getTime() + keepMs) })
          .where(and(eq(signingKeys.alg, key.alg), eq(signingKeys.state, 'current')));
        await tx
          .update(signingKeys)
          .set({ state: 'current', activatedAt: now, promotionRequestedAt: null })
          .where(eq(signingKeys.kid, key.kid));
        changedAny = true;
      }
      const removed = await tx
        .delete(signingKeys)
        .where(and(eq(signingKeys.state, 'retired'), lte(signingKeys.removeAfter, now)))
        .returning({ kid: signingKeys.kid });
      return changedAny || removed.length > 0;
    });
    if (changed) {
      await this.loadAfterCommit();
      await this.bus.publish('signing_keys', '*');
    }
    return changed;
  }

  /**
   * Reloads once the caller's transaction (an audited admin rotation) has committed, or now: keys of a rotation that
   * rolls back must never sign.
   */
  private loadAfterCommit(): Promise<void> {
    return afterCommit(this.database.db, () => this.load());
  }

  /**
   * Reloads the key set from the database: decrypts current private keys once and re-serializes the JWKS. Loads may
   * finish in another order than they began; one that read before a load already applied (begun later, after a
   * change committed) is dropped, so a node never goes back to an older key set. Each change loads again after its
   * commit, and every node when its notification arrives, so the last load to begin reads the newest set.
   */
  async load(): Promise<void> {
    const begun = ++this.loadsBegun;
    const rows = await this.database.db
      .select()
      .from(signingKeys)
      .where(inArray(signingKeys.state, ['next', 'current', 'retired']))
      .orderBy(signingKeys.alg, signingKeys.createdAt);
    await this.options.afterLoadRead?.();
    if (begun < this.appliedLoad) return;
    const current = new Map<SigningAlgorithm, SigningKey>();
    const publicKeys = new Map<string, { alg: SigningAlgorithm; key: KeyObject }>();
    const keys: PublicJwk[] = [];
    for (const row of rows) {
      const alg = row.alg as SigningAlgorithm;
      const jwk = publicMembers(row.publicJwk as PublicJwk);
      keys.push(jwk);
      publicKeys.set(row.kid, {
        alg,
        key: createPublicKey({ key: jwk as unknown as JsonWebKey, format: 'jwk' }),
      });
      if (row.state === 'current') {
        const privateJwk = JSON.parse(
          this.sealer.openText(row.privateJwkSealed, sealContext(row.kid)),
        ) as JsonWebKey;
        current.set(alg, {
          kid: row.kid,
          alg,
          privateKey: createPrivateKey({ key: privateJwk, format: 'jwk' }),
        });
      }
    }
    this.appliedLoad = begun;
    this.current = current;
    this.publicKeys = publicKeys;
    this.jwksJson = JSON.stringify({ keys });
    this.version++;
  }
}
