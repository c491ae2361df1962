import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { sessions, users } from '../accounts/tables.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import {
  approveConsentedRequestStatement,
  approveRequestStatement,
  consumeRequestStatement,
  pendingRequestCondition,
  pendingRequestWithConsentStatement,
} from './authorize-statements.js';
import type { ActiveGrant } from './grant-status-cache.js';
import { type PendingRequestContent, PendingRequestsMemo } from './pending-requests-memo.js';
import { authorizationCodes, authorizationRequests, consents, grants, refreshTokens } from './tables.js';
import {
  activeGrant,
  activeGrantCondition,
  codeForExchangeStatement,
  redeemCodeAtOnceStatement,
  redeemCodeAtOnceWithRefreshTokenStatement,
  redeemCodeStatement,
  redeemCodeWithRefreshTokenStatement,
  refreshTokenForUseStatement,
  rotateRefreshTokenAtOnceStatement,
  rotateRefreshTokenStatement,
  type TokenSubject,
  toSubject,
} from './token-statements.js';

export type { TokenSubject } from './token-statements.js';

export type AuthorizationCodeRow = typeof authorizationCodes.$inferSelect;
/** A code as it is written: the database sets when, and consumption fills in the rest. */
export type NewCode = Omit<typeof authorizationCodes.$inferInsert, 'createdAt' | 'consumedAt' | 'grantId'>;
export type GrantRow = typeof grants.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
/** What the token response needs of a code redeemed by redeemCodeAtOnce. */
export type RedeemedCode = Pick<
  AuthorizationCodeRow,
  'sessionId' | 'scope' | 'nonce' | 'authTime' | 'amr' | 'acr' | 'zkKeyHash' | 'zkDrkHash'
>;

/**
 * SQL for the authorization state: pending requests, codes, grants, refresh tokens and consents. Every single-use
 * value is consumed with one conditional UPDATE ... RETURNING, so of two concurrent redemptions exactly one wins,
 * on one node or many (docs/scaling.md#exactly-once-across-nodes).
 *
 * Every write that ends grants announces it on the change bus (topic `grants`), here and nowhere else, so that no
 * caller can end a grant that a cache (oauth/grant-status-cache.ts) on this node or another goes on serving.
 */
export class OAuthStore {
  // The queries of userinfo, /token and the authorization endpoint (every sign-in and every code a signed-in browser
  // gets), built and prepared once (db/prepared.ts): each runs on every call.
  private readonly createAuthorizationRequestQuery;
  private readonly findAuthorizationRequestQuery;
  private readonly findAuthorizationRequestWithConsentQuery;
  private readonly consumeAuthorizationRequestQuery;
  private readonly approveAuthorizationRequestQuery;
  private readonly approveConsentedAuthorizationRequestQuery;
  private readonly tieAuthorizationRequestQuery;
  private readonly createCodeQuery;
  private readonly findConsentQuery;
  private readonly activeGrantUserQuery;
  private readonly codeForExchangeQuery;
  private readonly redeemCodeQuery;
  private readonly redeemCodeWithRefreshTokenQuery;
  private readonly refreshTokenForUseQuery;
  private readonly rotateRefreshTokenQuery;
  private readonly redeemCodeAtOnceQuery;
  private readonly redeemCodeAtOnceWithRefreshTokenQuery;
  private readonly rotateRefreshTokenAtOnceQuery;
  /** Pending requests' fixed content, as this node wrote or read it (pendingRequestContent). */
  private readonly pendingRequests = new PendingRequestsMemo();

