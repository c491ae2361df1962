/**
 * Streams fail cleanly: the audit export checks its filters and reads its first page before the status
 * line goes out, so a hostile filter gets a whole JSON error instead of a connection cut mid-response.
 * And it streams in constant memory (docs/performance.md#targets-at-scale): it reads the log a page at a time, as
 * fast as the client reads the export, never the whole log at once.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminSignIn, installViaApi } from '../testing/admin.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let admin: AdminSession;

beforeAll(async () => {
  server = await startTestServer();
  await installViaApi(server, 'root@example.com', 'admin password for exports');
  admin = await adminSignIn(server, 'root@example.com', 'admin password for exports');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The export as a client reads it: a broken connection rejects the body read, and fails the test. */
async function exportWith(query: string) {
  const response = await fetch(`${server.adminUrl}/admin/audit/export?${query}`, {
    headers: { cookie: admin.cookie },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('audit export', () => {
  it('refuses hostile filters with a complete JSON error, before any export byte', async () => {
    for (const query of [
      'format=jsonl&from=0000-01-01T00:00:00Z',
      'format=csv&to=0000-12-31T23:59:59.999Z',
      'format=csv&action=a%00b',
      'format=jsonl&actor=x%07y',
      'format=jsonl&target=%C2%85',
      'format=jsonl&from=2024-02-30T00:00:00Z',
      'format=xml',
    ]) {
      const answer = await exportWith(query);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get('content-type'), query).toMatch(/^application\/json/);
      expect(answer.headers.get('content-disposition'), query).toBeNull();
      expect(JSON.parse(answer.text), query).toMatchObject({ error: 'invalid_request' });
    }
  });

  it('still streams every matching event for sound filters, in both formats', async () => {
    const csv = await exportWith('format=csv&action=admin.sign_in&from=0001-01-01T00:00:00Z');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/tessera-audit\.csv/);
    expect(csv.text.trim().split('\r\n').slice(1)).not.toHaveLength(0);
    const jsonl = await exportWith('format=jsonl&action=no.such.action');
    expect(jsonl.status).toBe(200);
    expect(jsonl.text).toBe('');
  });
});

/**
 * A forced full garbage collection. The test workers run without --expose-gc: a context created while the flag
 * is set gets `gc` (as Jest's leak detector does it), and the flag is cleared again at once.
 */
function fullCollection(): () => void {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/** The JavaScript heap this process still uses after a full collection: what it retains, not its garbage. */
function retainedHeap(gc: () => void): number {
  gc();
  return process.memoryUsage().heapUsed;
}

/** Resolves once `count()` has not changed for `quietMs`. */
async function settled(count: () => number, quietMs = 500, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = count();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error('the export kept reading');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = count();
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

describe('audit export memory', () => {
  // 12,000 events of about 2 KB each: a 24 MB export, several times what the loopback connection's buffers hold
  // between a server that writes and a client that has stopped reading (about 2,000-3,000 of these events).
  const EVENTS = 12_000;
  const PADDING = 2_000;

  it('reads the log a page at a time and stops reading while the client does', async () => {
    const action = 'user.updated';
    const expected = await server.database.withConnection(async (connection) => {
      await connection.exec(
        `insert into audit_events (at, action, outcome, actor_type, actor_id, target_type, target_id, details)
         select now() - (${EVENTS} - g) * interval '1 millisecond', '${action}', 'success', 'user',
                'export-u-' || g, 'user', 'export-u-' || g, jsonb_build_object('note', repeat('x', ${PADDING}))
         from generate_series(1, ${EVENTS}) g`,
      );
      const [row] = await connection.query<{ n: string | number }>(
        `select count(*) as n from audit_events where action = '${action}'`,
      );
      return Number(row!.n);
    });
    expect(expected).toBeGreaterThanOrEqual(EVENTS);

    // Every page the export reads from the log, by its number of events (a wrapper that keeps no page: a spy
    // would keep every one it returned, and so the memory measured).
    const audit = server.context.audit;
    const list = audit.list;
    const pages: number[] = [];
    audit.list = async function (this: typeof audit, filter, limit) {
      const page = await list.call(this, filter, limit);
      pages.push(page.length);
      return page;
    };
    const read = () => pages.reduce((sum, n) => sum + n, 0);
    const gc = fullCollection();
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    try {
      const baseline = retainedHeap(gc);
      const response = await fetch(`${server.adminUrl}/admin/audit/export?format=jsonl&action=${action}`, {
        headers: { cookie: admin.cookie },
      });
      expect(response.status).toBe(200);
      reader = response.body!.getReader();
      let lines = 0;
      const count = (chunk: Uint8Array) => {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      };
      const first = await reader.read();
      count(first.value!);

      // The client stops reading: the server fills the connection's buffers, then must stop reading the log and
      // hold no more than the page it has.
      await settled(() => pages.length);
      // Reading the whole log first would have read every event and held its 24 MB until the client took them.
      expect(read()).toBeLessThan(EVENTS / 2);
      expect(retainedHeap(gc) - baseline).toBeLessThan((EVENTS * PADDING) / 4);

      // The client reads on: the export resumes and ends with every event, each page at most 500 events.
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) count(chunk.value);
      reader = undefined;
      expect(lines).toBe(expected);
      expect(read()).toBe(expected);
      expect(Math.max(...pages)).toBeLessThanOrEqual(500);
    } finally {
      audit.list = list;
      // A failed check leaves the export half-read: end it, or closing the server waits for it.
      await reader?.cancel();
    }
  });
});
