import { and, eq, isNull } from 'drizzle-orm';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { Db } from '../db/client.js';
import { notExpired } from '../db/expiry.js';
import { emailTokens } from './tables.js';

export type EmailTokenPurpose = 'verify_email' | 'password_reset' | 'email_change';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600_000,
  password_reset: 3600_000,
  email_change: 24 * 3600_000,
};

/** Emailed links: random, stored hashed, single use, expiring. */
export class EmailTokens {
  constructor(private readonly db: Db) {}

  async issue(userId: string, purpose: EmailTokenPurpose, email: string): Promise<string> {
    const token = randomToken();
    await this.db.insert(emailTokens).values({
      tokenHash: hashToken(token),
      userId,
      purpose,
      email,
      expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]),
    });
    return token;
  }

  /** The live token's details without using it up (e.g. to show the reset form). */
  async peek(token: string, purpose: EmailTokenPurpose): Promise<{ userId: string; email: string } | null> {
    const [row] = await this.db.select().from(emailTokens).where(this.live(token, purpose));
    return row ? { userId: row.userId, email: row.email } : null;
  }

  /** Uses the token up; of two concurrent uses exactly one succeeds. */
  async consume(
    token: string,
    purpose: EmailTokenPurpose,
  ): Promise<{ userId: string; email: string } | null> {
    const [row] = await this.db
      .update(emailTokens)
      .set({ consumedAt: new Date() })
      .where(this.live(token, purpose))
      .returning();
    return row ? { userId: row.userId, email: row.email } : null;
  }

  /** Uses up every unused link of the account (its address changed hands); returns how many there were. */
  async discardAll(userId: string): Promise<number> {
    const rows = await this.db
      .update(emailTokens)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.consumedAt)))
      .returning({ tokenHash: emailTokens.tokenHash });
    return rows.length;
  }

  private live(token: string, purpose: EmailTokenPurpose) {
    return and(
      eq(emailTokens.tokenHash, hashToken(token)),
      eq(emailTokens.purpose, purpose),
      isNull(emailTokens.consumedAt),
      notExpired(emailTokens.expiresAt, new Date()),
    );
  }
}
