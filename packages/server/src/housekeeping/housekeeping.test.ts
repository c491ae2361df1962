/**
 * Housekeeping (docs/operations.md#housekeeping): expired rows of every kind go, nothing live does, and what
 * replay detection needs (rotated refresh tokens and redeemed codes of a live grant, RFC 9700 §4.14.2,
 * RFC 6749 §4.1.2) stays until the grant is over. Rows are seeded straight into the tables with their timestamps
 * in the past, as time would leave them; the protocol checks then go through the real endpoints.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, opaqueLogins, pendingRegistrations, sessions } from '../accounts/tables.js';
import { installTokens } from '../admin/tables.js';
import { Metrics } from '../app/metrics.js';
import { MODULES } from '../app/modules.js';
import { clientAssertionJtis } from '../clients/tables.js';
import { hashToken } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import { federationConnections, federationFlows } from '../federation/tables.js';
import { deviceApprovals } from '../keys/devices/tables.js';
import {
  authorizationCodes,
  authorizationRequests,
  deviceAuthorizations,
  dpopProofs,
  grants,
  pushedAuthorizationRequests,
  refreshTokens,
} from '../oauth/tables.js';
import { organizationMemberRoles, organizationMembers, organizations } from '../orgs/tables.js';
import {
  authorizeAndApprove,
  authorizeUrl,
  basicAuthorization,
  formPost,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  sessionCookieValue,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { purgesOf } from './index.js';
import { HousekeepingService } from './service.js';

const HOUR = 3600_000;
/** Past the default retention (`housekeeping.retention_hours`, 24). */
const LONG_AGO = 48;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);
const id = () => randomBytes(16).toString('hex');

