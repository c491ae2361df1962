import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { grants } from '../db/schema/index.js';

/**
 * Revokes every grant of a user, and with them their refresh tokens and the access tokens that introspection and
 * userinfo check (a password reset, a disabled account).
 */
export async function revokeAllGrantsOfUser(db: Db, userId: string): Promise<void> {
  await db
    .update(grants)
    .set({ revokedAt: new Date() })
    .where(and(eq(grants.userId, userId), isNull(grants.revokedAt)));
}
