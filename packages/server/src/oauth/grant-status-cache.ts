import { InvalidatedCache } from '../db/invalidated-cache.js';

/** The user behind an active grant, with the claims userinfo returns (OIDC Core §5.3.2). */
export interface ActiveGrantUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** What one database read says about an active grant: its user and when the grant ends on its own. */
export interface ActiveGrant {
  user: ActiveGrantUser;
  expiresAt: Date;
}

/** How long an entry is trusted at most, even if the notification of its change never arrived (docs/operations.md). */
export const GRANT_STATUS_TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

export interface GrantStatusCacheOptions {
  /** The database read: the grant if it is active (not revoked, not expired, its user active), else undefined. */
  load: (grantId: string, now: Date) => Promise<ActiveGrant | undefined>;
  /** Whether this node hears every change right now (ChangeBus.isCurrent): if not, nothing is served or kept. */
  isCurrent: () => boolean;
  /** Whether a transaction is open here: what it reads may still roll back, so it is neither served nor kept. */
  inTransaction: () => boolean;
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds since the epoch; tests pass their own clock. */
  clock?: () => number;
  /** Told whether each lookup was answered from the cache (metrics). */
  lookups?: { hit(): void; miss(): void };
}

/**
 * Active grants and their users' claims, so that userinfo and introspection of a user's access token do not ask the
 * database on every call (access tokens are checked against their grant, which may be revoked at any time:
 * RFC 7009 §2.1).
 *
 * Why a revoked grant is never served: every write that ends a grant or changes a user (OAuthStore's revocations,
 * UserService's writes) announces it on the change bus, and the entries follow InvalidatedCache's rules
 * (db/invalidated-cache.ts); an entry is also never used past the grant's own expiry. Only active grants are kept: a
 * refused token costs a read, and a grant that ended stays ended.
 */
export class GrantStatusCache {
  /** By grant id, owned by the grant's user. */
  private readonly cache: InvalidatedCache<ActiveGrant>;

  constructor(private readonly options: GrantStatusCacheOptions) {
    this.cache = new InvalidatedCache({
      isCurrent: options.isCurrent,
      inTransaction: options.inTransaction,
      ttlMs: options.ttlMs ?? GRANT_STATUS_TTL_MS,
      maxEntries: options.maxEntries ?? MAX_ENTRIES,
      clock: options.clock,
      lookups: options.lookups,
    });
  }

  /** The user behind the grant if the grant is active now, else undefined. */
  async activeGrantUser(grantId: string, now = new Date()): Promise<ActiveGrantUser | undefined> {
    const usable = this.cache.usable();
    const kept = this.cache.get(grantId);
    if (kept && kept.expiresAt > now) return kept.user;
    if (kept) this.cache.forget(grantId);
    const mark = this.cache.mark();
    const grant = await this.options.load(grantId, now);
    if (grant && usable) {
      // Frozen: every caller shares this object, none may change what the next one sees.
      Object.freeze(grant.user);
      this.cache.keep(grantId, grant.user.id, Object.freeze(grant), mark);
    }
    return grant?.user;
  }

  /** A change-bus message of the `grants` topic: `grant:<id>`, `user:<id>`, or `*`. */
  applyChange(message: string): void {
    this.cache.applyChange(message);
  }

  /** A change-bus message of the `users` topic: a user's status or claims changed (or `*`). */
  applyUserChange(userId: string): void {
    this.cache.applyUserChange(userId);
  }

  /** Forgets one grant (it ended). */
  dropGrant(grantId: string): void {
    this.cache.drop(grantId);
  }

  /** Forgets every grant of a user (they ended, or the user's status or claims changed). */
  dropUser(userId: string): void {
    this.cache.dropOwner(userId);
  }

  /** Forgets everything (many grants ended, or this node may have missed changes). */
  clear(): void {
    this.cache.clear();
  }

  /** Whether an answer for the grant is kept (for tests and metrics). */
  has(grantId: string): boolean {
    return this.cache.has(grantId);
  }

  get size(): number {
    return this.cache.size;
  }
}
