import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { dpopProofs } from './tables.js';

/** The DPoP proofs already seen (RFC 9449 §11.1), shared by every node through the database. */
export class DpopProofStore {
  private readonly rememberQuery;

  constructor(db: Db) {
    this.rememberQuery = preparedQuery(db, 'oauth_dpop_proof_use', (db) =>
      db
        .insert(dpopProofs)
        .values({
          jkt: sql.placeholder('jkt'),
          jti: sql.placeholder('jti'),
          expiresAt: sql.placeholder('expiresAt'),
        })
        .onConflictDoNothing()
        .returning({ jti: dpopProofs.jti }),
    );
  }

  /**
   * Records the first use of a proof: true when this is it, false when the same key's `jti` was seen before (on any
   * node), in one statement (the primary key decides).
   */
  async firstUse(jkt: string, jti: string, expiresAt: Date): Promise<boolean> {
    const inserted = await this.rememberQuery({ jkt, jti, expiresAt });
    return inserted.length === 1;
  }
}