let server: TestServer;
let db: Db;
let rp: { clientId: string; clientSecret: string };
let user: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  const registered = await registerClient(server);
  rp = { clientId: registered.clientId, clientSecret: registered.clientSecret! };
  user = await signInUser(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const credentials = () => ({ authorization: basicAuthorization(rp.clientId, rp.clientSecret) });

async function insertSession(
  times: { endedAt?: Date; idleExpiresAt?: Date; absoluteExpiresAt?: Date },
  account: { adminUserId: string } | { userId: string } = { userId: user.user.id },
): Promise<string> {
  const sessionId = id();
  await db.insert(sessions).values({
    id: sessionId,
    kind: 'adminUserId' in account ? 'admin' : 'user',
    publicId: id(),
    ...account,
    authTime: hoursAgo(100),
    amr: ['pwd'],
    acr: 'urn:tessera:loa:1',
    idleExpiresAt: times.idleExpiresAt ?? inHours(12),
    absoluteExpiresAt: times.absoluteExpiresAt ?? inHours(24),
    endedAt: times.endedAt ?? null,
  });
  return sessionId;
}

async function insertGrant(times: { expiresAt: Date; revokedAt?: Date }, sessionId: string | null = null) {
  const grantId = randomUUID();
  await db.insert(grants).values({
    id: grantId,
    clientId: rp.clientId,
    userId: user.user.id,
    sessionId,
    scope: 'openid',
    authTime: hoursAgo(100),
    amr: ['pwd'],
    acr: 'urn:tessera:loa:1',
    createdAt: hoursAgo(100),
    expiresAt: times.expiresAt,
    revokedAt: times.revokedAt ?? null,
  });
  return grantId;
}

async function insertRefreshToken(grantId: string, usedAt: Date | null = null): Promise<string> {
  const tokenHash = id();
  const grant = (await db.select().from(grants).where(eq(grants.id, grantId)))[0]!;
  await db.insert(refreshTokens).values({
    tokenHash,
    grantId,
    clientId: rp.clientId,
    createdAt: hoursAgo(100),
    expiresAt: grant.expiresAt,
    usedAt,
  });
  return tokenHash;
}

async function insertCode(expiresAt: Date, grantId: string | null = null): Promise<string> {
  const codeHash = id();
  await db.insert(authorizationCodes).values({
    codeHash,
    clientId: rp.clientId,
    userId: user.user.id,
    sessionId: user.sessionId,
    redirectUri: RP_REDIRECT,
    scope: 'openid',
    authTime: hoursAgo(100),
    amr: ['pwd'],
    acr: 'urn:tessera:loa:1',
    expiresAt,
    consumedAt: grantId ? new Date(expiresAt.getTime() - 30_000) : null,
    grantId,
  });
  return codeHash;
}

/** The keys among `keys` still present in the column's table. */
async function remaining(column: PgColumn, keys: string[]): Promise<string[]> {
  const rows = await db.select({ key: column }).from(column.table).where(inArray(column, keys));
  return rows.map((row) => String(row.key)).sort();
}
const sorted = (keys: string[]) => [...keys].sort();

describe('housekeeping', () => {
  it('deletes the rows that can never be used again, of every kind, and keeps every live one', async () => {
    const admin = await server.context.admin.users.create({
      email: `admin-${id()}@example.com`,
      role: 'write',
    });

    // Sessions: ended, idled out or past their absolute lifetime longer ago than the retention go.
    const liveSession = user.sessionId;
    const liveAdminSession = await insertSession({}, { adminUserId: admin.id });
    const recentlyEnded = await insertSession({ endedAt: hoursAgo(1) });
    const endedLongAgo = await insertSession({ endedAt: hoursAgo(LONG_AGO) });
    const idledOut = await insertSession({ idleExpiresAt: hoursAgo(LONG_AGO) });
    const pastAbsolute = await insertSession({ absoluteExpiresAt: hoursAgo(LONG_AGO) });
    const adminEnded = await insertSession({ endedAt: hoursAgo(LONG_AGO) }, { adminUserId: admin.id });
    const endedButBehindLiveGrant = await insertSession({ endedAt: hoursAgo(LONG_AGO) });

    // Grants and refresh tokens: whole families go once the grant is over; a live family keeps its rotated tokens.
    const liveGrant = await insertGrant({ expiresAt: inHours(24 * 30) }, endedButBehindLiveGrant);
    const rotatedLongAgo = await insertRefreshToken(liveGrant, hoursAgo(24 * 20));
    const currentToken = await insertRefreshToken(liveGrant);
    const revokedGrant = await insertGrant({ expiresAt: inHours(24), revokedAt: hoursAgo(LONG_AGO) });
    const revokedTokens = [
      await insertRefreshToken(revokedGrant, hoursAgo(50)),
      await insertRefreshToken(revokedGrant),
    ];
    const expiredGrant = await insertGrant({ expiresAt: hoursAgo(LONG_AGO) });
    const expiredToken = await insertRefreshToken(expiredGrant);
    const recentlyRevoked = await insertGrant({ expiresAt: inHours(24), revokedAt: hoursAgo(1) });
    const recentlyRevokedToken = await insertRefreshToken(recentlyRevoked);

    // Codes: an unredeemed expired one goes; a redeemed one stays while its grant is live.
    const unredeemedCode = await insertCode(hoursAgo(LONG_AGO));
    const codeOfLiveGrant = await insertCode(hoursAgo(LONG_AGO), liveGrant);
    const codeOfRevokedGrant = await insertCode(hoursAgo(LONG_AGO), revokedGrant);
    const liveCode = await insertCode(inHours(0.01));

    // Single-use values with an expiry.
    const requests = { expired: id(), recentlyExpired: id(), live: id() };
    for (const [name, expiresAt] of [
      ['expired', hoursAgo(LONG_AGO)],
      ['recentlyExpired', hoursAgo(1)],
      ['live', inHours(0.1)],
    ] as const) {
      await db
        .insert(authorizationRequests)
        .values({ idHash: requests[name], clientId: rp.clientId, parameters: {}, expiresAt });
    }
    const logins = { expired: id(), live: id() };
    const registrations = { expired: id(), live: id() };
    const install = { expired: id(), live: id() };
    const flows = { expired: id(), live: id() };
    const connectionId = randomUUID();
    await db.insert(federationConnections).values({
      id: connectionId,
      name: 'Upstream',
      issuer: 'https://idp.example',
      clientId: 'tessera',
      authorizationEndpoint: 'https://idp.example/authorize',
      tokenEndpoint: 'https://idp.example/token',
      jwksUri: 'https://idp.example/jwks',
      scopes: ['openid'],
    });
    for (const [name, expiresAt] of [
      ['expired', hoursAgo(LONG_AGO)],
      ['live', inHours(0.1)],
    ] as const) {
      await db.insert(opaqueLogins).values({
        idHash: logins[name],
        userId: user.user.id,
        purpose: 'login',
        stateSealed: 'sealed',
        expiresAt,
      });
      await db.insert(pendingRegistrations).values({
        idHash: registrations[name],
        email: 'new@example.com',
        userId: randomUUID(),
        purpose: 'signup',
        expiresAt,
      });
      await db.insert(installTokens).values({ tokenHash: install[name], expiresAt });
      await db.insert(federationFlows).values({
        stateHash: flows[name],
        browserHash: id(),
        connectionId,
        secretsSealed: 'sealed',
        expiresAt,
      });
    }
    const usedEmailToken = id();
    await db.insert(emailTokens).values({
      tokenHash: usedEmailToken,
      userId: user.user.id,
      purpose: 'password_reset',
      email: user.user.email,
      expiresAt: hoursAgo(LONG_AGO),
      consumedAt: hoursAgo(LONG_AGO + 1),
    });
    const liveEmailToken = hashToken(
      await server.context.accounts.emailTokens.issue(user.user.id, 'verify_email', user.user.email),
    );

    // Invitations: an expired one goes with its roles; memberships stay whatever their old invite expiry.
    const organizationId = randomUUID();
    await db.insert(organizations).values({ id: organizationId, name: 'Acme', slug: `acme-${id()}` });
    const member = (status: string, inviteExpiresAt: Date, userId: string | null = null) => ({
      id: randomUUID(),
      organizationId,
      userId,
      status,
      inviteEmail: userId ? null : `${id()}@example.com`,
      inviteEmailNormalized: null,
      inviteTokenHash: userId ? null : id(),
      inviteExpiresAt,
    });
    const expiredInvite = member('invited', hoursAgo(LONG_AGO));
    const liveInvite = member('invited', inHours(24));
    const joined = member('active', hoursAgo(24 * 10), user.user.id);
    await db.insert(organizationMembers).values([expiredInvite, liveInvite, joined]);
    await db
      .insert(organizationMemberRoles)
      .values([expiredInvite, liveInvite, joined].map((row) => ({ memberId: row.id, roleKey: 'member' })));

    // Trusted-device approval requests (docs/zk.md §3.6): refused once expired, approved or not.
    const approval = (expiresAt: Date) => ({
      id: randomUUID(),
      userId: user.user.id,
      pickupTokenHash: hashToken(id()),
      publicJwk: { kty: 'EC' as const, crv: 'P-256' as const, x: 'x', y: 'y' },
      label: 'test device',
      expiresAt,
    });
    const expiredApproval = approval(hoursAgo(LONG_AGO));
    const liveApproval = approval(inHours(1));
    await db.insert(deviceApprovals).values([expiredApproval, liveApproval]);
    // A device authorization (RFC 8628) goes once past its expiry, whatever its status.
    const deviceAuthorization = (id: string, expiresAt: Date) => ({
      id,
      deviceCodeHash: `device-${id}`,
      userCodeHash: `user-${id}`,
      clientId: rp.clientId,
      scope: 'openid',
      intervalSeconds: 5,
      expiresAt,
    });
    await db
      .insert(deviceAuthorizations)
      .values([
        deviceAuthorization('expired-device', hoursAgo(LONG_AGO)),
        deviceAuthorization('live-device', inHours(1)),
      ]);

    // A used client assertion jti and a pushed request are kept until they expire.
    await db.insert(dpopProofs).values([
      { jkt: 'thumbprint', jti: 'expired-proof', expiresAt: hoursAgo(LONG_AGO) },
      { jkt: 'thumbprint', jti: 'live-proof', expiresAt: inHours(1) },
    ]);
    await db.insert(clientAssertionJtis).values([
      { clientId: rp.clientId, jti: 'expired-jti', expiresAt: hoursAgo(LONG_AGO) },
      { clientId: rp.clientId, jti: 'live-jti', expiresAt: inHours(1) },
    ]);
    await db.insert(pushedAuthorizationRequests).values([
      { idHash: 'expired-par', clientId: rp.clientId, parameters: {}, expiresAt: hoursAgo(LONG_AGO) },
      { idHash: 'live-par', clientId: rp.clientId, parameters: {}, expiresAt: inHours(1) },
    ]);

    const run = await server.context.housekeeping.runOnce();

    expect(run).toEqual({
      outcome: 'completed',
      purged: {
        authorization_requests: 1,
        refresh_tokens: 3,
        grants: 2,
        authorization_codes: 2,
        sessions: 4,
        opaque_logins: 1,
        pending_registrations: 1,
        email_tokens: 1,
        install_tokens: 1,
        organization_members: 1,
        passkey_ceremonies: 0,
        federation_flows: 1,
        device_approvals: 1,
        pushed_authorization_requests: 1,
        client_assertion_jtis: 1,
        dpop_proofs: 1,
        device_authorizations: 1,
      },
    });
    expect(await remaining(deviceAuthorizations.id, ['expired-device', 'live-device'])).toEqual([
      'live-device',
    ]);
    expect(await remaining(clientAssertionJtis.jti, ['expired-jti', 'live-jti'])).toEqual(['live-jti']);
    expect(await remaining(dpopProofs.jti, ['expired-proof', 'live-proof'])).toEqual(['live-proof']);
    expect(await remaining(pushedAuthorizationRequests.idHash, ['expired-par', 'live-par'])).toEqual([
      'live-par',
    ]);
    expect(await remaining(deviceApprovals.id, [expiredApproval.id, liveApproval.id])).toEqual([
      liveApproval.id,
    ]);
    expect(
      await remaining(sessions.id, [
        liveSession,
        liveAdminSession,
        recentlyEnded,
        endedLongAgo,
        idledOut,
        pastAbsolute,
        adminEnded,
        endedButBehindLiveGrant,
      ]),
    ).toEqual(sorted([liveSession, liveAdminSession, recentlyEnded, endedButBehindLiveGrant]));
    expect(await remaining(grants.id, [liveGrant, revokedGrant, expiredGrant, recentlyRevoked])).toEqual(
      sorted([liveGrant, recentlyRevoked]),
    );
    expect(
      await remaining(refreshTokens.tokenHash, [
        rotatedLongAgo,
        currentToken,
        ...revokedTokens,
        expiredToken,
        recentlyRevokedToken,
      ]),
    ).toEqual(sorted([rotatedLongAgo, currentToken, recentlyRevokedToken]));
    expect(
      await remaining(authorizationCodes.codeHash, [
        unredeemedCode,
        codeOfLiveGrant,
        codeOfRevokedGrant,
        liveCode,
      ]),
    ).toEqual(sorted([codeOfLiveGrant, liveCode]));
    expect(await remaining(authorizationRequests.idHash, Object.values(requests))).toEqual(
      sorted([requests.recentlyExpired, requests.live]),
    );
    expect(await remaining(opaqueLogins.idHash, Object.values(logins))).toEqual([logins.live]);
    expect(await remaining(pendingRegistrations.idHash, Object.values(registrations))).toEqual([
      registrations.live,
    ]);
    expect(await remaining(installTokens.tokenHash, Object.values(install))).toEqual([install.live]);
    expect(await remaining(federationFlows.stateHash, Object.values(flows))).toEqual([flows.live]);
    expect(await remaining(emailTokens.tokenHash, [usedEmailToken, liveEmailToken])).toEqual([
      liveEmailToken,
    ]);
    expect(await remaining(organizationMembers.id, [expiredInvite.id, liveInvite.id, joined.id])).toEqual(
      sorted([liveInvite.id, joined.id]),
    );
    expect(
      await remaining(organizationMemberRoles.memberId, [expiredInvite.id, liveInvite.id, joined.id]),
    ).toEqual(sorted([liveInvite.id, joined.id]));

    // The live session still signs its user in.
    const cookieValue = sessionCookieValue(user.cookie);
    expect(await server.context.accounts.sessions.resolve(cookieValue)).toMatchObject({ id: user.sessionId });
    const metrics = (await server.context.metrics.render()).body;
    expect(metrics).toContain('tessera_housekeeping_purged_rows_total{table="sessions"} 4');
    expect(metrics).toContain('tessera_housekeeping_purged_rows_total{table="refresh_tokens"} 3');
    expect(metrics).toContain('tessera_housekeeping_runs_total{outcome="completed"} 1');

    // Nothing is left to do.
    const again = await server.context.housekeeping.runOnce();
    expect(again.outcome === 'completed' && Object.values(again.purged).every((count) => count === 0)).toBe(
      true,
    );
  });

  it('keeps a rotated-out refresh token of a live family however old: a replay still ends the family (RFC 9700 §4.14.2)', async () => {
    const signedIn = await signInUser(server);
    const first = await exchangeCode(await codeFor(signedIn));
    const rotated = await refresh(first.refresh_token as string);
    expect(rotated.status).toBe(200);
    // Time passes: the first token was rotated out weeks ago, the code and the browser session are long over.
    await db
      .update(refreshTokens)
      .set({ createdAt: hoursAgo(24 * 20), usedAt: hoursAgo(24 * 20) })
      .where(eq(refreshTokens.tokenHash, hashToken(first.refresh_token as string)));
    await db
      .update(sessions)
      .set({ endedAt: hoursAgo(LONG_AGO) })
      .where(eq(sessions.id, signedIn.sessionId));

    expect(await server.context.housekeeping.runOnce()).toMatchObject({ outcome: 'completed' });

    // The family is live, and its ID tokens keep the sid of the session it came from (the row stayed).
    const [session] = await db.select().from(sessions).where(eq(sessions.id, signedIn.sessionId));
    const next = await refresh(rotated.json.refresh_token as string);
    expect(next.status).toBe(200);
    expect(decodeJwt(next.json.id_token as string).sid).toBe(session!.publicId);
    // The old token is still known as used: presenting it revokes the family, the newest token included.
    expect(await refresh(first.refresh_token as string)).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant' },
    });
    expect(await refresh(next.json.refresh_token as string)).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant' },
    });
  });

  it('keeps a redeemed code while its grant is live: a replay still revokes the grant (RFC 6749 §4.1.2)', async () => {
    const code = await codeFor(await signInUser(server));
    const tokens = await exchangeCode(code);
    await db
      .update(authorizationCodes)
      .set({ expiresAt: hoursAgo(LONG_AGO) })
      .where(eq(authorizationCodes.codeHash, hashToken(code.code)));

    expect(await server.context.housekeeping.runOnce()).toMatchObject({ outcome: 'completed' });

    const replay = await formPost(server, '/token', codeForm(code), credentials());
    expect(replay).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect(replay.json.error_description).toBe('the authorization code was already used');
    expect(await refresh(tokens.refresh_token as string)).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant' },
    });
  });

  it('keeps rows for the configured retention', async () => {
    const twoDays = id();
    const fourDays = id();
    await db.insert(authorizationRequests).values([
      { idHash: twoDays, clientId: rp.clientId, parameters: {}, expiresAt: hoursAgo(48) },
      { idHash: fourDays, clientId: rp.clientId, parameters: {}, expiresAt: hoursAgo(96) },
    ]);
    await server.context.settings.set('housekeeping.retention_hours', 72);
    try {
      await server.context.housekeeping.runOnce();
    } finally {
      await server.context.settings.reset('housekeeping.retention_hours');
    }
    expect(await remaining(authorizationRequests.idHash, [twoDays, fourDays])).toEqual([twoDays]);
    // Back at the default (24 hours), the next run takes it.
    await server.context.housekeeping.runOnce();
    expect(await remaining(authorizationRequests.idHash, [twoDays])).toEqual([]);
  });

  it('works through a backlog in batches of the configured size', async () => {
    const backlog = Array.from({ length: 7 }, id);
    await db.insert(authorizationRequests).values(
      backlog.map((idHash) => ({
        idHash,
        clientId: rp.clientId,
        parameters: {},
        expiresAt: hoursAgo(LONG_AGO),
      })),
    );
    const run = await housekeepingWith({ batchSize: 2 }).runOnce();
    expect(run).toMatchObject({ outcome: 'completed', purged: { authorization_requests: 7 } });
    expect(await remaining(authorizationRequests.idHash, backlog)).toEqual([]);
  });

  it('runs on its timer until stopped', async () => {
    const expired = id();
    await db
      .insert(authorizationRequests)
      .values({ idHash: expired, clientId: rp.clientId, parameters: {}, expiresAt: hoursAgo(LONG_AGO) });
    const timed = housekeepingWith({});
    timed.start(20);
    try {
      const deadline = Date.now() + 10_000;
      while ((await remaining(authorizationRequests.idHash, [expired])).length > 0) {
        if (Date.now() > deadline) throw new Error('the timer did not run housekeeping');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await timed.stop();
    }
  });
});

