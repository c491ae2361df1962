/**
 * Streams fail cleanly: the audit export checks its filters and reads its first page before the status
 * line goes out, so a hostile filter gets a whole JSON error instead of a connection cut mid-response.
 */
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
