import { randomUUID } from 'node:crypto';
import { appError } from '../app/errors.js';
import type { AuditLog } from '../audit/audit-log.js';
import { authoredEntry, type ChangeAuthor } from '../audit/change-author.js';
import type { SettingsService } from '../config/settings.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { ConnectionRow, ScimStore, TokenRow } from './store.js';

/** Every SCIM token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'tessera_scim_';
/** How many characters of the plaintext the metadata keeps to tell tokens apart: the prefix and 6 random ones. */
const SHOWN_LENGTH = TOKEN_PREFIX.length + 6;

export interface CreatedToken {
  token: TokenRow;
  /** The bearer value: returned once, never stored (only its hash). */
  plaintext: string;
}

/**
 * SCIM bearer tokens (docs/scim.md#admin-api-admin-port): created by a write admin, bound to one connection,
 * stored hashed.
 */
export class ScimTokenService {
  constructor(
    private readonly store: ScimStore,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
  ) {}

  /** Creates a token for a connection, audited with it in one transaction; not_found without the connection. */
  issue(
    input: { connectionId: string; name: string; expiresAt: Date | null; createdBy: string },
    by: ChangeAuthor,
  ): Promise<CreatedToken> {
    return this.audit.recordChange(
      async () => {
        if (!(await this.store.findConnection(input.connectionId)))
          throw appError('not_found', 'no such SCIM connection');
        return this.insert(input);
      },
      ({ token }) =>
        authoredEntry(by, 'scim.token.created', target(token.id), {
          connection: input.connectionId,
          prefix: token.prefix,
          expires_at: token.expiresAt?.toISOString() ?? null,
        }),
    );
  }

  private async insert(input: {
    connectionId: string;
    name: string;
    expiresAt: Date | null;
    createdBy: string;
  }): Promise<CreatedToken> {
    // 32 random bytes (256 bits), base64url, behind a recognisable prefix.
    const plaintext = `${TOKEN_PREFIX}${randomToken(32)}`;
    const token = await this.store.insertToken({
      id: randomUUID(),
      connectionId: input.connectionId,
      name: input.name,
      tokenHash: hashToken(plaintext),
      prefix: plaintext.slice(0, SHOWN_LENGTH),
      createdBy: input.createdBy,
      expiresAt: input.expiresAt,
    });
    return { token, plaintext };
  }

  list(connectionId?: string): Promise<TokenRow[]> {
    return this.store.listTokens(connectionId);
  }

  /**
   * Revokes a token (idempotent: the first revocation time is kept), audited; undefined, with nothing recorded, when
   * there is no such token.
   */
  revoke(id: string, by: ChangeAuthor): Promise<TokenRow | undefined> {
    return this.audit.recordFoundChange(
      () => this.store.revokeToken(id, new Date()),
      authoredEntry(by, 'scim.token.revoked', target(id)),
    );
  }

  /**
   * The token and its connection for a presented bearer value, or null when it is unknown, revoked or expired.
   * One indexed lookup by hash; the last-used time is written at most once per interval.
   */
  async authenticate(value: string): Promise<{ token: TokenRow; connection: ConnectionRow } | null> {
    if (!value.startsWith(TOKEN_PREFIX) || value.length > 200) return null;
    const found = await this.store.findTokenByHash(hashToken(value));
    if (!found) return null;
    const now = new Date();
    if (found.token.revokedAt !== null) return null;
    if (found.token.expiresAt !== null && found.token.expiresAt <= now) return null;
    const interval = this.settings.get('scim.token_last_used_interval_seconds') * 1000;
    if (found.token.lastUsedAt === null || now.getTime() - found.token.lastUsedAt.getTime() >= interval) {
      await this.store.touchToken(found.token.id, now, new Date(now.getTime() - interval));
    }
    return found;
  }
}

const target = (id: string) => ({ type: 'scim_token', id });
