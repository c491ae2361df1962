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

/**
 * Revokes the grants issued in an organization's context, of one member or of everyone (a member removed or
 * suspended, an organization disabled or deleted): their refresh tokens stop working and introspection reports their
 * access tokens inactive.
 */
export async function revokeOrganizationGrants(
  db: Db,
  organizationId: string,
  userId: string | null = null,
): Promise<void> {
  await db
    .update(grants)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(grants.organizationId, organizationId),
        userId === null ? undefined : eq(grants.userId, userId),
        isNull(grants.revokedAt),
      ),
    );
}
