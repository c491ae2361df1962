import { and, eq } from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import type { User } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { notExpired } from '../db/expiry.js';
import { runInTransaction } from '../db/transactions.js';
import { deviceAuthorizations, grants, refreshTokens } from './tables.js';

export type DeviceAuthorizationRow = typeof deviceAuthorizations.$inferSelect;

/** What the user decided on the consent page, and what the grant will need of the approval. */
export interface DeviceDecision {
  status: 'approved' | 'denied';
  userId: string;
  authTime: Date;
  amr: string[];
  acr: string;
  organizationId: string | null;
}

/** A device authorization as a poll finds it, locked for the poll's transaction, with its approving user. */
export interface PolledDeviceAuthorization {
  row: DeviceAuthorizationRow;
  user: User | null;
}

/** The SQL of device authorizations (RFC 8628). */
export class DeviceAuthorizationStore {
  constructor(private readonly db: Db) {}

  /** Inserts a new authorization; false (nothing written) when its user code is taken by another row. */
  async create(row: {
    id: string;
    deviceCodeHash: string;
    userCodeHash: string;
    clientId: string;
    scope: string;
    intervalSeconds: number;
    expiresAt: Date;
  }): Promise<boolean> {
    const inserted = await this.db
      .insert(deviceAuthorizations)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: deviceAuthorizations.id });
    return inserted.length === 1;
  }

  /** The authorization a user code names, if it still awaits the user's decision and has not expired. */
  async findPendingByUserCode(userCodeHash: string, now: Date): Promise<DeviceAuthorizationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(deviceAuthorizations)
      .where(
        and(
          eq(deviceAuthorizations.userCodeHash, userCodeHash),
          eq(deviceAuthorizations.status, 'pending'),
          notExpired(deviceAuthorizations.expiresAt, now),
        ),
      );
    return row;
  }

  /**
   * Records the user's decision, once: only a pending, unexpired authorization changes, so of two decisions (two
   * tabs, two nodes) exactly one is taken. False when none was.
   */
  async decide(id: string, decision: DeviceDecision, now: Date): Promise<boolean> {
    const decided = await this.db
      .update(deviceAuthorizations)
      .set({ ...decision, decidedAt: now })
      .where(
        and(
          eq(deviceAuthorizations.id, id),
          eq(deviceAuthorizations.status, 'pending'),
          notExpired(deviceAuthorizations.expiresAt, now),
        ),
      )
      .returning({ id: deviceAuthorizations.id });
    return decided.length === 1;
  }

  /**
   * The authorization of a device code, its row locked until the caller's transaction ends, so that the polls of one
   * device code, on any node, are taken one after another (the interval check and its update are one step).
   */
  async lockForPoll(deviceCodeHash: string): Promise<PolledDeviceAuthorization | undefined> {
    const [found] = await this.db
      .select({ row: deviceAuthorizations, user: users })
      .from(deviceAuthorizations)
      .leftJoin(users, eq(users.id, deviceAuthorizations.userId))
      .where(eq(deviceAuthorizations.deviceCodeHash, deviceCodeHash))
      .for('update', { of: deviceAuthorizations });
    if (!found) return undefined;
    const user = found.user
      ? {
          id: found.user.id,
          email: found.user.email,
          emailVerified: found.user.emailVerified,
          name: found.user.name,
          status: found.user.status as User['status'],
        }
      : null;
    return { row: found.row, user };
  }

  /** Records a poll: when it came, and the interval from now on (RFC 8628 §3.5 slow_down raises it). */
  async recordPoll(id: string, now: Date, intervalSeconds: number): Promise<void> {
    await this.db
      .update(deviceAuthorizations)
      .set({ lastPolledAt: now, intervalSeconds })
      .where(eq(deviceAuthorizations.id, id));
  }

  /**
   * The one token response of an approved authorization: the conditional UPDATE from `approved` to `issued` matches
   * once, whatever number of polls and nodes race for it; only the poll it matched for inserts the grant (and its
   * first refresh token). False, with nothing written, when it was issued already or is no longer approved.
   */
  async issue(
    id: string,
    grant: typeof grants.$inferInsert,
    refreshToken: { tokenHash: string; expiresAt: Date } | null,
    now: Date,
  ): Promise<boolean> {
    const issued = await this.db
      .update(deviceAuthorizations)
      .set({ status: 'issued', grantId: grant.id, issuedAt: now })
      .where(
        and(
          eq(deviceAuthorizations.id, id),
          eq(deviceAuthorizations.status, 'approved'),
          notExpired(deviceAuthorizations.expiresAt, now),
        ),
      )
      .returning({ id: deviceAuthorizations.id });
    if (issued.length !== 1) return false;
    await this.db.insert(grants).values(grant);
    if (refreshToken) {
      await this.db.insert(refreshTokens).values({
        tokenHash: refreshToken.tokenHash,
        grantId: grant.id,
        clientId: grant.clientId,
        expiresAt: refreshToken.expiresAt,
      });
    }
    return true;
  }

  /**
   * Ends a user's approvals whose tokens were not yet fetched (the account's access ended): the device then hears
   * access_denied rather than getting tokens for an account that may no longer have them.
   */
  async denyApprovedOfUser(userId: string, now: Date): Promise<void> {
    await this.db
      .update(deviceAuthorizations)
      .set({ status: 'denied', decidedAt: now })
      .where(and(eq(deviceAuthorizations.userId, userId), eq(deviceAuthorizations.status, 'approved')));
  }

  /** Runs `work` in one transaction (the poll: the row locked, the poll recorded, the tokens issued). */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return runInTransaction(this.db, work);
  }
}
