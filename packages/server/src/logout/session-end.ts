import type { EndedSession, SessionEndReason } from '../accounts/sessions.js';
import type { ClientService } from '../clients/service.js';
import type { GrantRevocation } from '../oauth/revocation.js';
import { newLogoutTokenId } from './logout-token.js';
import type { LogoutStore, NewLogout } from './store.js';

function hasScope(scope: string, wanted: string): boolean {
  return ` ${scope} `.includes(` ${wanted} `);
}

/**
 * What a session's end does to what was issued in it (docs/logout.md), in the transaction that ended it:
 * - its unredeemed codes are used up;
 * - its grants end with their refresh tokens, except those with `offline_access` (OIDC Core §11: access while the
 *   user is not signed in), unless their client asked for those to end too (`logout_ends_offline_access`);
 * - every client that got tokens in it and registered a `backchannel_logout_uri` is queued one logout token per
 *   session (OIDC Back-Channel Logout 1.0 §2.5), delivered by the worker after the commit.
 */
export class SessionEnd {
  constructor(
    private readonly revocation: GrantRevocation,
    private readonly clients: ClientService,
    private readonly store: LogoutStore,
  ) {}

  async ended(sessions: EndedSession[], reason: SessionEndReason): Promise<void> {
    const now = new Date();
    const grants = await this.revocation.endedSessionGrants(
      sessions.map((session) => session.publicId),
      now,
    );
    const toRevoke: string[] = [];
    const toTell = new Map<string, NewLogout>();
    for (const grant of grants) {
      const client = await this.clients.find(grant.clientId);
      if (!client) continue;
      if (!hasScope(grant.scope, 'offline_access') || client.logoutEndsOfflineAccess) toRevoke.push(grant.id);
      const key = `${client.id} ${grant.sessionPublicId}`;
      if (client.backchannelLogoutUri && !toTell.has(key)) {
        toTell.set(key, {
          id: newLogoutTokenId(),
          clientId: client.id,
          subject: grant.userId,
          sessionId: grant.sessionPublicId,
          reason,
        });
      }
    }
    await this.revocation.revokeGrants(toRevoke, now);
    await this.store.enqueue([...toTell.values()]);
  }
}
