import { and, eq, exists, gt, inArray, isNull, lt, not, type SQL, sql } from 'drizzle-orm';
import { sessionEndExpression, sessions } from '../accounts/tables.js';
import type { Db } from '../db/client.js';
import { deleteInBatches, deleteInBatchesByPair, type ExpiredRowPurge, purgeExpired } from '../db/purge.js';
import {
  authorizationCodes,
  authorizationRequests,
  deviceAuthorizations,
  dpopProofs,
  grantEndExpression,
  grants,
  pushedAuthorizationRequests,
  refreshTokens,
} from './tables.js';

/**
 * Whether a grant matching `link` may still issue tokens (not revoked, not expired): what it was issued from (its
 * session) and what replay detection needs (its redeemed code) stay while it is.
 */
function liveGrantExists(db: Db, link: SQL, now: Date): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(grants)
      .where(and(link, isNull(grants.revokedAt), gt(grants.expiresAt, now))),
  );
}

/**
 * The oauth slice's dead rows, in the order the housekeeping job deletes them (tokens before their grants), and
 * the accounts slice's ended sessions: only this slice knows which of them a live grant still needs.
 */
export const OAUTH_PURGES: readonly ExpiredRowPurge[] = [
  purgeExpired(authorizationRequests, authorizationRequests.idHash),
  {
    /**
     * Refresh tokens go only with their whole family, once the grant is revoked or expired: a rotated-out token of
     * a live family must stay, because presenting it again is how a leak is detected and the family revoked
     * (RFC 9700 §4.14.2). Once the grant is over, every token of it is refused anyway, a replay included.
     */
    table: 'refresh_tokens',
    purge(db, clock, batchSize) {
      const endedGrants = db
        .select({ id: grants.id })
        .from(grants)
        .where(lt(grantEndExpression(grants), clock.cutoff));
      return deleteInBatches(
        db,
        batchSize,
        refreshTokens,
        refreshTokens.tokenHash,
        inArray(refreshTokens.grantId, endedGrants),
      );
    },
  },
  {
    table: 'grants',
    purge: (db, clock, batchSize) =>
      deleteInBatches(db, batchSize, grants, grants.id, lt(grantEndExpression(grants), clock.cutoff)),
  },
  {
    /**
     * Codes live 60 seconds, but a redeemed one stays while the grant it created is live: presenting it again
     * revokes that grant (RFC 6749 §4.1.2), which must keep working for as long as there is something to revoke.
     */
    table: 'authorization_codes',
    purge(db, clock, batchSize) {
      const grantStillLive = liveGrantExists(db, eq(grants.id, authorizationCodes.grantId), clock.now);
      return deleteInBatches(
        db,
        batchSize,
        authorizationCodes,
        authorizationCodes.codeHash,
        and(lt(authorizationCodes.expiresAt, clock.cutoff), not(grantStillLive)),
      );
    },
  },
  purgeExpired(pushedAuthorizationRequests, pushedAuthorizationRequests.idHash),
  {
    /** DPoP proofs seen (RFC 9449 §11.1) are kept until their iat window has passed; the proof is refused then. */
    table: 'dpop_proofs',
    purge: (db, clock, batchSize) =>
      deleteInBatchesByPair(
        db,
        batchSize,
        dpopProofs,
        [dpopProofs.jkt, dpopProofs.jti],
        lt(dpopProofs.expiresAt, clock.cutoff),
      ),
  },
  // RFC 8628: past its expiry a device code is refused whatever its status; the grant it issued lives on its own.
  purgeExpired(deviceAuthorizations, deviceAuthorizations.id),
  {
    /**
     * User and admin sessions that ended, idled out or reached their absolute lifetime. One that a live grant was
     * issued from stays: refreshed ID tokens carry its `sid`, read from the row.
     */
    table: 'sessions',
    purge(db, clock, batchSize) {
      const usedByLiveGrant = liveGrantExists(db, eq(grants.sessionId, sessions.id), clock.now);
      return deleteInBatches(
        db,
        batchSize,
        sessions,
        sessions.id,
        and(lt(sessionEndExpression(sessions), clock.cutoff), not(usedByLiveGrant)),
        // Read by sessions_end_idx: ended sessions that long-lived grants still hold can be most of those ended.
        sessionEndExpression(sessions),
      );
    },
  },
];
