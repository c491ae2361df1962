/**
 * The loaded key set against loads that finish late. Every key-set change is announced on the change bus and every
 * node, the one that made it included, reloads the whole set; a load that read the database before a later change
 * must not replace what that change left: the node would sign with a retired key and publish a stale JWKS. The
 * `ReloadGate` holds each load between its read and its use, in the order the test releases them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_SETTINGS, SettingsService } from '../config/settings.js';
import { CHANGE_CHANNEL, ChangeBus } from '../db/change-bus.js';
import type { Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { ReloadGate } from '../testing/reload-gate.js';
import { keyringFromText, newKekText } from './keyring.js';
import { Sealer } from './seal.js';
import { SigningKeyService } from './signing-keys.js';

const TWO_DAYS_MS = 2 * 86_400_000;

interface Node {
  database: Database;
  bus: ChangeBus;
  keys: SigningKeyService;
  gate: ReloadGate;
}

let testDatabase: TestDatabase;
const sealer = new Sealer(keyringFromText(newKekText()));
const nodes: Node[] = [];

async function startNode(): Promise<Node> {
  const database = await testDatabase.open();
  const bus = new ChangeBus(database, { trustMs: 5_000 });
  await bus.start();
  const settings = new SettingsService(database, bus, sealer, CORE_SETTINGS);
  await settings.load();
  const gate = new ReloadGate();
  const keys = new SigningKeyService(database, sealer, settings, bus, { afterLoadRead: gate.hook });
  const node = { database, bus, keys, gate };
  nodes.push(node);
  return node;
}

/** Runs a change whose own load (after its commit) the gate holds, then lets its notification's load through. */
async function changeKeys(node: Node, change: () => Promise<unknown>): Promise<void> {
  const changing = change();
  await (await node.gate.next()).release();
  await changing;
  await (await node.gate.next()).release();
}

/** A load of the whole key set, as a notification from any node starts it. */
async function notifyKeyChange(database: Database): Promise<void> {
  await database.db.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, 'signing_keys:*')`);
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

describe('signing-key reload ordering', () => {
  it('a load that read before this node promoted a key does not bring the old current key back', async () => {
    const node = await startNode();
    node.gate.holding = true;
    await changeKeys(node, () => node.keys.ensureKeys());
    // A rotation asks for the waiting key's promotion, due once it has been published a day.
    await changeKeys(node, () => node.keys.rotate(['ES256']));
    const before = node.keys.currentKey('ES256').kid;

    await notifyKeyChange(node.database);
    const early = await node.gate.next();
    await changeKeys(node, () => node.keys.advance(new Date(Date.now() + TWO_DAYS_MS)));
    const promoted = node.keys.currentKey('ES256').kid;
    const jwks = node.keys.jwks();
    expect(promoted).not.toBe(before);

    await early.release();
    expect(node.keys.currentKey('ES256').kid).toBe(promoted);
    expect(node.keys.jwks()).toBe(jwks);
    node.gate.holding = false;
  });

  it('another node whose loads finish out of order ends with the key set the database holds', async () => {
    const writer = await startNode();
    const reader = await startNode();
    reader.gate.holding = true;
    // The reader's first load, then the one the writer's notification starts.
    const readerStart = reader.keys.load();
    await (await reader.gate.next()).release();
    await readerStart;
    // The writer's own loads are not held: only the reader's order is under test.
    await writer.keys.rotate(['ES256']);
    await (await reader.gate.next()).release();

    await notifyKeyChange(writer.database);
    const early = await reader.gate.next();
    await writer.keys.advance(new Date(Date.now() + TWO_DAYS_MS));
    await (await reader.gate.next()).release();
    const promoted = writer.keys.currentKey('ES256').kid;
    expect(reader.keys.currentKey('ES256').kid).toBe(promoted);

    await early.release();
    // No notification is left to come: a stale key set here would stay.
    expect(reader.keys.currentKey('ES256').kid).toBe(promoted);
    expect(reader.keys.jwks()).toBe(writer.keys.jwks());
    reader.gate.holding = false;
  });
});
