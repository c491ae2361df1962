import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Session } from '../accounts/sessions.js';
import type { User } from '../accounts/users.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { Client } from '../clients/model.js';
import type { SettingsService } from '../config/settings.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import { OAuthError, type OAuthJsonErrorCode } from '../protocol/oauth/errors.js';
import { DEVICE_CODE_GRANT_TYPE } from '../protocol/oauth/vocabulary.js';
import { deviceError } from './device-errors.js';
import type { DeviceAuthorizationRow, DeviceAuthorizationStore } from './device-store.js';
import { oauthApiError } from './errors.js';
import type { OrganizationClaims } from './organization-context.js';
import { newUserCode, normalizeUserCode, userCodeHash } from './user-code.js';

/** RFC 8628 §3.2: the device authorization response. */
export interface DeviceAuthorizationResponse {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/** RFC 8628 §3.5: how much each `slow_down` raises the interval. */
export const SLOW_DOWN_SECONDS = 5;

/** Tries at a user code not yet taken; with 2.56 × 10^10 codes a second try is already rare. */
const USER_CODE_ATTEMPTS = 5;

/** The grant a device code's token response creates, made by the token service. */
export interface DeviceGrant {
  id: string;
  expiresAt: Date;
  refreshTokenHash: string | null;
  /** RFC 9449 §5: a public client's refresh tokens are bound to the key it proved. */
  dpopJkt: string | null;
}

/** An approval redeemed for tokens, with what they carry. */
export interface RedeemedDeviceAuthorization {
  user: User;
  scope: string;
  authTime: Date;
  amr: string[];
  acr: string;
  organization: OrganizationClaims | null;
}

type PollOutcome =
  | { kind: 'refused'; error: OAuthError }
  | ({ kind: 'issued' } & RedeemedDeviceAuthorization);

const refuse = (error: OAuthJsonErrorCode, description: string): PollOutcome => ({
  kind: 'refused',
  error: new OAuthError(error, description),
});

/**
 * Why a client may not use the device flow, or null. A client that receives a zero-knowledge key is refused: its key
 * is handed over in the browser that is redirected back to it (docs/zk.md §5), and a device is not that browser, so
 * there is no safe way to deliver it (docs/device-flow.md#zero-knowledge-clients).
 */
export function deviceFlowRefusal(client: Client): string | null {
  if (!client.grantTypes.includes(DEVICE_CODE_GRANT_TYPE))
    return 'this client may not use the device authorization grant';
  if (client.zkDelivery !== 'none')
    return 'a client that receives a zero-knowledge key may not use the device authorization grant';
  return null;
}

/**
 * The device authorization grant (RFC 8628): the device authorization endpoint's codes, the user code the hosted UI
 * takes, the user's decision, and the device's polls of /token.
 */
export class DeviceAuthorizations {
  constructor(
    private readonly issuerUrl: string,
    private readonly store: DeviceAuthorizationStore,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
  ) {}

  /** The hosted UI's page where the user enters the code (RFC 8628 §3.2 verification_uri). */
  get verificationUri(): string {
    return `${this.issuerUrl}/ui/device`;
  }

  /** RFC 8628 §3.1, §3.2: a device code and its user code for an authenticated (or public) client. */
  async authorize(client: Client, requestedScope: string | undefined): Promise<DeviceAuthorizationResponse> {
    const refusal = deviceFlowRefusal(client);
    if (refusal) throw new OAuthError('unauthorized_client', refusal);
    const scope = this.checkScope(client, requestedScope);
    const expiresIn = this.settings.get('device.code_ttl_seconds');
    const interval = this.settings.get('device.poll_interval_seconds');
    const deviceCode = randomToken();
    const expiresAt = new Date(Date.now() + expiresIn * 1000);
    for (let attempt = 0; attempt < USER_CODE_ATTEMPTS; attempt += 1) {
      const userCode = newUserCode();
      const created = await this.store.create({
        id: randomUUID(),
        deviceCodeHash: hashToken(deviceCode),
        userCodeHash: userCodeHash(normalizeUserCode(userCode)!),
        clientId: client.id,
        scope,
        intervalSeconds: interval,
        expiresAt,
      });
      if (!created) continue;
      const complete = new URL(this.verificationUri);
      complete.searchParams.set('user_code', userCode);
      return {
        device_code: deviceCode,
        user_code: userCode,
        verification_uri: this.verificationUri,
        verification_uri_complete: complete.href,
        expires_in: expiresIn,
        interval,
      };
    }
    throw new Error('no free user code after several tries');
  }

  /** RFC 6749 §3.3: scope is required here as at /authorize, and each value must be allowed for the client. */
  private checkScope(client: Client, requested: string | undefined): string {
    const scopes = (requested ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0) throw new OAuthError('invalid_scope', 'scope is missing');
    const allowed = new Set(client.scopes.map((entry) => entry.scope));
    for (const scope of scopes) {
      if (!allowed.has(scope))
        throw new OAuthError('invalid_scope', `scope '${scope}' is not allowed for this client`);
    }
    return [...new Set(scopes)].join(' ');
  }

