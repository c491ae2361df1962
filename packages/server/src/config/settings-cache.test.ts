/**
 * The settings cache against reloads that finish late. Every write is announced on the change bus and every node,
 * the writer included, reloads the key when the notification arrives; a reload that read the database before a
 * later write must not replace what that write left, here (the next `get` sees this node's own write) or on another
 * node (it converges on what the database holds). The `ReloadGate` holds a reload between its read and its use, the
 * order a slow query gives, so each case is reproduced every time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyringFromText, newKekText } from '../crypto/keyring.js';
import { Sealer } from '../crypto/seal.js';
import { CHANGE_CHANNEL, ChangeBus } from '../db/change-bus.js';
import type { Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { afterCommit, runInTransaction } from '../db/transactions.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { ReloadGate } from '../testing/reload-gate.js';
import { CORE_SETTINGS, SettingsService } from './settings.js';

const KEY = 'product.name';
const DEFAULT = CORE_SETTINGS[KEY].default;

interface Node {
  database: Database;
  settings: SettingsService;
  gate: ReloadGate;
  bus: ChangeBus;
}

let testDatabase: TestDatabase;
const sealer = new Sealer(keyringFromText(newKekText()));
const nodes: Node[] = [];

async function startNode(): Promise<Node> {
  const database = await testDatabase.open();
  const bus = new ChangeBus(database, { trustMs: 5_000 });
  await bus.start();
  const gate = new ReloadGate();
  const settings = new SettingsService(database, bus, sealer, CORE_SETTINGS, { afterReloadRead: gate.hook });
  await settings.load();
  const node = { database, settings, gate, bus };
  nodes.push(node);
  return node;
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await migrate(await testDatabase.open());
}, 120_000);
afterAll(async () => {
  for (const node of nodes) {
    await node.bus.stop();
    await node.database.close();
  }
  await testDatabase?.drop();
});

describe('settings cache ordering', () => {
  it("a reload that read before this node's reset does not bring the reset value back", async () => {
    const node = await startNode();
    node.gate.holding = true;
    await node.settings.set(KEY, 'Acme');
    // The set's own notification comes back: its reload reads 'Acme' and is held there.
    const setEcho = await node.gate.next();
    expect(setEcho.key).toBe(KEY);
    await node.settings.reset(KEY);
    expect(node.settings.get(KEY)).toBe(DEFAULT);
    // The reset's notification: its reload reads no row and finishes first.
    await (await node.gate.next()).release();
    // The reload from before the reset finishes last.
    await setEcho.release();
    expect(node.settings.get(KEY)).toBe(DEFAULT);
    node.gate.holding = false;
  });

  it('a reload that read before a later set on this node does not bring the older value back', async () => {
    const node = await startNode();
    node.gate.holding = true;
    await node.settings.set(KEY, 'First');
    await (await node.gate.next()).release();
    await node.settings.set(KEY, 'Second');
    const firstEcho = await node.gate.next();
    await node.settings.set(KEY, 'Third');
    expect(node.settings.get(KEY)).toBe('Third');
    await (await node.gate.next()).release();
    await firstEcho.release();
    expect(node.settings.get(KEY)).toBe('Third');
    node.gate.holding = false;
    await node.settings.reset(KEY);
  });

  it("a reload of every setting that read before this node's set keeps the set value", async () => {
    const node = await startNode();
    node.gate.holding = true;
    // A resync (after a missed notification) reloads every cache: here one that reads before the set.
    await node.database.db.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, '*')`);
    const resync = await node.gate.next();
    expect(resync.key).toBeUndefined();
    await node.settings.set(KEY, 'Acme');
    await (await node.gate.next()).release();
    await resync.release();
    expect(node.settings.get(KEY)).toBe('Acme');
    node.gate.holding = false;
    await node.settings.reset(KEY);
  });

  it('another node whose reloads finish out of order ends with what the database holds', async () => {
    const writer = await startNode();
    const reader = await startNode();
    reader.gate.holding = true;
    await writer.settings.set(KEY, 'Acme');
    const afterSet = await reader.gate.next();
    await writer.settings.reset(KEY);
    const afterReset = await reader.gate.next();
    await afterReset.release();
    await afterSet.release();
    // No notification is left to come: a stale value here would stay.
    expect(reader.settings.get(KEY)).toBe(DEFAULT);
    reader.gate.holding = false;
  });

  it("a change another node commits after this node's write, heard before that write is applied here, wins", async () => {
    const local = await startNode();
    const other = await startNode();
    await runInTransaction(local.database.db, async () => {
      // Runs after the commit and before the set's own after-commit step (actions run in the order registered).
      await afterCommit(local.database.db, async () => {
        local.gate.holding = true;
        await other.settings.set(KEY, 'Other');
        // This node hears its own commit and then the other's; both reloads go through before its set applies.
        await (await local.gate.next()).release();
        await (await local.gate.next()).release();
        local.gate.holding = false;
      });
      await local.settings.set(KEY, 'Mine');
    });
    // The database holds 'Other' (committed last) and no notification is left to come.
    expect(local.settings.get(KEY)).toBe('Other');
    expect(other.settings.get(KEY)).toBe('Other');
    await other.settings.reset(KEY);
  });
});