  constructor(
    private readonly db: Db,
    private readonly bus: ChangeBus,
  ) {
    // Placeholders in .values() and .set() are encoded as their column encodes a value (Dates, JSON), those in
    // conditions are passed as they are (ISO strings for times).
    this.createAuthorizationRequestQuery = preparedQuery(db, 'oauth_authorization_request_insert', (db) =>
      db.insert(authorizationRequests).values({
        idHash: sql.placeholder('idHash'),
        clientId: sql.placeholder('clientId'),
        parameters: sql.placeholder('parameters'),
        browserHash: sql.placeholder('browserHash'),
        userId: sql.placeholder('userId'),
        expiresAt: sql.placeholder('expiresAt'),
      }),
    );
    this.findAuthorizationRequestQuery = preparedQuery(db, 'oauth_authorization_request', (db) =>
      db
        .select()
        .from(authorizationRequests)
        .where(pendingRequestCondition(sql.placeholder('idHash'), sql.placeholder('now'))),
    );
    this.findAuthorizationRequestWithConsentQuery = preparedQuery(
      db,
      'oauth_authorization_request_with_consent',
      pendingRequestWithConsentStatement,
    );
    this.consumeAuthorizationRequestQuery = preparedQuery(
      db,
      'oauth_authorization_request_consume',
      consumeRequestStatement,
    );
    this.approveAuthorizationRequestQuery = preparedQuery(
      db,
      'oauth_authorization_request_approve',
      approveRequestStatement,
    );
    this.approveConsentedAuthorizationRequestQuery = preparedQuery(
      db,
      'oauth_authorization_request_approve_consented',
      approveConsentedRequestStatement,
    );
    this.tieAuthorizationRequestQuery = preparedQuery(db, 'oauth_authorization_request_tie', (db) =>
      db
        .update(authorizationRequests)
        .set({ userId: sql`${sql.placeholder('userId')}::text` })
        .where(
          and(
            pendingRequestCondition(sql.placeholder('idHash'), sql.placeholder('now')),
            eq(authorizationRequests.browserHash, sql.placeholder('browserHash')),
          ),
        ),
    );
    this.createCodeQuery = preparedQuery(db, 'oauth_code_insert', (db) =>
      db.insert(authorizationCodes).values({
        codeHash: sql.placeholder('codeHash'),
        clientId: sql.placeholder('clientId'),
        userId: sql.placeholder('userId'),
        sessionId: sql.placeholder('sessionId'),
        redirectUri: sql.placeholder('redirectUri'),
        scope: sql.placeholder('scope'),
        codeChallenge: sql.placeholder('codeChallenge'),
        nonce: sql.placeholder('nonce'),
        authTime: sql.placeholder('authTime'),
        amr: sql.placeholder('amr'),
        acr: sql.placeholder('acr'),
        organizationId: sql.placeholder('organizationId'),
        zkKeyHash: sql.placeholder('zkKeyHash'),
        zkDrkHash: sql.placeholder('zkDrkHash'),
        expiresAt: sql.placeholder('expiresAt'),
        dpopJkt: sql.placeholder('dpopJkt'),
      }),
    );
    this.findConsentQuery = preparedQuery(db, 'oauth_consent', (db) =>
      db
        .select({ scopes: consents.scopes })
        .from(consents)
        .where(
          and(
            eq(consents.userId, sql.placeholder('userId')),
            eq(consents.clientId, sql.placeholder('clientId')),
          ),
        ),
    );
    this.activeGrantUserQuery = preparedQuery(db, 'oauth_active_grant_user', (db) =>
      db
        .select({
          id: users.id,
          email: users.email,
          emailVerified: users.emailVerified,
          name: users.name,
          expiresAt: grants.expiresAt,
        })
        .from(grants)
        .innerJoin(users, eq(users.id, grants.userId))
        .where(activeGrantCondition(sql.placeholder('grantId'), sql.placeholder('now'))),
    );
    this.codeForExchangeQuery = preparedQuery(db, 'oauth_code_for_exchange', codeForExchangeStatement);
    this.redeemCodeQuery = preparedQuery(db, 'oauth_redeem_code', redeemCodeStatement);
    this.redeemCodeWithRefreshTokenQuery = preparedQuery(
      db,
      'oauth_redeem_code_with_refresh_token',
      redeemCodeWithRefreshTokenStatement,
    );
    this.refreshTokenForUseQuery = preparedQuery(
      db,
      'oauth_refresh_token_for_use',
      refreshTokenForUseStatement,
    );
    this.rotateRefreshTokenQuery = preparedQuery(
      db,
      'oauth_rotate_refresh_token',
      rotateRefreshTokenStatement,
    );
    this.redeemCodeAtOnceQuery = preparedQuery(db, 'oauth_redeem_code_at_once', redeemCodeAtOnceStatement);
    this.redeemCodeAtOnceWithRefreshTokenQuery = preparedQuery(
      db,
      'oauth_redeem_code_at_once_with_refresh_token',
      redeemCodeAtOnceWithRefreshTokenStatement,
    );
    this.rotateRefreshTokenAtOnceQuery = preparedQuery(
      db,
      'oauth_rotate_refresh_token_at_once',
      rotateRefreshTokenAtOnceStatement,
    );
  }

