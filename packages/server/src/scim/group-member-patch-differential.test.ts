import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectionWithToken, installAndSignIn, provisionUsers, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * A PATCH of members only, applied as a change of members (groups.ts patchMembers), against the same PATCH applied
 * to the whole group: random sequences of adds and removes (known and unknown users, members and not, in both
 * forms Entra ID and Okta send), each sent to two groups that start alike, one with the change of members
 * possible and one without. Both must answer alike and end with the same members.
 */

let server: TestServer;
let token: string;
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
let pool: string[] = [];
const UNKNOWN = ['no-such-user', 'a1b2c3d4-0000-4000-8000-000000000000'];

beforeAll(async () => {
  server = await startTestServer();
  const session = await installAndSignIn(server);
  ({ token } = await connectionWithToken(server, session, 'Tailspin'));
  pool = await provisionUsers(server, token, 8, 'pool', 'tailspin.example');
});
afterAll(async () => {
  await server?.close();
});

/** A small deterministic generator (mulberry32), so that a failing sequence can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function membersOf(groupId: string): Promise<string[]> {
  const read = await scim(server, token, 'GET', `/Groups/${groupId}`);
  expect(read.status).toBe(200);
  return ((read.json.members as { value: string }[]) ?? []).map((member) => member.value).sort();
}

describe('a PATCH of members only, both ways', () => {
  it('answers alike and leaves the same members, over random sequences', async () => {
    const random = generator(20261130);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const someone = () => (random() < 0.1 ? pick(UNKNOWN) : pick(pool));
    const operation = (): Record<string, unknown> => {
      const kind = random();
      if (kind < 0.5) {
        const ids = Array.from({ length: 1 + Math.floor(random() * 3) }, someone);
        return { op: pick(['add', 'Add']), path: 'members', value: ids.map((value) => ({ value })) };
      }
      if (kind < 0.8) return { op: 'Remove', path: `members[value eq "${someone()}"]` };
      return { op: 'Remove', path: 'members', value: [{ value: someone() }] };
    };
    const groups: [string, string][] = [];
    for (let pair = 0; pair < 4; pair += 1) {
      const members = pool.filter(() => random() < 0.5).map((value) => ({ value }));
      const twins: string[] = [];
      for (const side of ['change', 'whole']) {
        const created = await scim(server, token, 'POST', '/Groups', {
          displayName: `Pair ${pair} ${side}`,
          members,
        });
        expect(created.status).toBe(201);
        twins.push(created.json.id as string);
      }
      groups.push(twins as [string, string]);
    }
    const changes = vi.spyOn(server.context.scim.groups, 'patchMembers');
    let appliedAsChange = 0;
    try {
      for (let round = 0; round < 60; round += 1) {
        const [asChange, asWhole] = pick(groups);
        const body = {
          schemas: [PATCH_OP],
          Operations: Array.from({ length: 1 + Math.floor(random() * 3) }, operation),
        };
        const label = JSON.stringify(body.Operations);
        changes.mockClear();
        const first = await scim(server, token, 'PATCH', `/Groups/${asChange}`, body);
        // Undefined when the PATCH went to the whole group; a refusal was the change of members' own answer.
        const handled = await Promise.resolve(changes.mock.results[0]?.value).catch(() => 'refused');
        if (handled !== undefined) appliedAsChange += 1;
        changes.mockResolvedValueOnce(undefined);
        const second = await scim(server, token, 'PATCH', `/Groups/${asWhole}`, body);
        expect([first.status, first.json.scimType], label).toEqual([second.status, second.json.scimType]);
        expect(await membersOf(asChange), label).toEqual(await membersOf(asWhole));
      }
    } finally {
      changes.mockRestore();
    }
    // The comparison means something only if the change of members did apply most of them.
    expect(appliedAsChange).toBeGreaterThan(20);
  }, 120_000);
});
