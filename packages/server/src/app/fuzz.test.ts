/**
 * No 5xx from input: every operation in `/openapi.json` on both ports gets hostile path parameters,
 * query strings, bodies (JSON and form), Basic credentials and cookies — anonymously and as a signed-in caller (a
 * write admin with its CSRF token and Origin on the admin port, a user with a session on the public port) — and no
 * answer may be a 5xx or a broken connection. Afterwards the process must still be healthy.
 *
 * Deterministic: everything comes from one seed (TESSERA_FUZZ_SEED overrides it; TESSERA_FUZZ_ROUNDS runs longer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookieName } from '../admin/guard.js';
import { adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import {
  formEncode,
  HOSTILE_BODIES,
  HOSTILE_STRINGS,
  hostileValue,
  type JsonSchema,
  mutate,
  type Operation,
  operationsOf,
  percentEncode,
  poisonsFor,
  Random,
  replaceAt,
  sampleValue,
  schemaAt,
  valuePaths,
} from '../testing/fuzz.js';
import { basicAuthorization, formPost, registerClient, signInUser } from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { registeredRoutes } from './build.js';

const SEED = Number(process.env.TESSERA_FUZZ_SEED ?? 20261122);
const ROUNDS = Number(process.env.TESSERA_FUZZ_ROUNDS ?? 2);

type Port = 'public' | 'admin';

interface Caller {
  name: 'anonymous' | 'signed-in';
  headers: Record<string, string>;
}

let server: TestServer;
/** Real ids and names by parameter or property name, so requests reach the handlers and not only the 404s. */
let hints: Record<string, string>;
let fuzzingAdminId: string;
let fuzzingUserId: string;
let clientId: string;
let clientSecret: string;

