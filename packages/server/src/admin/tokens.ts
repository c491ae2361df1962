import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log.js';
import { authoredEntry, type ChangeAuthor } from '../audit/change-author.js';
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
  constructor(
    private readonly store: AdminTokenStore,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Creates a token for the admin `createdBy`, audited with it in one transaction, whoever asks (a write admin in
   * the portal, or the `tessera` command for an admin it names: then the entry says `on_behalf_of` that admin).
   */
  issue(
    input: { name: string; scopes: readonly AdminTokenScope[]; expiresAt: Date | null; createdBy: string },
    by: ChangeAuthor,
  ): Promise<CreatedAdminToken> {
    return this.audit.recordChange(
      () => this.insert(input),
      ({ token }) =>
        authoredEntry(by, 'admin_token.created', target(token.id), {
          name: token.name,
          scopes: token.scopes,
          prefix: token.prefix,
          expires_at: token.expiresAt?.toISOString() ?? null,
          ...(by.actor.id === input.createdBy ? {} : { on_behalf_of: input.createdBy }),
        }),
    );
  }

  private async insert(input: {
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

  /** Revokes a token (idempotent), audited; undefined, with nothing recorded, when there is no such token. */
  revoke(id: string, by: ChangeAuthor): Promise<AdminTokenRow | undefined> {
    return this.audit.recordFoundChange(
      () => this.store.revoke(id, new Date()),
      authoredEntry(by, 'admin_token.revoked', target(id)),
    );
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

const target = (id: string) => ({ type: 'admin_token', id });
