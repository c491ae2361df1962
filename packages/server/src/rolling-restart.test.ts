/**
 * Rolling restarts: SIGTERM while requests are in flight, several rounds, on the embedded database (one process)
 * and on PostgreSQL (`serve --workers 2`). Every request the server had before the signal gets a complete answer
 * (docs/operations.md#stopping-and-restarting): one being handled, one whose body is still coming, one just
 * written on a kept-alive connection that was idle when the signal came, and one written on a new connection the
 * process had not accepted yet (in the listen backlog, or with workers in the primary's queue). None is reset.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newKekText } from './crypto/keyring.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './testing/database.js';
import {
  adminHeaders,
  CLOSING_ANSWER,
  type Fixture,
  type Outcome,
  prepareFixture,
  startSlowRequest,
} from './testing/fault-workload.js';
import { ServedProcess, type ServeSettings } from './testing/served-process.js';
import { freePortPair } from './testing/server.js';

const POSTGRES = testDatabaseKind() === 'postgres';
const ROUNDS = 3;
const PER_KIND = 4;

let testDatabase: TestDatabase | null = null;
let dataDir: string | null = null;
let settings: ServeSettings;
let fixture: Fixture;
const spawned: ServedProcess[] = [];
let sequence = 0;

async function start(): Promise<ServedProcess> {
  const served = await ServedProcess.start(settings);
  spawned.push(served);
  return served;
}

beforeAll(async () => {
  const env: Record<string, string> = { TESSERA_KEK: newKekText(), TESSERA_SHUTDOWN_GRACE_SECONDS: '5' };
  if (POSTGRES) {
    testDatabase = await createTestDatabase();
    env.DATABASE_URL = testDatabase.url!;
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-rolling-'));
    env.TESSERA_DATA_DIR = dataDir;
  }
  const [publicPort, adminPort] = await freePortPair();
  settings = { env, publicPort, adminPort, args: POSTGRES ? ['--workers', '2'] : [] };
  // Installed by a single process: only that one prints the install link.
  const first = await ServedProcess.start({ ...settings, args: [] });
  spawned.push(first);
  fixture = await prepareFixture(first, first.installToken!);
  first.signal('SIGTERM');
  await first.exited;
}, 300_000);

afterAll(async () => {
  await Promise.all(spawned.map((served) => served.stop()));
  await testDatabase?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function userBody(kind: string): string {
  sequence += 1;
  return JSON.stringify({ email: `rolling-${kind}-${sequence}@example.com`, name: 'Rolling' });
}

/** Reads one answer of `request` into an Outcome. */
function outcomeOf(request: ReturnType<typeof httpRequest>): Promise<Outcome> {
  return new Promise((resolve) => {
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'no_answer', error: error.code ?? '' }),
    );
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ kind: 'truncated', status: response.statusCode ?? 0, error: error.code ?? '' }),
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
}

/** A user creation on `agent`'s connection; resolves `written` once the whole request is handed to the kernel. */
function createUser(
  server: ServedProcess,
  agent: Agent | false,
): { written: Promise<void>; answer: Promise<Outcome> } {
  const url = new URL(`${server.adminUrl}/admin/users`);
  const body = userBody('kept-alive');
  const request = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    agent,
    headers: { ...adminHeaders(fixture.admin), 'content-length': String(Buffer.byteLength(body)) },
  });
  const answer = outcomeOf(request);
  const written = new Promise<void>((resolve) => request.on('finish', () => resolve()));
  request.end(body);
  return { written, answer };
}

/** A user creation whose headers and body the server has (it sent 100 Continue for them) before it resolves. */
async function receivedUserCreation(server: ServedProcess): Promise<Promise<Outcome>> {
  const slow = startSlowRequest(
    `${server.adminUrl}/admin/users`,
    adminHeaders(fixture.admin),
    userBody('whole'),
  );
  await slow.accepted;
  return slow.finish();
}

/** A complete answer: the request's own, or the 503 of a server that began closing before it read the request. */
function complete(outcome: Outcome): boolean {
  if (outcome.kind !== 'answered') return false;
  if (outcome.status === 201) return true;
  return outcome.status === 503 && JSON.stringify(outcome.json) === JSON.stringify(CLOSING_ANSWER);
}

it(`SIGTERM with requests in flight (${ROUNDS} rounds): every one gets a complete answer, none is reset`, async () => {
  for (let round = 1; round <= ROUNDS; round += 1) {
    const server = await start();
    // Connections kept alive and idle: each served one request, and the next is written just before the signal.
    const agents = Array.from({ length: PER_KIND }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const warmed = await Promise.all(agents.map((agent) => createUser(server, agent).answer));
    expect(warmed.map((outcome) => (outcome.kind === 'answered' ? outcome.status : outcome))).toEqual(
      agents.map(() => 201),
    );
    const handled = await Promise.all(Array.from({ length: PER_KIND }, () => receivedUserCreation(server)));
    const slow = Array.from({ length: PER_KIND }, () =>
      startSlowRequest(`${server.adminUrl}/admin/users`, adminHeaders(fixture.admin), userBody('slow')),
    );
    await Promise.all(slow.map((request) => request.accepted));
    // Other clients keep the server busy, so that what the signal finds has not all been read yet.
    let loaded = true;
    const load = Promise.all(
      Array.from({ length: 6 }, async () => {
        while (loaded) await createUser(server, false).answer;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const keptAlive = agents.map((agent) => createUser(server, agent));
    // And new connections, each with its whole request written just before the signal.
    const fresh = Array.from({ length: 2 * PER_KIND }, () => createUser(server, false));
    await Promise.all([...keptAlive, ...fresh].map((request) => request.written));

    server.signal('SIGTERM');
    const answers = {
      handled: await Promise.all(handled),
      slow: await Promise.all(slow.map((request) => request.finish())),
      keptAlive: await Promise.all(keptAlive.map((request) => request.answer)),
      fresh: await Promise.all(fresh.map((request) => request.answer)),
    };
    const exit = await server.exited;
    loaded = false;
    await load;
    for (const agent of agents) agent.destroy();
    const failures = Object.entries(answers).flatMap(([kind, outcomes]) =>
      outcomes
        .filter((outcome) => !complete(outcome))
        .map((outcome) => `${kind}: ${JSON.stringify(outcome)}`),
    );
    expect({ round, failures }).toEqual({ round, failures: [] });
    // Those the server was handling or reading at the signal were done, not turned away.
    expect(
      [...answers.handled, ...answers.slow].map((outcome) => (outcome as { status: number }).status),
    ).toEqual(Array.from({ length: 2 * PER_KIND }, () => 201));
    expect(exit).toMatchObject({ code: 0, signal: null });
  }
}, 600_000);