beforeAll(async () => {
  server = await startTestServer();
  await installViaApi(server, 'root@example.com', 'root password for fuzzing');
  const root = await adminSignIn(server, 'root@example.com', 'root password for fuzzing');
  fuzzingAdminId = (await server.context.admin.users.create({ email: 'fuzzer@example.com', role: 'write' }))
    .id;
  // Targets the fuzzing callers may damage: never the callers themselves.
  const victimAdmin = await server.context.admin.users.create({ email: 'victim@example.com', role: 'read' });
  const fuzzingUser = await signInUser(server, { email: 'fuzzer-user@example.com' });
  fuzzingUserId = fuzzingUser.user.id;
  const victimUser = await server.context.accounts.users.create({
    email: 'victim-user@example.com',
    emailVerified: true,
  });
  const client = await registerClient(server, {
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
  });
  clientId = client.clientId;
  clientSecret = client.clientSecret as string;
  const organization = await adminFetch(server, root, 'POST', '/admin/organizations', {
    name: 'Fuzz Inc',
    owner_user_id: fuzzingUserId,
  });
  const organizationId = organization.json.id as string;
  const role = await adminFetch(server, root, 'POST', '/admin/roles', {
    key: 'fuzz.role',
    name: 'Fuzz role',
  });
  const member = await adminFetch(server, root, 'POST', `/admin/organizations/${organizationId}/members`, {
    user_id: victimUser.id,
  });
  if (organization.status !== 201 || role.status !== 201 || member.status !== 201)
    throw new Error('fixtures failed');
  hints = {
    clientId,
    client_id: clientId,
    userId: victimUser.id,
    user_id: victimUser.id,
    owner_user_id: victimUser.id,
    accountId: victimUser.id,
    adminId: victimAdmin.id,
    organizationId,
    memberId: member.json.id as string,
    roleId: role.json.id as string,
    permissionKey: 'fuzz.permission',
    key: 'product.name',
    name: 'password_reset',
    eventId: '1',
    format: 'jsonl',
    redirect_uri: 'https://rp.example.com/callback',
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function signedInCaller(port: Port): Promise<Caller> {
  if (port === 'admin') {
    const started = await server.context.admin.sessions.start(fuzzingAdminId, {
      amr: ['pwd', 'otp'],
      acr: 'urn:tessera:loa:2',
      authTime: new Date(),
    });
    return {
      name: 'signed-in',
      headers: {
        cookie: `${adminCookieName(server.context)}=${started.cookieValue}`,
        'x-csrf-token': started.csrfToken,
        origin: new URL(server.adminUrl).origin,
      },
    };
  }
  const user = await server.context.accounts.users.find(fuzzingUserId);
  const signedIn = await signInUser(server, { user: user! });
  return {
    name: 'signed-in',
    headers: {
      cookie: signedIn.cookie,
      'x-csrf-token': signedIn.csrfToken,
      origin: new URL(server.config.baseUrl).origin,
    },
  };
}

function hostileAuthorization(random: Random): string {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return random.pick([
    basicAuthorization(`${clientId}\u0000`, clientSecret),
    basicAuthorization('\u0000', 'secret'),
    basicAuthorization(clientId, `${clientSecret}\u0000`),
    basicAuthorization(clientId, 'wrong secret'),
    `Basic ${base64(`${percentEncode('\ud800')}:${percentEncode('\udc00')}`)}`,
    `Basic ${base64('\ud800:\udc00')}`,
    basicAuthorization('x'.repeat(3000), 'y'),
    `Basic ${base64(`${clientId}%00:%00`)}`,
    `Basic ${base64('%zz:%zz')}`,
    `Basic ${base64('no separator')}`,
    'Basic !!!',
    'Basic',
    `Bearer ${'a'.repeat(5000)}`,
    'Bearer x.y.z',
  ]);
}

const HOSTILE_COOKIES = [
  'tessera_session=%00',
  'tessera_session=%ED%A0%80',
  `tessera_admin_session=${'a'.repeat(4000)}`,
  'tessera_admin_session=%zz; tessera_session=%',
  '=%00; ;;',
];

interface FuzzRequest {
  url: string;
  init: RequestInit;
  summary: string;
}

/** The parts of one request before encoding: raw values, so any of them can be swapped for a hostile one. */
interface RequestParts {
  path: Record<string, string>;
  query: [string, unknown][];
  body: { type: string; value: unknown } | { type: string; raw: string | Uint8Array } | null;
  headers: Record<string, string>;
}

/** A request every part of which is as valid as the fuzzer can make it (real ids, schema-shaped body). */
function baseline(operation: Operation, random: Random, complete: boolean): RequestParts {
  const options = { hints, complete };
  const path: Record<string, string> = {};
  for (const match of operation.path.matchAll(/\{([^}]+)\}/g)) path[match[1]!] = hints[match[1]!] ?? 'fuzz';
  const query: [string, unknown][] = [];
  for (const parameter of operation.parameters.filter((entry) => entry.in === 'query')) {
    if (complete || parameter.required || random.chance(0.5))
      query.push([parameter.name, sampleValue(parameter.schema, random, options, parameter.name)]);
  }
  let body: RequestParts['body'] = null;
  if (operation.body?.type.startsWith('image/')) {
    const bytes = Uint8Array.from({ length: Math.floor(random.next() * 64) }, () =>
      Math.floor(random.next() * 256),
    );
    body = { type: operation.body.type, raw: bytes };
  } else if (operation.body) {
    body = {
      type: operation.body.type,
      value: sampleValue(operation.body.schema as JsonSchema, random, options),
    };
  }
  return { path, query, body, headers: {} };
}

function render(port: Port, operation: Operation, parts: RequestParts, caller: Caller): FuzzRequest {
  const base = port === 'public' ? server.publicUrl : server.adminUrl;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => percentEncode(parts.path[name]!));
  const query = parts.query
    .map(
      ([name, value]) =>
        `${percentEncode(name)}=${percentEncode(typeof value === 'string' ? value : JSON.stringify(value))}`,
    )
    .join('&');
  const headers: Record<string, string> = { ...caller.headers, ...parts.headers };
  let body: string | Uint8Array | undefined;
  if (parts.body && operation.method !== 'GET') {
    headers['content-type'] = parts.body.type;
    if ('raw' in parts.body) body = parts.body.raw;
    else if (parts.body.type === 'application/x-www-form-urlencoded') body = formEncode(parts.body.value);
    else body = JSON.stringify(parts.body.value);
  }
  const url = `${base}${path}${query ? `?${query}` : ''}`;
  const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 300);
  return {
    url,
    init: { method: operation.method, headers, body: body, redirect: 'manual' },
    summary: `${caller.name} ${operation.method} ${shown(url)} headers=${shown(parts.headers)} body=${shown(typeof body === 'string' ? body : String(body))}`,
  };
}

/** One hostile request of a kind the targeted rounds do not make: anything anywhere, whole broken bodies too. */
function randomParts(operation: Operation, random: Random): RequestParts {
  const parts = baseline(operation, random, false);
  for (const name of Object.keys(parts.path))
    if (random.chance(0.5)) parts.path[name] = String(random.pick(HOSTILE_STRINGS));
  parts.query = parts.query.map(([name, value]) => [name, random.chance(0.5) ? hostileValue(random) : value]);
  if (random.chance(0.2)) parts.query.push([random.pick(HOSTILE_STRINGS), random.pick(HOSTILE_STRINGS)]);
  if (parts.body && 'value' in parts.body && random.chance(0.85))
    parts.body = { ...parts.body, value: mutate(parts.body.value, random) };
  if (operation.method !== 'GET' && (random.chance(0.1) || (!operation.body && random.chance(0.3)))) {
    const broken = random.pick(HOSTILE_BODIES);
    parts.body = { type: broken.type, raw: broken.body };
  }
  if (random.chance(0.25)) parts.headers.authorization = hostileAuthorization(random);
  if (random.chance(0.15)) parts.headers.cookie = random.pick(HOSTILE_COOKIES);
  return parts;
}

/**
 * The targeted rounds: each path parameter, query parameter and body position in turn gets a poison string
 * (NUL, a lone surrogate, a control character) while everything else stays valid, so the poison reaches as deep
 * into the handler as it can.
 */
