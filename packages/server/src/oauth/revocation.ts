import { OAuthError } from '../app/errors.js';
import type { Client } from '../clients/model.js';
import { hashToken } from '../crypto/tokens.js';
import type { OAuthStore } from './store.js';

/**
 * Every way a grant ends, in one place: a grant is a refresh-token family and the access tokens issued from it, so
 * revoking it stops its refresh tokens at /token and makes introspection and userinfo report its access tokens
 * inactive. /revoke, replay detection at /token, an account disabled or its password reset (accounts lifecycle) and
 * organization membership changes all come here.
 *
 * The grant-status cache (userinfo, introspection) is dropped by the store's revoking writes themselves, which
 * announce every ended grant on the change bus: no path through here, or around it, can forget to.
 */
export class GrantRevocation {
  constructor(private readonly store: OAuthStore) {}

  /** One grant: its whole refresh-token family (RFC 9700 §4.14.2 on reuse; RFC 6749 §4.1.2 on a replayed code). */
  async revokeGrant(grantId: string, now = new Date()): Promise<void> {
    await this.store.revokeGrant(grantId, now);
  }

  /**
   * RFC 7009 §2.1: a refresh token is revoked with its whole grant, and only by the client it was issued to. Access
   * and ID tokens are stateless (docs/integration.md#userinfo-introspection-revocation) and unknown tokens
   * are no error (RFC 7009 §2.2): nothing to do for them.
   */
  async revokeToken(client: Client, token: string): Promise<void> {
    const row = await this.store.findRefreshToken(hashToken(token));
    if (!row) return;
    if (row.clientId !== client.id) {
      throw new OAuthError('unauthorized_client', 'the token was not issued to this client');
    }
    await this.store.revokeGrant(row.grantId, new Date());
  }

  /**
   * The user's authorization codes not yet redeemed (in one organization's context, or all), so that none issued a
   * moment before deprovisioning (docs/scim.md#deprovisioning) becomes a grant after it.
   */
  async endUnredeemedCodes(userId: string, organizationId: string | null, now = new Date()): Promise<void> {
    await this.store.consumeCodesOfUser(userId, organizationId, now);
  }

  /**
   * What was issued in sessions that just ended (their `sid`s): their unredeemed codes are used up, so none becomes
   * a grant after the end, and their grants are returned, revoked or not, for the logout slice to revoke the
   * session-bound ones and tell the relying parties (docs/logout.md).
   */
  async endedSessionGrants(
    publicIds: string[],
    now = new Date(),
  ): Promise<{ id: string; clientId: string; userId: string; scope: string; sessionPublicId: string }[]> {
    await this.store.consumeCodesOfSessions(publicIds, now);
    return this.store.grantsOfSessions(publicIds);
  }

  /** These grants, each with its refresh-token family. */
  async revokeGrants(grantIds: string[], now = new Date()): Promise<void> {
    await this.store.revokeGrants(grantIds, now);
  }

  /** Every grant of a user (the account disabled, its password reset). */
  async revokeAllOfUser(userId: string): Promise<void> {
    await this.store.revokeGrantsOfUser(userId, new Date());
  }

  /**
   * Everything of the authorization state a user's access ended with (the account deactivated by an admin or SCIM,
   * its password replaced), in the caller's transaction: the pending authorization requests tied to the account,
   * its unredeemed codes and every grant. None of it can be completed, redeemed or refreshed afterwards, by anyone,
   * also once the account is active again and signed in anew (docs/scim.md#deprovisioning).
   */
  async endAllOfUser(userId: string, now = new Date()): Promise<void> {
    await this.store.endPendingRequestsOfUser(userId, now);
    await this.store.consumeCodesOfUser(userId, null, now);
    await this.store.revokeGrantsOfUser(userId, now);
  }

  /**
   * The grants issued in an organization's context, of one member or (userId null) of everyone: a member removed or
   * suspended, an organization disabled or deleted.
   */
  async revokeInOrganization(organizationId: string, userId: string | null): Promise<void> {
    await this.store.revokeOrganizationGrants(organizationId, userId, new Date());
  }
}
