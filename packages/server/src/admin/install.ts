import { and, eq, gt, isNull } from 'drizzle-orm';
import { ApiError } from '../app/errors.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import { installation, installTokens } from '../db/schema/index.js';

const INSTALL_TOKEN_TTL_MS = 24 * 3600_000;

export const installComplete = () =>
  new ApiError(404, 'install_complete', 'this service is installed; install is closed');
export const invalidInstallToken = () =>
  new ApiError(
    401,
    'invalid_install_token',
    'the install link is invalid or expired; restart the service for a new one',
  );

/**
 * First-run install: one-time tokens stored hashed with an expiry (so any node can serve the install), checked
 * afresh at every step, consumed at completion, after which every install endpoint is closed for good.
 */
export class InstallService {
  constructor(private readonly db: Db) {}

  async installed(): Promise<boolean> {
    const [row] = await this.db.select().from(installation).where(eq(installation.id, 1));
    return row?.completedAt != null;
  }

  /** A new install token when not installed yet (printed at start), else null. */
  async issueToken(): Promise<string | null> {
    if (await this.installed()) return null;
    const token = randomToken();
    await this.db
      .insert(installTokens)
      .values({ tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INSTALL_TOKEN_TTL_MS) });
    return token;
  }

  /** Every bootstrap step calls this first. */
  async validate(token: string): Promise<void> {
    if (await this.installed()) throw installComplete();
    const [row] = await this.db
      .select()
      .from(installTokens)
      .where(
        and(
          eq(installTokens.tokenHash, hashToken(token)),
          isNull(installTokens.consumedAt),
          gt(installTokens.expiresAt, new Date()),
        ),
      );
    if (!row) throw invalidInstallToken();
  }

  /**
   * Consumes the token and marks the service installed, in one transaction: of two concurrent completions exactly
   * one succeeds, and `work` (creating the first admin, settings) runs inside it.
   */
  async complete(token: string, work: (tx: Db) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [consumed] = await tx
        .update(installTokens)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(installTokens.tokenHash, hashToken(token)),
            isNull(installTokens.consumedAt),
            gt(installTokens.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!consumed) throw invalidInstallToken();
      const inserted = await tx
        .insert(installation)
        .values({ id: 1, completedAt: new Date() })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw installComplete();
      await work(tx as unknown as Db);
      // Every other outstanding token dies with the install.
      await tx.update(installTokens).set({ consumedAt: new Date() }).where(isNull(installTokens.consumedAt));
    });
  }
}