function* poisonedParts(operation: Operation, random: Random): Generator<RequestParts> {
  const base = baseline(operation, random, true);
  const parameter = (where: string, name: string) =>
    operation.parameters.find((entry) => entry.in === where && entry.name === name)?.schema;
  for (const name of Object.keys(base.path)) {
    for (const poison of poisonsFor(parameter('path', name), random))
      yield { ...base, path: { ...base.path, [name]: poison } };
  }
  for (let index = 0; index < base.query.length; index += 1) {
    const name = base.query[index]![0];
    for (const poison of poisonsFor(parameter('query', name), random)) {
      const query = [...base.query];
      query[index] = [name, poison];
      yield { ...base, query };
    }
  }
  if (base.body && 'value' in base.body) {
    for (const position of valuePaths(base.body.value)) {
      const schema = schemaAt(operation.body?.schema, position);
      for (const poison of poisonsFor(schema, random))
        yield { ...base, body: { ...base.body, value: replaceAt(base.body.value, position, poison) } };
    }
  }
  yield base;
}

/** The operations of a port's OpenAPI document, plus registered routes it does not list (the static UI). */
async function operationsOfPort(port: Port): Promise<Operation[]> {
  const base = port === 'public' ? server.publicUrl : server.adminUrl;
  const document = (await (await fetch(`${base}/openapi.json`)).json()) as Parameters<typeof operationsOf>[0];
  const operations = operationsOf(document);
  const listed = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));
  const app = port === 'public' ? server.publicApp : server.adminApp;
  for (const route of registeredRoutes(app)) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
    if (!listed.has(`${route.method} ${path}`))
      operations.push({ method: route.method, path, parameters: [], body: null });
  }
  return operations;
}

/**
 * This server has no SMTP settings, so the SMTP test answers `503 email_not_configured` to any well-formed request:
 * the one 5xx that is the server's deliberate answer (email is a dependency it does not have, RFC 9110 §15.6.4),
 * not something input caused.
 */
function emailNotConfigured(status: number, body: string): boolean {
  if (status !== 503) return false;
  try {
    return (JSON.parse(body) as { error?: unknown }).error === 'email_not_configured';
  } catch {
    return false;
  }
}

/** Mutations last, deletions at the very end, so the fixtures live as long as possible. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe('hostile input on every route', () => {
  it('never answers 5xx nor breaks a connection, and leaves the service healthy', async () => {
    const random = new Random(SEED);
    const failures: string[] = [];
    let requests = 0;
    const send = async (port: Port, request: FuzzRequest): Promise<number> => {
      requests += 1;
      try {
        const response = await fetch(request.url, request.init);
        const body = Buffer.from(await response.arrayBuffer()).toString();
        if (response.status >= 500 && !emailNotConfigured(response.status, body))
          failures.push(`${response.status} ${port} ${request.summary}`);
        return response.status;
      } catch (error) {
        failures.push(`broken connection (${String(error)}) ${port} ${request.summary}`);
        return 0;
      }
    };
    const anonymous: Caller = { name: 'anonymous', headers: {} };
    for (const port of ['public', 'admin'] as const) {
      const operations = (await operationsOfPort(port)).sort(
        (a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
      );
      let signedIn = await signedInCaller(port);
      for (const operation of operations) {
        // Anonymous callers get the targeted rounds only where the route lets them in at all.
        const open =
          (await send(port, render(port, operation, baseline(operation, random, true), anonymous))) !== 401;
        for (const [index, parts] of [...poisonedParts(operation, random)].entries()) {
          // Anonymous callers get one poison per position, NUL and another by turns.
          const position = Math.floor(index / 2);
          if (open && index % 2 === position % 2) await send(port, render(port, operation, parts, anonymous));
          // A request may sign the caller out (logout, a deleted session): sign in again and go on.
          if ((await send(port, render(port, operation, parts, signedIn))) === 401)
            signedIn = await signedInCaller(port);
        }
        const credentials = baseline(operation, random, false);
        credentials.headers = { authorization: hostileAuthorization(random) };
        await send(port, render(port, operation, credentials, anonymous));
        const cookie = baseline(operation, random, false);
        cookie.headers = { cookie: random.pick(HOSTILE_COOKIES) };
        await send(port, render(port, operation, cookie, anonymous));
        for (let round = 0; round < ROUNDS; round += 1) {
          await send(port, render(port, operation, randomParts(operation, random), anonymous));
          if ((await send(port, render(port, operation, randomParts(operation, random), signedIn))) === 401)
            signedIn = await signedInCaller(port);
        }
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(requests).toBeGreaterThan(1000);

    for (const base of [server.publicUrl, server.adminUrl]) {
      for (const probe of ['/healthz', '/readyz']) expect((await fetch(`${base}${probe}`)).status).toBe(200);
    }
    // The protocol still works end to end with a client made after the storm.
    const fresh = await registerClient(server, { grant_types: ['client_credentials'] });
    const token = await formPost(
      server,
      '/token',
      { grant_type: 'client_credentials' },
      { authorization: basicAuthorization(fresh.clientId, fresh.clientSecret as string) },
    );
    expect(token.status).toBe(200);
    expect(typeof token.json.access_token).toBe('string');
    const unhandled = server.logs.entries().filter((entry) => entry.msg === 'unhandled error');
    expect(unhandled).toEqual([]);
  }, 240_000);
});
