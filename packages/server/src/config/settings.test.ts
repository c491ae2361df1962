import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoNodes, type TwoNodes } from '../testing/nodes.js';
import type { TestServer } from '../testing/server.js';
import { SettingValidationError } from './settings.js';

let nodes: TwoNodes;
let nodeA: TestServer;
let nodeB: TestServer;

beforeAll(async () => {
  nodes = await startTwoNodes();
  ({ nodeA, nodeB } = nodes);
});
afterAll(async () => {
  await nodes?.close();
});

describe('settings', () => {
  it('returns typed defaults', () => {
    expect(nodeA.context.settings.get('product.name')).toBe('Tessera');
    expect(nodeA.context.settings.get('tokens.access_token_ttl_seconds')).toBe(600);
  });

  it('a change written by one node is seen by another node sharing the database within a second', async () => {
    const started = Date.now();
    await nodeA.context.settings.set('product.name', 'Acme ID');
    expect(nodeA.context.settings.get('product.name')).toBe('Acme ID');
    while (nodeB.context.settings.get('product.name') !== 'Acme ID') {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // And it shows in the JWKS cache header driven by a setting, on the other node.
    await nodeA.context.settings.set('signing.jwks_max_age_seconds', 120);
    const deadline = Date.now() + 1000;
    for (;;) {
      const response = await fetch(`${nodeB.publicUrl}/.well-known/jwks.json`);
      if (response.headers.get('cache-control') === 'public, max-age=120') break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  it('refuses invalid values and unknown keys without writing anything', async () => {
    await expect(nodeA.context.settings.set('tokens.access_token_ttl_seconds', 5)).rejects.toThrow(
      SettingValidationError,
    );
    await expect(nodeA.context.settings.set('product.name' as never, 42 as never)).rejects.toThrow(
      /invalid value for 'product.name'/,
    );
    await expect(nodeA.context.settings.set('no.such.setting' as never, 1 as never)).rejects.toThrow(
      /unknown setting/,
    );
    expect(nodeA.context.settings.get('tokens.access_token_ttl_seconds')).toBe(600);
    const rows = await nodeA.database.withConnection((connection) =>
      connection.query<{ key: string }>(
        "SELECT key FROM settings WHERE key IN ('no.such.setting', 'tokens.access_token_ttl_seconds')",
      ),
    );
    expect(rows).toEqual([]);
  });
});
