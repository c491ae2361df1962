import type { SessionService } from '../accounts/sessions.js';
import type { GrantRevocation } from '../oauth/revocation.js';

/** What deprovisioning ends: the whole account, or what it holds in one organization's context. */
export type AccessScope = { kind: 'account' } | { kind: 'organization'; organizationId: string };

/**
 * Ends a deprovisioned user's sessions and grants in scope, inside the caller's transaction, so it is done before
 * the SCIM response returns (docs/scim.md#deprovisioning):
 * - for the whole account, its pending authorization requests end: none can be completed later, not even by the
 *   account signed in again after reactivation;
 * - unredeemed authorization codes are marked used: a code issued a moment earlier can no longer be redeemed;
 * - grants are revoked, and with them refresh tokens (and access tokens, for introspection and userinfo);
 * - for the whole account, sessions end, so no pending authorization request can be finalized (finalize needs a
 *   session) and the hosted UI signs the user out.
 * An organization's scope leaves the user's sessions alone: they may still use other organizations.
 *
 * This is the one place SCIM ends access. Grants end through the oauth slice's revocation service, the one path
 * that ends grants.
 */
export async function endAccess(
  dependencies: { sessions: SessionService; revocation: GrantRevocation },
  userId: string,
  scope: AccessScope,
): Promise<void> {
  const now = new Date();
  if (scope.kind === 'account') {
    await dependencies.revocation.endAllOfUser(userId, now);
    await dependencies.sessions.endAllForUser(userId, 'scim_deprovisioned');
  } else {
    await dependencies.revocation.endUnredeemedCodes(userId, scope.organizationId, now);
    await dependencies.revocation.revokeInOrganization(scope.organizationId, userId);
  }
}
