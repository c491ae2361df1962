import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notExpired } from '../db/expiry.js';
import { pushedAuthorizationRequests } from './tables.js';

/** SQL for pushed authorization requests (RFC 9126), looked up by the hash of their request_uri. */
export class PushedRequestStore {
  constructor(private readonly db: Db) {}

  async insert(row: {
    idHash: string;
    clientId: string;
    parameters: Record<string, string>;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(pushedAuthorizationRequests).values(row);
  }

  /**
   * Marks the request consumed and returns its parameters, only if it is this client's, unconsumed and unexpired:
   * one UPDATE, so of concurrent uses on any nodes exactly one gets it.
   */
  async consume(idHash: string, clientId: string, now: Date): Promise<Record<string, string> | null> {
    const [row] = await this.db
      .update(pushedAuthorizationRequests)
      .set({ consumedAt: now })
      .where(
        and(
          eq(pushedAuthorizationRequests.idHash, idHash),
          eq(pushedAuthorizationRequests.clientId, clientId),
          isNull(pushedAuthorizationRequests.consumedAt),
          notExpired(pushedAuthorizationRequests.expiresAt, now),
        ),
      )
      .returning({ parameters: pushedAuthorizationRequests.parameters });
    return row ? row.parameters : null;
  }
}
