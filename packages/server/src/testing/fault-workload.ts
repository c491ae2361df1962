/**
 * Acknowledged writes against a server that is about to be killed or stopped, and the check, after a restart on
 * the same data, that every acknowledged write is still there (process-faults.test.ts).
 */
import { request as httpRequest } from 'node:http';
import * as oauth from 'oauth4webapi';
import { type AdminSession, adminFetch, adminSignIn, installWithToken } from './admin.js';
import {
  authorizeAndApprove,
  authorizeUrl,
  basicAuthorization,
  browserBindingCookie,
  RP_REDIRECT,
} from './oauth.js';
import { registerWithPassword, sessionCookieFrom } from './opaque-client.js';
import type { ServerEndpoints } from './server.js';

/** What a client saw: a complete answer, no answer at all, or an answer whose body was cut off. */
export type Outcome =
  | { kind: 'answered'; status: number; json: Record<string, unknown> }
  | { kind: 'no_answer'; error: string }
  | { kind: 'truncated'; status: number; error: string };

const REQUEST_TIMEOUT_MS = 30_000;

/** The body Fastify answers with when a request arrives after its listener began closing. */
export const CLOSING_ANSWER = {
  error: 'Service Unavailable',
  message: 'Service Unavailable',
  statusCode: 503,
};

function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

/** One HTTP exchange, classified by how far it got. */
export async function send(url: string, init: RequestInit): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    return { kind: 'no_answer', error: errorCode(error) };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { kind: 'truncated', status: response.status, error: errorCode(error) };
  }
  try {
    return { kind: 'answered', status: response.status, json: text ? JSON.parse(text) : {} };
  } catch {
    return { kind: 'truncated', status: response.status, error: `not JSON: ${text.slice(0, 80)}` };
  }
}

export interface Fixture {
  admin: AdminSession;
  rp: { clientId: string; clientSecret: string };
  user: { cookie: string; csrfToken: string };
}

const ADMIN_EMAIL = 'root@example.com';
const PASSWORD = 'a long fault-test password';

async function putSetting(server: ServerEndpoints, admin: AdminSession, key: string, value: unknown) {
  const answer = await adminFetch(server, admin, 'PUT', `/admin/settings/${key}`, { value });
  if (answer.status !== 200) throw new Error(`setting ${key}: ${answer.status} ${answer.text}`);
}

