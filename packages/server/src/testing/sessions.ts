import type { TestServer } from './server.js';

/**
 * A write a test makes to sessions behind the running node's back (to let time pass: a step-up that has run out),
 * followed by what the node would hear had it made the change itself: its session cache forgets every user session
 * (accounts/services.ts, sessionCache), so the next request reads the rows as the test left them.
 */
export async function changeSessionsDirectly(
  server: TestServer,
  text: string,
  parameters: unknown[] = [],
): Promise<void> {
  await server.database.withConnection((connection) => connection.query(text, parameters));
  server.context.accounts.sessionCache.clear();
}
