import { and, eq, lt } from 'drizzle-orm';
import { deleteInBatches, type ExpiredRowPurge } from '../db/purge.js';
import { organizationMembers } from './tables.js';

/** Organization invitations past their expiry (their roles go with them); memberships are never touched. */
export const ORGANIZATION_PURGES: readonly ExpiredRowPurge[] = [
  {
    table: 'organization_members',
    purge: (db, clock, batchSize) =>
      deleteInBatches(
        db,
        batchSize,
        organizationMembers,
        organizationMembers.id,
        and(eq(organizationMembers.status, 'invited'), lt(organizationMembers.inviteExpiresAt, clock.cutoff)),
      ),
  },
];