  async createAuthorizationRequest(row: {
    idHash: string;
    clientId: string;
    parameters: unknown;
    /** hashToken of the browser-binding cookie (oauth/browser-binding.ts). */
    browserHash: string;
    /** The account signed in when the request was parked, if any. */
    userId: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.createAuthorizationRequestQuery(row);
    this.pendingRequests.remember(row.idHash, row);
  }

  /** A pending request that is neither consumed nor expired, read from the database. */
  async findAuthorizationRequest(idHash: string, now: Date) {
    const [row] = await this.findAuthorizationRequestQuery({ idHash, now: now.toISOString() });
    return row;
  }

  /** Whether the request was consumed (approved or denied): an error path's question, not prepared. */
  async authorizationRequestConsumed(idHash: string): Promise<boolean> {
    const [row] = await this.db
      .select({ consumedAt: authorizationRequests.consumedAt })
      .from(authorizationRequests)
      .where(eq(authorizationRequests.idHash, idHash));
    return row?.consumedAt != null;
  }

  /**
   * A request's fixed content (client, parameters), for a caller whose next statement consumes it: from this
   * node's memo when it wrote or read the request before, else read. Not expired, but it may have been consumed
   * on another node since: the consuming statement decides (consumeAuthorizationRequest, approveAuthorizationRequest).
   */
  async pendingRequestContent(idHash: string, now: Date): Promise<PendingRequestContent | undefined> {
    const known = this.pendingRequests.recall(idHash, now);
    if (known) return known;
    const row = await this.findAuthorizationRequest(idHash, now);
    if (row) this.pendingRequests.remember(idHash, row);
    return row;
  }

  /**
   * findAuthorizationRequest, with the scopes the user approved before for the request's client (null when none) in
   * the same statement.
   */
  async findAuthorizationRequestWithConsent(idHash: string, now: Date, userId: string) {
    const [row] = await this.findAuthorizationRequestWithConsentQuery({
      idHash,
      now: now.toISOString(),
      userId,
    });
    if (row) this.pendingRequests.remember(idHash, row.request);
    return row ? { request: row.request, remembered: row.remembered as string[] | null } : undefined;
  }

  /**
   * Ties a pending request to the account that signed in to continue it, in the browser it is bound to, so that it
   * ends with that account's access (endPendingRequestsOfUser).
   */
  async tieAuthorizationRequest(
    idHash: string,
    browserHash: string,
    userId: string,
    now: Date,
  ): Promise<void> {
    await this.tieAuthorizationRequestQuery({ idHash, browserHash, userId, now: now.toISOString() });
  }

  /**
   * Ends the pending requests tied to an account (its access ended: deactivated, deprovisioned, its password
   * replaced), so that none is completed later, not even by the same account signed in again
   * (docs/integration.md#pending-requests-are-bound-to-the-browser).
   */
  async endPendingRequestsOfUser(userId: string, now: Date): Promise<void> {
    await this.db
      .update(authorizationRequests)
      .set({ consumedAt: now })
      .where(and(eq(authorizationRequests.userId, userId), isNull(authorizationRequests.consumedAt)));
  }

  async consumeAuthorizationRequest(idHash: string, now: Date): Promise<boolean> {
    const consumed = await this.consumeAuthorizationRequestQuery({ idHash, now: now.toISOString() });
    this.pendingRequests.forget(idHash);
    return consumed.length === 1;
  }

  async createCode(row: NewCode): Promise<void> {
    await this.createCodeQuery({
      ...row,
      codeChallenge: row.codeChallenge ?? null,
      nonce: row.nonce ?? null,
      organizationId: row.organizationId ?? null,
      zkKeyHash: row.zkKeyHash ?? null,
      zkDrkHash: row.zkDrkHash ?? null,
      dpopJkt: row.dpopJkt ?? null,
    });
  }

  /**
   * An approval of a pending request in one statement (approveRequestStatement): the request consumed, the consent
   * to `code.scope` remembered and the code inserted, all or nothing. False when the request was no longer pending
   * (consumed by a concurrent finalize, or expired): then nothing was written.
   */
  async approveAuthorizationRequest(idHash: string, code: NewCode, now: Date): Promise<boolean> {
    const inserted = await this.approveAuthorizationRequestQuery(approvalValues(idHash, code, now));
    this.pendingRequests.forget(idHash);
    return inserted.length === 1;
  }

  /**
   * approveAuthorizationRequest, but only if the user's remembered consent covers `code.scope` (unless
   * `consentNeeded` is false): an approval nobody is asked for (approveConsentedRequestStatement). False when the
   * request was no longer pending or the consent falls short: then nothing was written.
   */
  async approveConsentedAuthorizationRequest(
    idHash: string,
    code: NewCode,
    now: Date,
    consentNeeded: boolean,
  ): Promise<boolean> {
    const inserted = await this.approveConsentedAuthorizationRequestQuery(
      this.consentedApprovalValues(idHash, code, now, consentNeeded),
    );
    this.pendingRequests.forget(idHash);
    return inserted.length === 1;
  }

  /**
   * A pending request this node read or wrote was approved or refused by a statement of another slice
   * (approvedByConsentCtes in a sign-in's statement): its content is no longer kept.
   */
  forgetPendingRequest(idHash: string): void {
    this.pendingRequests.forget(idHash);
  }

  /** The values of an approval nobody is asked for (approveConsentedAuthorizationRequest). */
  consentedApprovalValues(
    idHash: string,
    code: NewCode,
    now: Date,
    consentNeeded: boolean,
  ): Record<string, unknown> {
    return { ...approvalValues(idHash, code, now), consentNeeded };
  }

  /**
   * Redeems a code: marks it consumed, records the grant it creates on it, and inserts the grant (and the grant's
   * first refresh token), in one statement, so one commit (one WAL flush) and one round trip per exchange. Whoever
   * then sees the code consumed also sees the grant to revoke on replay (RFC 6749 §4.1.2), even a replay racing
   * this redemption. Of concurrent redemptions, one consumes the code; the others find `consumed_at` set when
   * PostgreSQL re-checks the row after the winner commits, and insert nothing. Returns false when another
   * redemption consumed the code first.
   */
  async redeemCode(
    codeHash: string,
    grant: typeof grants.$inferInsert,
    refreshToken: Omit<typeof refreshTokens.$inferInsert, 'grantId'> | null,
    now: Date,
  ): Promise<boolean> {
    const values = {
      codeHash,
      now: now.toISOString(),
      grantId: grant.id,
      grantClientId: grant.clientId,
      userId: grant.userId,
      sessionId: grant.sessionId ?? null,
      scope: grant.scope,
      organizationId: grant.organizationId ?? null,
      authTime: grant.authTime.toISOString(),
      amr: JSON.stringify(grant.amr),
      acr: grant.acr,
      grantExpiresAt: grant.expiresAt.toISOString(),
      dpopJkt: grant.dpopJkt ?? null,
    };
    const inserted = refreshToken
      ? await this.redeemCodeWithRefreshTokenQuery({
          ...values,
          tokenHash: refreshToken.tokenHash,
          clientId: refreshToken.clientId,
          expiresAt: refreshToken.expiresAt.toISOString(),
        })
      : await this.redeemCodeQuery(values);
    return inserted.length === 1;
  }

  /**
   * The exchange in one statement (one round trip, one commit) on its success path: consumes the code only when it
   * is unconsumed, unexpired, issued to this client for this redirect URI, its challenge is the one computed from the
   * presented verifier (or absent, when none was presented), it has no organization context and its user is active;
   * then inserts the grant from the code's values (and its first refresh token, when given), as redeemCode does, and
   * returns what the response needs. Returns undefined when any of that does not hold, having changed nothing: the
   * caller reads the code to tell why (the checks of a concurrent redemption are as in redeemCode).
   */
  async redeemCodeAtOnce(
    codeHash: string,
    presented: { clientId: string; redirectUri: string; codeChallenge: string | null },
    grant: { id: string; expiresAt: Date },
    refreshTokenHash: string | null,
    now: Date,
  ): Promise<{ code: RedeemedCode; subject: TokenSubject } | undefined> {
    const values = {
      codeHash,
      now: now.toISOString(),
      clientId: presented.clientId,
      redirectUri: presented.redirectUri,
      codeChallenge: presented.codeChallenge,
      grantId: grant.id,
      grantExpiresAt: grant.expiresAt.toISOString(),
    };
    const [row] = refreshTokenHash
      ? await this.redeemCodeAtOnceWithRefreshTokenQuery({ ...values, tokenHash: refreshTokenHash })
      : await this.redeemCodeAtOnceQuery(values);
    if (!row) return undefined;
    const { sessionId, scope, nonce, authTime, amr, acr, zkKeyHash, zkDrkHash } = row;
    return {
      code: { sessionId, scope, nonce, authTime, amr, acr, zkKeyHash, zkDrkHash },
      subject: toSubject(row),
    };
  }

  async findCode(codeHash: string): Promise<AuthorizationCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authorizationCodes)
      .where(eq(authorizationCodes.codeHash, codeHash));
    return row;
  }

  /** The code with its user and its session's public id, in one query (the exchange's one read). */
  async findCodeForExchange(
    codeHash: string,
  ): Promise<{ code: AuthorizationCodeRow; subject: TokenSubject } | undefined> {
    const [row] = await this.codeForExchangeQuery({ codeHash });
    return row ? { code: row.code, subject: toSubject(row) } : undefined;
  }

  /** The refresh token with its grant, the grant's user and its session's public id, in one query. */
  async findRefreshTokenForUse(
    tokenHash: string,
  ): Promise<{ token: RefreshTokenRow; grant: GrantRow; subject: TokenSubject } | undefined> {
    const [row] = await this.refreshTokenForUseQuery({ tokenHash });
    return row ? { token: row.token, grant: row.grant, subject: toSubject(row) } : undefined;
  }

  async findGrant(id: string): Promise<GrantRow | undefined> {
    const [row] = await this.db.select().from(grants).where(eq(grants.id, id));
    return row;
  }

  async isGrantActive(id: string, now: Date): Promise<boolean> {
    const [row] = await activeGrant(this.db, id, now);
    return row !== undefined;
  }

  /**
   * The user behind an active grant and when the grant expires, read in the same query that checks the grant
   * (userinfo's one round trip): undefined when the grant is revoked or expired or its user is not active.
   */
  async activeGrantWithUser(grantId: string, now: Date): Promise<ActiveGrant | undefined> {
    const [row] = await this.activeGrantUserQuery({ grantId, now: now.toISOString() });
    if (!row) return undefined;
    const { expiresAt, ...user } = row;
    return { user, expiresAt };
  }

  async revokeGrant(id: string, now: Date): Promise<void> {
    const revoked = await this.db
      .update(grants)
      .set({ revokedAt: now })
      .where(and(eq(grants.id, id), isNull(grants.revokedAt)))
      .returning({ id: grants.id });
    if (revoked.length > 0) await this.bus.announce('grants', `grant:${id}`);
  }

  /**
   * The grants issued in the sessions with these `sid`s (every row of each: a rotated session keeps its `sid`),
   * revoked or not, with the client and user each is for.
   */
  async grantsOfSessions(
    publicIds: string[],
  ): Promise<{ id: string; clientId: string; userId: string; scope: string; sessionPublicId: string }[]> {
    if (publicIds.length === 0) return [];
    return this.db
      .select({
        id: grants.id,
        clientId: grants.clientId,
        userId: grants.userId,
        scope: grants.scope,
        sessionPublicId: sessions.publicId,
      })
      .from(grants)
      .innerJoin(sessions, eq(sessions.id, grants.sessionId))
      .where(inArray(sessions.publicId, publicIds));
  }

  /** Revokes these grants (those still live), announcing each. */
  async revokeGrants(ids: string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    const revoked = await this.db
      .update(grants)
      .set({ revokedAt: now })
      .where(and(inArray(grants.id, ids), isNull(grants.revokedAt)))
      .returning({ id: grants.id });
    for (const { id } of revoked) await this.bus.announce('grants', `grant:${id}`);
  }

  /** Marks the unredeemed codes issued in the sessions with these `sid`s as used (consumeCodesOfUser's reason). */
  async consumeCodesOfSessions(publicIds: string[], now: Date): Promise<void> {
    if (publicIds.length === 0) return;
    await this.db
      .update(authorizationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          isNull(authorizationCodes.consumedAt),
          inArray(
            authorizationCodes.sessionId,
            this.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.publicId, publicIds)),
          ),
        ),
      );
  }

  async revokeGrantsOfUser(userId: string, now: Date): Promise<void> {
    const revoked = await this.db
      .update(grants)
      .set({ revokedAt: now })
      .where(and(eq(grants.userId, userId), isNull(grants.revokedAt)))
      .returning({ id: grants.id });
    if (revoked.length > 0) await this.bus.announce('grants', `user:${userId}`);
  }

  /**
   * Marks a user's unredeemed authorization codes (in one organization's context, or all) as used, so a code issued
   * a moment earlier can no longer be redeemed: the conditional redemption (`consumed_at IS NULL`) then fails.
   */
  async consumeCodesOfUser(userId: string, organizationId: string | null, now: Date): Promise<void> {
    await this.db
      .update(authorizationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(authorizationCodes.userId, userId),
          isNull(authorizationCodes.consumedAt),
          organizationId === null ? undefined : eq(authorizationCodes.organizationId, organizationId),
        ),
      );
  }

  /** The grants issued in an organization's context: of one user, or (userId null) of everyone. */
  async revokeOrganizationGrants(organizationId: string, userId: string | null, now: Date): Promise<void> {
    const revoked = await this.db
      .update(grants)
      .set({ revokedAt: now })
      .where(
        and(
          eq(grants.organizationId, organizationId),
          userId === null ? undefined : eq(grants.userId, userId),
          isNull(grants.revokedAt),
        ),
      )
      .returning({ id: grants.id });
    if (revoked.length === 0) return;
    // A whole organization's grants (it was disabled or deleted) are dropped from every cache at once: one message,
    // not one per grant.
    await this.bus.announce('grants', userId === null ? '*' : `user:${userId}`);
  }

  async findRefreshToken(tokenHash: string) {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /**
   * Rotation in one statement (one commit): marks the presented token used if it is unused, unexpired and its grant
   * still active (checked in the same statement, so a family revocation by a concurrent replay cannot fall between
   * the check and the use), and inserts its successor only if that update matched. Of parallel uses exactly one matches (the others find
   * `used_at` set when PostgreSQL re-checks the row after the winner commits), so exactly one successor exists;
   * a use the conditions refuse inserts nothing. Returns true if this call used the token.
   */
  async rotateRefreshToken(
    tokenHash: string,
    successor: { tokenHash: string; clientId: string; expiresAt: Date },
    now: Date,
  ): Promise<boolean> {
    const inserted = await this.rotateRefreshTokenQuery({
      tokenHash,
      now: now.toISOString(),
      successorHash: successor.tokenHash,
      clientId: successor.clientId,
      expiresAt: successor.expiresAt.toISOString(),
    });
    return inserted.length === 1;
  }

  /**
   * Rotation in one statement on its success path, with no read before it: uses the token only when it is unused,
   * unexpired, issued to this client, and its grant active (and its user) with no organization context, inserts the
   * successor (expiring with the grant) as rotateRefreshToken does, and returns the grant with its user and session's
   * public id. Returns undefined when any of that does not hold, having changed nothing: the caller then reads the
   * token to tell a replay (which revokes the family) from a wrong client or an expired token.
   */
  async rotateRefreshTokenAtOnce(
    tokenHash: string,
    successor: { tokenHash: string; clientId: string },
    now: Date,
    dpopJkt: string | null = null,
  ): Promise<{ grant: GrantRow; subject: TokenSubject } | undefined> {
    const [row] = await this.rotateRefreshTokenAtOnceQuery({
      tokenHash,
      now: now.toISOString(),
      successorHash: successor.tokenHash,
      clientId: successor.clientId,
      dpopJkt,
    });
    return row ? { grant: row.grant, subject: toSubject(row) } : undefined;
  }

  async findConsent(userId: string, clientId: string): Promise<string[] | null> {
    const [row] = await this.findConsentQuery({ userId, clientId });
    return row?.scopes ?? null;
  }
}

/** The placeholders of an approval statement: the request, its consent to the code's scopes, and the code. */
function approvalValues(idHash: string, code: NewCode, now: Date) {
  return {
    idHash,
    now: now.toISOString(),
    approved: JSON.stringify(code.scope.split(' ')),
    codeHash: code.codeHash,
    clientId: code.clientId,
    userId: code.userId,
    sessionId: code.sessionId,
    redirectUri: code.redirectUri,
    scope: code.scope,
    codeChallenge: code.codeChallenge ?? null,
    nonce: code.nonce ?? null,
    authTime: code.authTime.toISOString(),
    amr: JSON.stringify(code.amr),
    acr: code.acr,
    organizationId: code.organizationId ?? null,
    zkKeyHash: code.zkKeyHash ?? null,
    zkDrkHash: code.zkDrkHash ?? null,
    expiresAt: code.expiresAt.toISOString(),
    dpopJkt: code.dpopJkt ?? null,
  };
}
