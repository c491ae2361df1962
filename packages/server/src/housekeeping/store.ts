import { and, eq, exists, gt, inArray, isNull, lt, not, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import {
  authorizationCodes,
  authorizationRequests,
  clientAssertionJtis,
  deviceApprovals,
  dpopProofs,
  emailTokens,
  federationFlows,
  grantEndExpression,
  grants,
  installTokens,
  opaqueLogins,
  organizationMembers,
  passkeyCeremonies,
  pendingRegistrations,
  pushedAuthorizationRequests,
  refreshTokens,
  sessionEndExpression,
  sessions,
} from '../db/schema/index.js';

/** The tables housekeeping deletes from, in the order it does (the `table` label of its metric). */
export const PURGED_TABLES = [
  'authorization_requests',
  'refresh_tokens',
  'grants',
  'authorization_codes',
  'sessions',
  'opaque_logins',
  'pending_registrations',
  'email_tokens',
  'install_tokens',
  'organization_members',
  'passkey_ceremonies',
  'federation_flows',
  'device_approvals',
  'pushed_authorization_requests',
  'client_assertion_jtis',
  'dpop_proofs',
] as const;
export type PurgedTable = (typeof PURGED_TABLES)[number];

/**
 * The moments a purge compares with: `now` decides what is still live, `cutoff` (now minus the retention) how long
 * a row is kept after it stopped being usable.
 */
export interface PurgeClock {
  now: Date;
  cutoff: Date;
}

/**
 * The SQL of the housekeeping job: which rows are dead for good, deleted a bounded batch per statement so no
 * statement holds many row locks or runs long, whatever the backlog.
 */
export class HousekeepingStore {
  constructor(
    private readonly db: Db,
    private readonly batchSize: number,
  ) {}

  /** Whether a grant matching `link` may still issue tokens: not revoked, not expired. */
  private liveGrantExists(link: SQL, now: Date): SQL {
    return exists(
      this.db
        .select({ one: sql`1` })
        .from(grants)
        .where(and(link, isNull(grants.revokedAt), gt(grants.expiresAt, now))),
    );
  }

  /** Deletes every row of `table` matching `condition`, `batchSize` rows per statement; returns how many went. */
  private async deleteInBatches(table: PgTable, key: PgColumn, condition: SQL | undefined): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = this.db.select({ key }).from(table).where(condition).limit(this.batchSize);
      const deleted = await this.db.delete(table).where(inArray(key, batch)).returning({ key });
      total += deleted.length;
      if (deleted.length < this.batchSize) return total;
    }
  }

  async purge(table: PurgedTable, clock: PurgeClock): Promise<number> {
    switch (table) {
      case 'authorization_requests':
        return this.expiredBefore(authorizationRequests, authorizationRequests.idHash, clock.cutoff);
      case 'refresh_tokens':
        return this.refreshTokensOfEndedGrants(clock);
      case 'grants':
        return this.deleteInBatches(grants, grants.id, lt(grantEndExpression(grants), clock.cutoff));
      case 'authorization_codes':
        return this.authorizationCodes(clock);
      case 'sessions':
        return this.sessions(clock);
      case 'opaque_logins':
        return this.expiredBefore(opaqueLogins, opaqueLogins.idHash, clock.cutoff);
      case 'pending_registrations':
        return this.expiredBefore(pendingRegistrations, pendingRegistrations.idHash, clock.cutoff);
      case 'email_tokens':
        return this.expiredBefore(emailTokens, emailTokens.tokenHash, clock.cutoff);
      case 'install_tokens':
        return this.expiredBefore(installTokens, installTokens.tokenHash, clock.cutoff);
      case 'organization_members':
        return this.expiredInvitations(clock);
      case 'passkey_ceremonies':
        return this.expiredBefore(passkeyCeremonies, passkeyCeremonies.challengeHash, clock.cutoff);
      case 'federation_flows':
        return this.expiredBefore(federationFlows, federationFlows.stateHash, clock.cutoff);
      case 'device_approvals':
        return this.expiredBefore(deviceApprovals, deviceApprovals.id, clock.cutoff);
      case 'pushed_authorization_requests':
        return this.expiredBefore(
          pushedAuthorizationRequests,
          pushedAuthorizationRequests.idHash,
          clock.cutoff,
        );
      case 'client_assertion_jtis':
        return this.expiredAssertionJtis(clock);
      case 'dpop_proofs':
        return this.expiredDpopProofs(clock);
    }
  }

  /**
   * DPoP proofs seen (RFC 9449 §11.1) are kept until their iat window has passed, after which the proof is refused
   * anyway; keyed by key thumbprint and jti, so the batch is chosen by both.
   */
  private async expiredDpopProofs(clock: PurgeClock): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.db
        .delete(dpopProofs)
        .where(
          sql`(${dpopProofs.jkt}, ${dpopProofs.jti}) in (select ${dpopProofs.jkt}, ${dpopProofs.jti} from ${dpopProofs} where ${dpopProofs.expiresAt} < ${clock.cutoff} limit ${this.batchSize})`,
        )
        .returning({ jti: dpopProofs.jti });
      total += deleted.length;
      if (deleted.length < this.batchSize) return total;
    }
  }

  /**
   * Client assertion jti values are kept until the assertion expires (an expired assertion is refused anyway);
   * keyed by client and jti, so the batch is chosen by both.
   */
  private async expiredAssertionJtis(clock: PurgeClock): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.db
        .delete(clientAssertionJtis)
        .where(
          sql`(${clientAssertionJtis.clientId}, ${clientAssertionJtis.jti}) in (select ${clientAssertionJtis.clientId}, ${clientAssertionJtis.jti} from ${clientAssertionJtis} where ${clientAssertionJtis.expiresAt} < ${clock.cutoff} limit ${this.batchSize})`,
        )
        .returning({ jti: clientAssertionJtis.jti });
      total += deleted.length;
      if (deleted.length < this.batchSize) return total;
    }
  }

  /**
   * Single-use values with an expiry (pending authorization requests, OPAQUE login and registration state, emailed
   * tokens, install tokens, WebAuthn ceremonies, upstream sign-in flows): past it they are refused whether used or
   * not, so nothing can still need them.
   */
  private expiredBefore(
    table: PgTable & { expiresAt: PgColumn },
    key: PgColumn,
    cutoff: Date,
  ): Promise<number> {
    return this.deleteInBatches(table, key, lt(table.expiresAt, cutoff));
  }

  /**
   * Refresh tokens go only with their whole family, once the grant is revoked or expired: a rotated-out token of a
   * live family must stay, because presenting it again is how a leak is detected and the family revoked
   * (RFC 9700 §4.14.2). Once the grant is over, every token of it is refused anyway, a replay included.
   */
  private refreshTokensOfEndedGrants(clock: PurgeClock): Promise<number> {
    const endedGrants = this.db
      .select({ id: grants.id })
      .from(grants)
      .where(lt(grantEndExpression(grants), clock.cutoff));
    return this.deleteInBatches(
      refreshTokens,
      refreshTokens.tokenHash,
      inArray(refreshTokens.grantId, endedGrants),
    );
  }

  /**
   * Codes live 60 seconds, but a redeemed one stays while the grant it created is live: presenting it again revokes
   * that grant (RFC 6749 §4.1.2), which must keep working for as long as there is something to revoke.
   */
  private authorizationCodes(clock: PurgeClock): Promise<number> {
    const grantStillLive = this.liveGrantExists(eq(grants.id, authorizationCodes.grantId), clock.now);
    return this.deleteInBatches(
      authorizationCodes,
      authorizationCodes.codeHash,
      and(lt(authorizationCodes.expiresAt, clock.cutoff), not(grantStillLive)),
    );
  }

  /**
   * User and admin sessions that ended, idled out or reached their absolute lifetime. One that a live grant was
   * issued from stays: refreshed ID tokens carry its `sid`, read from the row.
   */
  private sessions(clock: PurgeClock): Promise<number> {
    const usedByLiveGrant = this.liveGrantExists(eq(grants.sessionId, sessions.id), clock.now);
    return this.deleteInBatches(
      sessions,
      sessions.id,
      and(lt(sessionEndExpression(sessions), clock.cutoff), not(usedByLiveGrant)),
    );
  }

  /** Organization invitations past their expiry (their roles go with them); memberships are never touched. */
  private expiredInvitations(clock: PurgeClock): Promise<number> {
    return this.deleteInBatches(
      organizationMembers,
      organizationMembers.id,
      and(eq(organizationMembers.status, 'invited'), lt(organizationMembers.inviteExpiresAt, clock.cutoff)),
    );
  }
}
