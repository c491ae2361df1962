/**
 * Process faults against the real `tessera serve`, spawned as an operator runs it, on the embedded database and on
 * PostgreSQL. Starting a process costs seconds of CPU, so the steps share one service and its data and run in
 * order, each process checking the writes acknowledged by the one before it:
 * kill -9 during acknowledged writes, SIGTERM under load, (PostgreSQL) `serve --workers 2` under load and two
 * nodes racing for single-use values, and last SIGTERM with half-sent requests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_STOP_MARGIN_MS } from './app/cluster-primary.js';
import { CLOSE_MARGIN_MS } from './app/shutdown-on-signal.js';
import { newKekText } from './crypto/keyring.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './testing/database.js';
import {
  type Ending,
  type Fixture,
  mintCode,
  type Outcome,
  prepareFixture,
  redeemCode,
  refresh,
  WriteWorkload,
} from './testing/fault-workload.js';
import { type Exit, ServedProcess, type ServeSettings } from './testing/served-process.js';
import { freePortPair } from './testing/server.js';

const POSTGRES = testDatabaseKind() === 'postgres';
const GRACE_SECONDS = 4;
/** The embedded database's durability is ours to prove, so it is crashed more often. */
const CRASH_ROUNDS = POSTGRES ? 1 : 2;
/** The log line of a stop that had to cut requests off at the end of the grace period. */
const CUT_OFF_LINE = 'grace period over';

let testDatabase: TestDatabase | null = null;
let dataDir: string | null = null;
let settings: ServeSettings;
let fixture: Fixture;
/** The process serving the shared data now (or the last one, once stopped). */
let current: ServedProcess;
/** Writes acknowledged by a process that was then killed or stopped; the next process started must find them. */
let unverified: WriteWorkload | null = null;
const spawned: ServedProcess[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a process on the shared data (a start-up failure throws, with its output). */
async function start(overrides: Partial<ServeSettings> = {}): Promise<ServedProcess> {
  const served = await ServedProcess.start({ ...settings, ...overrides });
  spawned.push(served);
  return served;
}

/** Starts a process on the shared data and checks that every write the previous one acknowledged is there. */
async function startAndVerify(overrides: Partial<ServeSettings> = {}): Promise<ServedProcess> {
  const served = await start(overrides);
  if (unverified) {
    expect(await unverified.verify(served)).toEqual([]);
    unverified = null;
  }
  return served;
}

/** Streams of writes against `server`, running until `stop()` is called, with refresh chains opened first. */
async function startWorkload(server: ServedProcess, tag: string, ending: Ending) {
  const workload = new WriteWorkload(fixture, tag, ending);
  await workload.openChains(server, 6);
  let stopped = false;
  const streams = workload.run(server, () => stopped);
  // Let every stream have a few writes acknowledged, so the fault lands in the middle of real traffic.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const acked = workload.acknowledged();
    if (acked.users >= 3 && acked.clients >= 3 && acked.redemptions >= 2 && acked.rotations >= 4) break;
    if (Date.now() > deadline) throw new Error(`the streams did not get going: ${JSON.stringify(acked)}`);
    await sleep(50);
  }
  return {
    workload,
    async stop() {
      stopped = true;
      await streams;
      expect(workload.unexpected).toEqual([]);
      unverified = workload;
    },
  };
}

/**
 * SIGTERM while writes stream in and a few requests are half-way (headers received, body still coming): those
 * complete, and the process exits cleanly within `boundMs`.
 */
async function stopUnderLoad(server: ServedProcess, tag: string, boundMs: number): Promise<Exit> {
  const load = await startWorkload(server, tag, 'clean');
  const slow = Array.from({ length: 4 }, () => load.workload.startSlowUserCreation(server));
  await Promise.all(slow.map((request) => request.accepted));
  const signalledAt = server.signal('SIGTERM');
  await sleep(300);
  const slowAnswers = await Promise.all(slow.map((request) => request.finish()));
  const exit = await server.exited;
  await load.stop();

  expect(slowAnswers.map((answer) => (answer.kind === 'answered' ? answer.status : answer.kind))).toEqual([
    201, 201, 201, 201,
  ]);
  expect(exit).toMatchObject({ code: 0, signal: null });
  expect(exit.at - signalledAt).toBeLessThan(boundMs);
  // Everything finished inside the grace period: nothing had to be cut off.
  expect(server.output).not.toContain(CUT_OFF_LINE);
  return exit;
}

beforeAll(async () => {
  const env: Record<string, string> = {
    TESSERA_KEK: newKekText(),
    TESSERA_SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
  };
  if (POSTGRES) {
    testDatabase = await createTestDatabase();
    env.DATABASE_URL = testDatabase.url!;
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-faults-'));
    env.TESSERA_DATA_DIR = dataDir;
  }
  const [publicPort, adminPort] = await freePortPair();
  settings = { env, publicPort, adminPort };
  current = await start();
  fixture = await prepareFixture(current, current.installToken!);
}, 300_000);

