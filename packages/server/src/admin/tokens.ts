import { randomUUID } from 'node:crypto';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { AdminTokenScope } from './token-scopes.js';
import type { AdminTokenRow, AdminTokenStore, AdminTokenWithCreator } from './token-store.js';

/** Every admin API token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const ADMIN_TOKEN_PREFIX = 'tsa_';
/** How many characters of the plaintext the metadata keeps to tell tokens apart: the prefix and 6 random ones. */
const SHOWN_LENGTH = ADMIN_TOKEN_PREFIX.length + 6;
/** Last use is written at most this often per token (one write per minute, whatever the call rate). */
const LAST_USED_INTERVAL_MS = 60_000;

export interface CreatedAdminToken {
  token: AdminTokenRow;
  /** The bearer value: returned once, never stored (only its hash). */
  plaintext: string;
}

export type { AdminTokenRow, AdminTokenWithCreator };

/**
 * Admin API tokens (docs/admin-api-tokens.md): created by a write admin, stored hashed, checked against the
 * database on every request, so a revocation holds at once on every node.
 */
export class AdminTokenService {
  constructor(private readonly store: AdminTokenStore) {}

  async create(input: {
    name: string;
    scopes: readonly AdminTokenScope[];
    expiresAt: Date | null;
    createdBy: string;
  }): Promise<CreatedAdminToken> {
    // 32 random bytes (256 bits), base64url, behind a recognisable prefix.
    const plaintext = `${ADMIN_TOKEN_PREFIX}${randomToken(32)}`;
    const token = await this.store.insert({
      id: randomUUID(),
      name: input.name,
      tokenHash: hashToken(plaintext),
      prefix: plaintext.slice(0, SHOWN_LENGTH),
      scopes: [...new Set(input.scopes)],
      createdBy: input.createdBy,
      expiresAt: input.expiresAt,
    });
    return { token, plaintext };
  }

  list(): Promise<AdminTokenWithCreator[]> {
    return this.store.list();
  }

  find(id: string): Promise<AdminTokenWithCreator | undefined> {
    return this.store.find(id);
  }

  /** Revokes a token (idempotent); undefined when there is no such token. */
  revoke(id: string): Promise<AdminTokenRow | undefined> {
    return this.store.revoke(id, new Date());
  }

  /**
   * The live token for a presented bearer value, or null when it is unknown, revoked, expired, or its creator is
   * no longer an active admin. One indexed lookup by hash; the last-used time is written at most once a minute.
   */
  async authenticate(value: string): Promise<AdminTokenWithCreator | null> {
    if (!value.startsWith(ADMIN_TOKEN_PREFIX) || value.length > 200) return null;
    const found = await this.store.findByHash(hashToken(value));
    if (!found) return null;
    const now = new Date();
    if (found.token.revokedAt !== null) return null;
    if (found.token.expiresAt !== null && found.token.expiresAt <= now) return null;
    if (found.creator.status !== 'active') return null;
    const last = found.token.lastUsedAt;
    if (last === null || now.getTime() - last.getTime() >= LAST_USED_INTERVAL_MS) {
      await this.store.touch(found.token.id, now, new Date(now.getTime() - LAST_USED_INTERVAL_MS));
    }
    return found;
  }
}
