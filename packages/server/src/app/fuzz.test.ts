import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server.js';
import { registeredRoutes } from './build.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A small deterministic PRNG (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRANGE_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  '',
  'a'.repeat(5000),
  '\u0000\uffff',
  '../../etc/passwd',
  "' OR 1=1 --",
  { $ne: null },
  [[[]]],
  { __proto__x: 1 },
  '%00',
  '😀',
];

function fuzzValue(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * (depth > 2 ? STRANGE_VALUES.length : STRANGE_VALUES.length + 2));
  if (pick === STRANGE_VALUES.length)
    return Object.fromEntries([
      ['grant_type', fuzzValue(next, depth + 1)],
      ['x', 1],
    ]);
  if (pick === STRANGE_VALUES.length + 1) return [fuzzValue(next, depth + 1), fuzzValue(next, depth + 1)];
  return STRANGE_VALUES[pick];
}

const BODIES: ((next: () => number) => { type: string; body: string })[] = [
  (next) => ({ type: 'application/json', body: JSON.stringify(fuzzValue(next)) }),
  (next) => ({ type: 'application/json', body: JSON.stringify({ a: fuzzValue(next), b: fuzzValue(next) }) }),
  () => ({ type: 'application/json', body: '{"a":' }),
  () => ({ type: 'application/x-www-form-urlencoded', body: 'grant_type=&grant_type=x&%zz=1&token' }),
  (next) => ({
    type: 'application/x-www-form-urlencoded',
    body: `a=${encodeURIComponent(String(fuzzValue(next)))}`,
  }),
  () => ({ type: 'text/plain', body: 'hello' }),
  () => ({ type: 'application/xml', body: '<a/>' }),
];

describe('fuzzed requests', () => {
  it('no route on either port answers a malformed request with a 5xx', async () => {
    const next = random(20261122);
    let requests = 0;
    for (const [app, base] of [
      [server.publicApp, server.publicUrl],
      [server.adminApp, server.adminUrl],
    ] as const) {
      for (const route of registeredRoutes(app)) {
        for (let round = 0; round < 12; round += 1) {
          const path = route.url
            .replace(/:[A-Za-z0-9_]+/g, () => encodeURIComponent(String(fuzzValue(next))))
            .replace(/\*$/, 'x/../y');
          const query = `?${new URLSearchParams({ q: String(fuzzValue(next)), token: String(fuzzValue(next)) })}`;
          const bodyMaker = BODIES[Math.floor(next() * BODIES.length)]!;
          const { type, body } = bodyMaker(next);
          const withBody = route.method !== 'GET';
          const response = await fetch(`${base}${path}${query}`, {
            method: route.method,
            headers: withBody ? { 'content-type': type } : {},
            body: withBody ? body : undefined,
            redirect: 'manual',
          });
          requests += 1;
          expect(response.status, `${route.method} ${path} with ${type} ${body.slice(0, 80)}`).toBeLessThan(
            500,
          );
          await response.arrayBuffer();
        }
      }
    }
    expect(requests).toBeGreaterThan(50);
  });
});