afterAll(async () => {
  await Promise.all(spawned.map((served) => served.stop()));
  await testDatabase?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it(`kill -9 during acknowledged writes (${CRASH_ROUNDS}×): none is lost, and the service starts again every time`, async () => {
  for (let round = 1; round <= CRASH_ROUNDS; round += 1) {
    const load = await startWorkload(current, `crash${round}`, 'crash');
    await sleep(Math.random() * 500);
    await current.crash();
    await load.stop();
    current = await startAndVerify();
  }
}, 600_000);

it('SIGTERM under load: in-flight requests finish, nothing accepted is lost, exit 0 before the grace period ends', async () => {
  await stopUnderLoad(current, 'drain', GRACE_SECONDS * 1000 + CLOSE_MARGIN_MS);
}, 300_000);

describe.runIf(POSTGRES)('on PostgreSQL', () => {
  let nodes: [ServedProcess, ServedProcess];

  it('serve --workers 2 under load: SIGTERM drains every worker, nothing accepted is lost, the primary exits 0', async () => {
    const primary = await startAndVerify({ args: ['--workers', '2'] });
    await stopUnderLoad(primary, 'workers', GRACE_SECONDS * 1000 + WORKER_STOP_MARGIN_MS);
    expect(primary.output).not.toMatch(/did not (stop|exit)/);
  }, 300_000);

  it('two nodes keep authorization codes and refresh tokens single-use when the racing requests are split across them', async () => {
    // Two nodes on the same database behind one public name.
    const [nodeA, nodeB] = await Promise.all([
      start(),
      (async () => {
        const [publicPort, adminPort] = await freePortPair();
        return start({
          publicPort,
          adminPort,
          baseUrl: `http://127.0.0.1:${settings.publicPort}`,
        });
      })(),
    ]);
    nodes = [nodeA, nodeB];
    expect(await unverified!.verify(nodeB)).toEqual([]);
    unverified = null;

    const ROUNDS = 8;
    const PER_NODE = 3;
    const race = (request: (node: ServedProcess) => Promise<Outcome>) =>
      Promise.all(nodes.flatMap((node) => Array.from({ length: PER_NODE }, () => request(node))));
    const expectOneWinner = (answers: Outcome[]) => {
      const won = answers.filter((answer) => answer.kind === 'answered' && answer.status === 200);
      for (const answer of answers.filter((candidate) => !won.includes(candidate)))
        expect(answer).toMatchObject({ kind: 'answered', status: 400, json: { error: 'invalid_grant' } });
      return won.length;
    };
    const winners: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const minted = await mintCode(nodeA, fixture);
      winners.push(expectOneWinner(await race((node) => redeemCode(node, fixture, minted))));

      const tokens = await redeemCode(nodeB, fixture, await mintCode(nodeA, fixture));
      expect(tokens).toMatchObject({ kind: 'answered', status: 200 });
      const refreshToken = (tokens as { json: Record<string, unknown> }).json.refresh_token as string;
      winners.push(expectOneWinner(await race((node) => refresh(node, fixture, refreshToken))));
    }
    expect(winners).toEqual(Array(2 * ROUNDS).fill(1));

    // Node B leaves cleanly; node A stays for the last step.
    nodeB.signal('SIGTERM');
    expect(await nodeB.exited).toMatchObject({ code: 0, signal: null });
    current = nodeA;
  }, 300_000);
});

it('SIGTERM with half-sent requests: idle connections close at once, stalled ones when the grace period ends, exit 0', async () => {
  if (current.hasExited) current = await startAndVerify();
  const url = new URL(current.publicUrl);
  const open = (): Socket => connect(Number(url.port), url.hostname);
  const closedAt = (socket: Socket) =>
    new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  const received = (socket: Socket) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    return () => text;
  };

  // A keep-alive connection whose request is answered, then idle.
  const idle = open();
  const idleText = received(idle);
  idle.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
  for (let waited = 0; !idleText().includes('"ok"') && waited < 30_000; waited += 20) await sleep(20);
  expect(idleText()).toMatch(/^HTTP\/1\.1 200/);
  // Half the headers; and all the headers with half the body.
  const partialHeaders = open();
  partialHeaders.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Half');
  const partialBody = open();
  const partialBodyText = received(partialBody);
  partialBody.write(
    'POST /token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
      'Content-Length: 100\r\n\r\ngrant_type=',
  );
  const closes = [closedAt(idle), closedAt(partialHeaders), closedAt(partialBody)];
  await sleep(300);

  const signalledAt = current.signal('SIGTERM');
  const [idleClosed, partialHeadersClosed, partialBodyClosed] = await Promise.all(closes);
  const exit = await current.exited;

  expect(exit).toMatchObject({ code: 0, signal: null });
  expect(exit.at - signalledAt).toBeLessThan(GRACE_SECONDS * 1000 + CLOSE_MARGIN_MS);
  expect(idleClosed! - signalledAt).toBeLessThan(GRACE_SECONDS * 1000 - 1000);
  // The stalled requests were given the whole grace period to finish, then cut off.
  expect(partialHeadersClosed! - signalledAt).toBeGreaterThanOrEqual(GRACE_SECONDS * 1000 - 100);
  expect(partialBodyClosed! - signalledAt).toBeGreaterThanOrEqual(GRACE_SECONDS * 1000 - 100);
  expect(partialBodyText()).toBe('');
  expect(current.output).toContain(CUT_OFF_LINE);
}, 300_000);
