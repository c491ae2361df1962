import { OwnedEntries } from '../db/owned-entries.js';

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
}

interface Entry {
  grant: ActiveGrant;
  storedAt: number;
}

/**
 * Active grants and their users' claims, so that userinfo and introspection of a user's access token do not ask the
 * database on every call (spec §3: access tokens are checked against their grant, which may be revoked at any time).
 *
 * Why a revoked grant is never served:
 * - every write that ends a grant or changes a user (OAuthStore's revocations, UserService's writes) announces it on
 *   the change bus, which drops the entries here at once and again when the write commits, and on every other node
 *   when its NOTIFY arrives (ChangeBus.announce);
 * - a read that a drop overtook is not kept: the generation counts drops, and an answer is stored only if no drop
 *   happened between the read's start and its end (it may describe the grant before the change);
 * - an entry lives at most `ttlMs` (a bound should a notification ever be lost) and never past the grant's expiry;
 * - a node that cannot confirm it hears the notifications (the bus is not current) reads the database every time.
 * Only active grants are kept: a refused token costs a read, and a grant that ended stays ended.
 */
export class GrantStatusCache {
  /** By grant id, owned by the grant's user. */
  private readonly entries: OwnedEntries<Entry>;
  private generation = 0;
  private readonly ttlMs: number;
  private readonly clock: () => number;

  constructor(private readonly options: GrantStatusCacheOptions) {
    this.ttlMs = options.ttlMs ?? GRANT_STATUS_TTL_MS;
    this.entries = new OwnedEntries(options.maxEntries ?? MAX_ENTRIES);
    this.clock = options.clock ?? Date.now;
  }

  /** The user behind the grant if the grant is active now, else undefined. */
  async activeGrantUser(grantId: string, now = new Date()): Promise<ActiveGrantUser | undefined> {
    const usable = this.options.isCurrent() && !this.options.inTransaction();
    if (usable) {
      const entry = this.entries.get(grantId);
      if (entry && this.fresh(entry, now)) return entry.grant.user;
      if (entry) this.entries.delete(grantId);
    }
    const generation = this.generation;
    const grant = await this.options.load(grantId, now);
    if (
      grant &&
      usable &&
      generation === this.generation &&
      this.options.isCurrent() &&
      !this.options.inTransaction()
    ) {
      this.store(grantId, grant);
    }
    return grant?.user;
  }

  /** Forgets one grant (it ended). */
  dropGrant(grantId: string): void {
    this.generation += 1;
    this.entries.delete(grantId);
  }

  /** Forgets every grant of a user (they ended, or the user's status or claims changed). */
  dropUser(userId: string): void {
    this.generation += 1;
    this.entries.deleteOwner(userId);
  }

  /** Forgets everything (many grants ended, or this node may have missed changes). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Whether an answer for the grant is kept (for tests and metrics). */
  has(grantId: string): boolean {
    return this.entries.has(grantId);
  }

  get size(): number {
    return this.entries.size;
  }

  private fresh(entry: Entry, now: Date): boolean {
    return this.clock() - entry.storedAt < this.ttlMs && entry.grant.expiresAt > now;
  }

  private store(grantId: string, grant: ActiveGrant): void {
    // Frozen: every caller shares this object, none may change what the next one sees.
    Object.freeze(grant.user);
    this.entries.set(grantId, grant.user.id, { grant: Object.freeze(grant), storedAt: this.clock() });
  }
}