/** Installs a fresh service, signs the first admin in, registers a relying party and signs a user in. */
export async function prepareFixture(server: ServerEndpoints, installToken: string): Promise<Fixture> {
  await installWithToken(server, installToken, ADMIN_EMAIL, PASSWORD);
  const admin = await adminSignIn(server, ADMIN_EMAIL, PASSWORD);
  await putSetting(server, admin, 'accounts.self_registration', true);
  await putSetting(server, admin, 'accounts.require_email_verification', false);
  const created = await adminFetch(server, admin, 'POST', '/admin/clients', {
    client_id: 'fault-rp',
    name: 'Fault test RP',
    type: 'confidential',
    redirect_uris: [RP_REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
  });
  if (created.status !== 201) throw new Error(`RP: ${created.status} ${created.text}`);
  const registered = await registerWithPassword(server, 'ada@example.com', PASSWORD, 'Ada');
  const cookie = sessionCookieFrom(registered.headers);
  if (registered.status !== 200 || !cookie) throw new Error(`user: ${JSON.stringify(registered.json)}`);
  return {
    admin,
    rp: { clientId: 'fault-rp', clientSecret: created.json.client_secret as string },
    // The browser-binding cookie too: /authorize binds the requests it parks to it (oauth/browser-binding.ts).
    user: { cookie: `${cookie}; ${browserBindingCookie()}`, csrfToken: registered.json.csrf_token as string },
  };
}

export function adminHeaders(admin: AdminSession): Record<string, string> {
  return { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' };
}

function tokenRequest(server: ServerEndpoints, rp: Fixture['rp'], form: Record<string, string>) {
  return send(`${server.publicUrl}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basicAuthorization(rp.clientId, rp.clientSecret),
    },
    body: new URLSearchParams(form),
  });
}

/** Mints an authorization code for the fixture's user (authorize, then approve), PKCE included. */
export async function mintCode(
  server: ServerEndpoints,
  fixture: Fixture,
): Promise<{ code: string; verifier: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = authorizeUrl(server, {
    client_id: fixture.rp.clientId,
    redirect_uri: RP_REDIRECT,
    response_type: 'code',
    scope: 'openid offline_access',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const callback = await authorizeAndApprove(server, fixture.user, url);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.href}`);
  return { code, verifier };
}

export function redeemCode(
  server: ServerEndpoints,
  fixture: Fixture,
  minted: { code: string; verifier: string },
) {
  return tokenRequest(server, fixture.rp, {
    grant_type: 'authorization_code',
    code: minted.code,
    redirect_uri: RP_REDIRECT,
    code_verifier: minted.verifier,
  });
}

export function refresh(server: ServerEndpoints, fixture: Fixture, refreshToken: string) {
  return tokenRequest(server, fixture.rp, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** A refresh-token family rotated again and again; `token` is the newest one the server acknowledged. */
interface Chain {
  token: string;
  /** A rotation got no complete answer: whether the server consumed `token` is unknown, so it is not sent again. */
  unanswered: boolean;
}

/** How the server will go away: killed (-9), or stopped cleanly (SIGTERM). */
export type Ending = 'crash' | 'clean';

interface Write {
  id: string;
  outcome: Outcome;
}

/** Fastify's 503 to a request that arrived after its listener began closing: answered without running the route. */
function isClosingAnswer(outcome: Outcome): boolean {
  return (
    outcome.kind === 'answered' &&
    outcome.status === 503 &&
    JSON.stringify(outcome.json) === JSON.stringify(CLOSING_ANSWER)
  );
}

/**
 * Streams of acknowledged writes — user creations and client creations through the admin API, authorization-code
 * redemptions and refresh-token rotations — run until told to stop, then checked against a restarted server.
 */
export class WriteWorkload {
  readonly users: (Write & { email: string })[] = [];
  readonly clients: Write[] = [];
  readonly redemptions: Outcome[] = [];
  readonly chains: Chain[] = [];
  /** Answers no client should ever get (a 500, a 400 for a valid request, a truncated body...). */
  readonly unexpected: string[] = [];
  private sequence = 0;
  private rotations = 0;

  constructor(
    private readonly fixture: Fixture,
    private readonly tag: string,
    private readonly ending: Ending,
  ) {}

  private nextName(kind: string): string {
    this.sequence += 1;
    return `${this.tag}-${kind}-${this.sequence}`;
  }

  /** Opens refresh-token families to rotate (each from a fresh code). */
  async openChains(server: ServerEndpoints, count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      const answer = await redeemCode(server, this.fixture, await mintCode(server, this.fixture));
      if (answer.kind !== 'answered' || answer.status !== 200)
        throw new Error(`opening a chain: ${JSON.stringify(answer)}`);
      this.chains.push({ token: answer.json.refresh_token as string, unanswered: false });
    }
  }

  /** Runs every stream (refresh chains split over `rotationLanes`) against `server` until `stopped()` says so. */
  async run(server: ServerEndpoints, stopped: () => boolean, rotationLanes = 2): Promise<void> {
    const loop = async (step: () => Promise<Outcome>) => {
      while (!stopped()) {
        const outcome = await step();
        // The server is gone or going: do not spin on refused connections.
        if (outcome?.kind === 'no_answer') await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const lanes = Array.from({ length: rotationLanes }, (_, lane) =>
      this.chains.filter((_chain, index) => index % rotationLanes === lane),
    );
    await Promise.all([
      loop(() => this.createUser(server)),
      loop(() => this.createClient(server)),
      loop(() => this.redeem(server)),
      ...lanes.map((chains) => {
        let next = 0;
        return loop(() => {
          const usable = chains.filter((chain) => !chain.unanswered);
          if (usable.length === 0) return Promise.resolve({ kind: 'no_answer', error: 'no usable chain' });
          return this.rotate(server, usable[next++ % usable.length]!);
        });
      }),
    ]);
  }

  private note(what: string, outcome: Outcome, expectedStatus: number): void {
    if (outcome.kind === 'no_answer') return;
    if (outcome.kind === 'answered' && outcome.status === expectedStatus) return;
    // A stopping server answers 503 to requests that arrive on a connection it has not closed yet.
    if (this.ending === 'clean' && isClosingAnswer(outcome)) return;
    // A body cut off mid-way is what kill -9 does; a clean stop must never do it.
    if (this.ending === 'crash' && outcome.kind === 'truncated') return;
    this.unexpected.push(`${what}: ${JSON.stringify(outcome)}`);
  }

  async createUser(server: ServerEndpoints): Promise<Outcome> {
    const email = `${this.nextName('user')}@example.com`;
    const outcome = await send(`${server.adminUrl}/admin/users`, {
      method: 'POST',
      headers: adminHeaders(this.fixture.admin),
      body: JSON.stringify({ email, name: 'Load' }),
    });
    this.note(`create user ${email}`, outcome, 201);
    this.users.push({ email, id: outcome.kind === 'answered' ? String(outcome.json.id) : '', outcome });
    return outcome;
  }

  /**
   * A user creation whose headers reach the server now and whose body follows on `finish()`: once `accepted`
   * resolves the server has the request, so a clean stop must still answer it completely.
   */
  startSlowUserCreation(server: ServerEndpoints): {
    accepted: Promise<void>;
    finish: () => Promise<Outcome>;
  } {
    const email = `${this.nextName('slow-user')}@example.com`;
    const slow = startSlowRequest(
      `${server.adminUrl}/admin/users`,
      adminHeaders(this.fixture.admin),
      JSON.stringify({ email, name: 'Slow' }),
    );
    return {
      accepted: slow.accepted,
      finish: async () => {
        const outcome = await slow.finish();
        this.note(`create user ${email} (body sent after the signal)`, outcome, 201);
        this.users.push({ email, id: outcome.kind === 'answered' ? String(outcome.json.id) : '', outcome });
        return outcome;
      },
    };
  }

  async createClient(server: ServerEndpoints): Promise<Outcome> {
    const id = this.nextName('client');
    const outcome = await send(`${server.adminUrl}/admin/clients`, {
      method: 'POST',
      headers: adminHeaders(this.fixture.admin),
      body: JSON.stringify({
        client_id: id,
        name: 'Load',
        type: 'confidential',
        redirect_uris: [],
        grant_types: ['client_credentials'],
      }),
    });
    this.note(`create client ${id}`, outcome, 201);
    this.clients.push({ id, outcome });
    return outcome;
  }

  private async redeem(server: ServerEndpoints): Promise<Outcome> {
    let minted: { code: string; verifier: string };
    try {
      minted = await mintCode(server, this.fixture);
    } catch {
      // Minting is set-up, not the write under test; it fails once the server is gone.
      return { kind: 'no_answer', error: 'could not mint a code' };
    }
    const outcome = await redeemCode(server, this.fixture, minted);
    this.note('redeem code', outcome, 200);
    this.redemptions.push(outcome);
    return outcome;
  }

  private async rotate(server: ServerEndpoints, chain: Chain): Promise<Outcome> {
    const outcome = await refresh(server, this.fixture, chain.token);
    this.note('rotate refresh token', outcome, 200);
    if (outcome.kind === 'answered' && outcome.status === 200) {
      chain.token = outcome.json.refresh_token as string;
      this.rotations += 1;
    } else if (!isClosingAnswer(outcome)) {
      // No complete answer (or a wrong one): whether the token was spent is unknown. The closing 503 is answered
      // before any handler runs, so that one leaves the token untouched.
      chain.unanswered = true;
    }
    return outcome;
  }

  /** Counts of what was acknowledged, for messages and for checking the streams really ran. */
  acknowledged(): { users: number; clients: number; redemptions: number; rotations: number } {
    const ok = (outcome: Outcome, status: number) => outcome.kind === 'answered' && outcome.status === status;
    return {
      users: this.users.filter((write) => ok(write.outcome, 201)).length,
      clients: this.clients.filter((write) => ok(write.outcome, 201)).length,
      redemptions: this.redemptions.filter((outcome) => ok(outcome, 200)).length,
      rotations: this.rotations,
    };
  }

  /**
   * Checks a restarted server against what was acknowledged; returns one line per problem. Every acknowledged
   * write must be there and work. After a clean stop nothing unanswered may have been done either: a write that got
   * no answer, or the closing 503, is absent, and a refresh token whose rotation got no answer still works.
   */
  async verify(server: ServerEndpoints): Promise<string[]> {
    const strict = this.ending === 'clean';
    const problems: string[] = [];
    const admin = this.fixture.admin;
    for (const user of this.users) {
      const found = await adminFetch(
        server,
        admin,
        'GET',
        `/admin/users?query=${encodeURIComponent(user.email)}`,
      );
      const present = ((found.json.users ?? []) as { email: string }[]).some(
        (candidate) => candidate.email === user.email,
      );
      const acked = user.outcome.kind === 'answered' && user.outcome.status === 201;
      if (found.status !== 200) problems.push(`looking up ${user.email}: ${found.status} ${found.text}`);
      else if (acked && !present) problems.push(`user ${user.email}: acknowledged, missing after restart`);
      if (strict && !acked && present) problems.push(`user ${user.email}: created, but the answer was lost`);
    }
    for (const client of this.clients) {
      const acked = client.outcome.kind === 'answered' && client.outcome.status === 201;
      if (acked) {
        const secret = (client.outcome as { json: Record<string, unknown> }).json.client_secret as string;
        const token = await tokenRequest(
          server,
          { clientId: client.id, clientSecret: secret },
          { grant_type: 'client_credentials' },
        );
        if (token.kind !== 'answered' || token.status !== 200)
          problems.push(
            `client ${client.id}: acknowledged, its secret fails after restart: ${JSON.stringify(token)}`,
          );
      } else if (strict) {
        const found = await adminFetch(server, admin, 'GET', `/admin/clients/${client.id}`);
        if (found.status !== 404) problems.push(`client ${client.id}: created, but the answer was lost`);
      }
    }
    for (const redemption of this.redemptions) {
      if (redemption.kind !== 'answered' || redemption.status !== 200) continue;
      const next = await refresh(server, this.fixture, redemption.json.refresh_token as string);
      if (next.kind !== 'answered' || next.status !== 200)
        problems.push(
          `code redemption: acknowledged, its refresh token fails after restart: ${JSON.stringify(next)}`,
        );
    }
    for (const [index, chain] of this.chains.entries()) {
      const next = await refresh(server, this.fixture, chain.token);
      const works = next.kind === 'answered' && next.status === 200;
      // After kill -9, a rotation in flight may have committed unanswered: the older token is then spent.
      const spent = next.kind === 'answered' && next.status === 400 && next.json.error === 'invalid_grant';
      if (!works && !(chain.unanswered && !strict && spent))
        problems.push(
          `refresh chain ${index}: newest acknowledged token fails after restart: ${JSON.stringify(next)}`,
        );
    }
    return problems;
  }
}

/**
 * A request whose headers reach the server before a signal and whose body is sent after it: the server has
 * accepted it (`accepted` resolves on the `100 Continue` that Node sends once it has the headers), so a clean stop
 * must still answer it completely.
 */
export function startSlowRequest(
  url: string,
  headers: Record<string, string>,
  body: string,
): { accepted: Promise<void>; finish: () => Promise<Outcome> } {
  const target = new URL(url);
  const payload = Buffer.from(body);
  let onAccepted: () => void = () => {};
  const accepted = new Promise<void>((resolve) => (onAccepted = resolve));
  const request = httpRequest({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'POST',
    agent: false,
    headers: { ...headers, 'content-length': String(payload.length), expect: '100-continue' },
  });
  const answer = new Promise<Outcome>((resolve) => {
    request.on('continue', () => {
      request.write(payload.subarray(0, payload.length >> 1));
      onAccepted();
    });
    request.on('error', (error) => resolve({ kind: 'no_answer', error: errorCode(error) }));
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('error', (error) =>
        resolve({ kind: 'truncated', status: response.statusCode ?? 0, error: errorCode(error) }),
      );
      response.on('end', () => {
        try {
          resolve({ kind: 'answered', status: response.statusCode ?? 0, json: JSON.parse(text) });
        } catch {
          resolve({ kind: 'truncated', status: response.statusCode ?? 0, error: text.slice(0, 80) });
        }
      });
    });
  });
  request.flushHeaders();
  return {
    accepted,
    finish: () => {
      request.end(payload.subarray(payload.length >> 1));
      return answer;
    },
  };
}
