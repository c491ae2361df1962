import { and, eq, lt, not } from 'drizzle-orm';
import { deleteInBatches, type ExpiredRowPurge, liveGrantExists, purgeExpired } from '../db/purge.js';
import {
  emailTokens,
  grants,
  opaqueLogins,
  pendingRegistrations,
  sessionEndExpression,
  sessions,
} from '../db/schema/index.js';

/** The accounts slice's dead rows: sessions, OPAQUE login and registration state, emailed tokens. */
export const ACCOUNT_PURGES: readonly ExpiredRowPurge[] = [
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
      );
    },
  },
  purgeExpired(opaqueLogins, opaqueLogins.idHash),
  purgeExpired(pendingRegistrations, pendingRegistrations.idHash),
  purgeExpired(emailTokens, emailTokens.tokenHash),
];