/** Another housekeeping instance on the same database, with its own metrics and options. */
function housekeepingWith(options: { batchSize?: number }): HousekeepingService {
  const { database } = server;
  const { settings } = server.context;
  return new HousekeepingService(
    database,
    settings,
    new Metrics(database),
    pino({ level: 'silent' }),
    purgesOf(MODULES),
    options,
  );
}

async function codeFor(signedIn: SignedIn): Promise<{ code: string; verifier: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = authorizeUrl(server, {
    client_id: rp.clientId,
    redirect_uri: RP_REDIRECT,
    response_type: 'code',
    scope: 'openid',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const callback = await authorizeAndApprove(server, signedIn, url);
  return { code: callback.searchParams.get('code')!, verifier };
}

function codeForm(code: { code: string; verifier: string }): Record<string, string> {
  return {
    grant_type: 'authorization_code',
    code: code.code,
    redirect_uri: RP_REDIRECT,
    code_verifier: code.verifier,
  };
}

async function exchangeCode(code: { code: string; verifier: string }): Promise<Record<string, unknown>> {
  const answer = await formPost(server, '/token', codeForm(code), credentials());
  if (answer.status !== 200) throw new Error(`code exchange answered ${answer.status}`);
  return answer.json;
}

function refresh(refreshToken: string) {
  return formPost(
    server,
    '/token',
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    credentials(),
  );
}
