/**
 * A production `tessera serve` writes only JSON lines to standard output, each with one `pid`, the start-up banner
 * and the cluster primary's lines included (docs/observability.md#logs); with tracing on, the lines of a request
 * carry its trace id. On the embedded database one process; on PostgreSQL `serve --workers 2` too.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKekText } from './crypto/keyring.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './testing/database.js';
import { ServedProcess } from './testing/served-process.js';
import { freePortPair } from './testing/server.js';

const POSTGRES = testDatabaseKind() === 'postgres';
/** One KEK for both starts: the second opens the keys the first sealed. */
const KEK = newKekText();

let testDatabase: TestDatabase | undefined;
let dataDir: string | undefined;
let collector: Server;
let exports = 0;
const spawned: ServedProcess[] = [];

beforeAll(async () => {
  if (POSTGRES) testDatabase = await createTestDatabase();
  else dataDir = mkdtempSync(join(tmpdir(), 'tessera-json-logs-'));
  // A collector that accepts every export: what it receives is the tracing tests' concern, not this file's.
  collector = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  await Promise.all(spawned.map((served) => served.stop()));
  await testDatabase?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await new Promise((resolve) => collector?.close(resolve));
});

async function serveInProduction(args: string[]): Promise<ServedProcess> {
  const [publicPort, adminPort] = await freePortPair();
  const served = await ServedProcess.start({
    env: {
      TESSERA_ENV: 'production',
      TESSERA_LOG_LEVEL: 'info',
      TESSERA_KEK: KEK,
      TESSERA_SHUTDOWN_GRACE_SECONDS: '2',
      ...(testDatabase ? { DATABASE_URL: testDatabase.url! } : { TESSERA_DATA_DIR: dataDir! }),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    },
    publicPort,
    adminPort,
    baseUrl: 'https://id.example.com',
    args,
  });
  spawned.push(served);
  return served;
}

/** Runs requests against a production server, stops it, and checks every line it wrote. */
async function checkOutput(args: string[]): Promise<Record<string, unknown>[]> {
  exports = 0;
  const served = await serveInProduction(args);
  const traceId = randomBytes(16).toString('hex');
  const traced = await fetch(`${served.publicUrl}/.well-known/openid-configuration`, {
    headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
  });
  expect(traced.status).toBe(200);
  expect((await fetch(`${served.publicUrl}/no-such-page`)).status).toBe(404);
  served.signal('SIGTERM');
  expect((await served.exited).code).toBe(0);

  const lines = served.output.split('\n').filter((line) => line !== '');
  expect(lines.length).toBeGreaterThan(4);
  const entries = lines.map((line) => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`not a JSON line: ${line}`);
    }
    // JSON.parse keeps the last of two equal keys: count them in the text.
    expect(line.match(/"pid":/g)?.length, line).toBe(1);
    expect(typeof entry.pid).toBe('number');
    return entry;
  });
  expect(entries.some((entry) => entry.msg === 'Tessera is running')).toBe(true);

  // Every line Fastify wrote for the traced request names its trace.
  const requestLines = entries.filter(
    (entry) =>
      entry.reqId !== undefined &&
      (entry.req as { url?: string } | undefined)?.url?.startsWith('/.well-known'),
  );
  expect(requestLines.length).toBeGreaterThan(0);
  const reqId = requestLines[0]!.reqId;
  const ofRequest = entries.filter((entry) => entry.reqId === reqId);
  expect(ofRequest.map((entry) => entry.msg)).toEqual(
    expect.arrayContaining(['incoming request', 'request completed']),
  );
  for (const entry of ofRequest) expect(entry.trace_id).toBe(traceId);
  // The last spans were exported before the process exited.
  expect(exports).toBeGreaterThan(0);
  return entries;
}

describe('production logs', () => {
  it('are JSON lines with one pid each, trace ids on a traced request', async () => {
    await checkOutput([]);
  }, 240_000);

  it.runIf(POSTGRES)(
    'stay so with --workers 2: the primary names the workers it reports on by worker_pid',
    async () => {
      const entries = await checkOutput(['--workers', '2']);
      const stopped = entries.filter((entry) => entry.msg === 'worker stopped');
      expect(stopped).toHaveLength(2);
      for (const entry of stopped) {
        expect(typeof entry.worker_pid).toBe('number');
        expect(entry.worker_pid).not.toBe(entry.pid);
      }
      expect(new Set(entries.map((entry) => entry.pid)).size).toBe(3);
    },
    240_000,
  );
});
