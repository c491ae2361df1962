import { lt } from 'drizzle-orm';
import { deleteInBatchesByPair, type ExpiredRowPurge } from '../db/purge.js';
import { clientAssertionJtis } from './tables.js';

/**
 * Client assertion jti values (RFC 7523 §3) are kept until the assertion expires, after which it is refused
 * anyway; keyed by client and jti.
 */
export const CLIENT_PURGES: readonly ExpiredRowPurge[] = [
  {
    table: 'client_assertion_jtis',
    purge: (db, clock, batchSize) =>
      deleteInBatchesByPair(
        db,
        batchSize,
        clientAssertionJtis,
        [clientAssertionJtis.clientId, clientAssertionJtis.jti],
        lt(clientAssertionJtis.expiresAt, clock.cutoff),
      ),
  },
];