  /**
   * The authorization a typed user code names, still awaiting the user's decision. Unknown, expired and decided codes
   * get one answer, so a guess learns nothing beyond "not this one".
   */
  async findByUserCode(typed: string): Promise<DeviceAuthorizationRow> {
    const normalized = normalizeUserCode(typed);
    const row =
      normalized === null
        ? undefined
        : await this.store.findPendingByUserCode(userCodeHash(normalized), new Date());
    if (!row)
      throw deviceError('invalid_user_code', 'this code is not valid: check it on your device and try again');
    return row;
  }

  /**
   * The user's decision on the consent page, once: the pending request consumed (`consumeRequest`), the authorization
   * moved from pending to approved or denied, and the audit entry, in one transaction. A second decision (another tab,
   * another node) or one after expiry changes nothing and is refused.
   */
  async decide(decision: {
    deviceAuthorizationId: string;
    client: Client;
    scope: string;
    session: Session;
    approve: boolean;
    organizationId: string | null;
    consumeRequest: () => Promise<void>;
    request?: Pick<FastifyRequest, 'ip' | 'headers'>;
  }): Promise<void> {
    const now = new Date();
    const { session } = decision;
    await this.audit.recordChange(
      async () => {
        await decision.consumeRequest();
        const decided = await this.store.decide(
          decision.deviceAuthorizationId,
          {
            status: decision.approve ? 'approved' : 'denied',
            userId: session.userId,
            authTime: session.authTime,
            amr: session.amr,
            acr: session.acr,
            organizationId: decision.organizationId,
          },
          now,
        );
        if (!decided) {
          throw oauthApiError(
            'request_already_used',
            'this device code was already approved or denied, or it has expired',
          );
        }
      },
      {
        action: decision.approve
          ? 'oauth.device_authorization_approved'
          : 'oauth.device_authorization_denied',
        outcome: 'success',
        actor: { type: 'user', id: session.userId },
        target: { type: 'client', id: decision.client.id },
        details: { scope: decision.scope, organization_id: decision.organizationId },
        request: decision.request,
      },
    );
  }

  /**
   * A device's poll of /token (RFC 8628 §3.4, §3.5), in one transaction with the authorization's row locked, so the
   * polls of one device code are taken one at a time on every node: the interval is checked against the last poll
   * and both recorded; an approval is issued once, by the conditional UPDATE of `store.issue`. A refusal is thrown
   * after the transaction committed, so the poll it records stands.
   */
  async redeem(
    client: Client,
    deviceCode: string,
    grant: DeviceGrant,
    organizationClaims: (
      userId: string,
      organizationId: string,
      scope: string,
    ) => Promise<OrganizationClaims | null>,
  ): Promise<RedeemedDeviceAuthorization> {
    const now = new Date();
    const outcome = await this.store.transaction(async (): Promise<PollOutcome> => {
      const found = await this.store.lockForPoll(hashToken(deviceCode));
      if (!found) return refuse('invalid_grant', 'the device code is invalid');
      const { row, user } = found;
      // RFC 8628 §3.4, RFC 6749 §5.2: a device code is bound to the client it was issued to.
      if (row.clientId !== client.id)
        return refuse('invalid_grant', 'the device code was issued to another client');
      if (row.status === 'issued') return refuse('invalid_grant', 'the device code was already used');
      if (row.expiresAt <= now)
        return refuse('expired_token', 'the device code has expired; start again on the device');
      const tooSoon =
        row.lastPolledAt !== null && now.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * 1000;
      // RFC 8628 §3.5: slow_down raises the interval for this and every later request.
      const interval =
        tooSoon && row.status === 'pending' ? row.intervalSeconds + SLOW_DOWN_SECONDS : row.intervalSeconds;
      await this.store.recordPoll(row.id, now, interval);
      if (row.status === 'denied') return refuse('access_denied', 'the user denied the request');
      if (row.status === 'pending') {
        return tooSoon
          ? refuse('slow_down', `polled too often: wait at least ${interval} seconds between requests`)
          : refuse('authorization_pending', 'the user has not yet approved the request');
      }
      if (user?.status !== 'active') return refuse('invalid_grant', 'the user account is not active');
      let organization: OrganizationClaims | null = null;
      if (row.organizationId) {
        organization = await organizationClaims(user.id, row.organizationId, row.scope);
        if (!organization)
          return refuse(
            'invalid_grant',
            'the user is no longer a member of the organization of this approval',
          );
      }
      const authTime = row.authTime!;
      const amr = row.amr ?? [];
      const acr = row.acr!;
      const issued = await this.store.issue(
        row.id,
        {
          id: grant.id,
          clientId: client.id,
          userId: user.id,
          // The device's grant is not part of the browser session that approved it: signing out there does not
          // sign the device out (docs/device-flow.md#sessions).
          sessionId: null,
          scope: row.scope,
          organizationId: row.organizationId,
          authTime,
          amr,
          acr,
          expiresAt: grant.expiresAt,
          dpopJkt: grant.dpopJkt,
        },
        grant.refreshTokenHash ? { tokenHash: grant.refreshTokenHash, expiresAt: grant.expiresAt } : null,
        now,
      );
      if (!issued) return refuse('invalid_grant', 'the device code was already used');
      return { kind: 'issued', user, scope: row.scope, authTime, amr, acr, organization };
    });
    if (outcome.kind === 'refused') throw outcome.error;
    return outcome;
  }

  /** An account's access ended: its approvals whose tokens were not yet fetched end too. */
  async endOfUser(userId: string): Promise<void> {
    await this.store.denyApprovedOfUser(userId, new Date());
  }
}
