import { newKekText } from '../crypto/keyring.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { startTestServer, type TestServer } from './server.js';

/** Two nodes on one fresh test database, as one deployment runs them (one KEK), and how to take them down. */
export interface TwoNodes {
  database: TestDatabase;
  nodeA: TestServer;
  nodeB: TestServer;
  /** Stops both nodes and drops the database. */
  close(): Promise<void>;
}

/**
 * Starts two nodes of one deployment. With `sharedIssuer`, node B is configured with node A's base URL, as nodes
 * behind one load balancer are (tokens either issues are the other's); each still listens on its own ports
 * (`publicUrl`), so a test can address them one by one. `env` is added to both.
 */
export async function startTwoNodes(
  options: { sharedIssuer?: boolean; env?: Record<string, string> } = {},
): Promise<TwoNodes> {
  const database = await createTestDatabase();
  const env = { TESSERA_KEK: newKekText(), ...options.env };
  let nodeA: TestServer | undefined;
  try {
    nodeA = await startTestServer({ database: await database.open(), env });
    const issuer = nodeA.config.baseUrl;
    const nodeB = await startTestServer({
      database: await database.open(),
      env: options.sharedIssuer ? { ...env, TESSERA_BASE_URL: issuer } : env,
    });
    const first = nodeA;
    return {
      database,
      nodeA: first,
      nodeB,
      async close() {
        await first.close();
        await nodeB.close();
        await database.drop();
      },
    };
  } catch (error) {
    await nodeA?.close();
    await database.drop();
    throw error;
  }
}

/**
 * Polls until the check holds, failing after `timeoutMs`: for a change that reaches another node through the change
 * bus. Keep the deadline far below any cache's TTL, so a pass proves the notification, not the expiry.
 */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
