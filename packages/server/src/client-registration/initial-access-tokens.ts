import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log.js';
import { authoredEntry, type ChangeAuthor } from '../audit/change-author.js';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { ClientRegistrationStore, InitialAccessTokenRow } from './store.js';

/** Every initial access token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const INITIAL_ACCESS_TOKEN_PREFIX = 'tessera_iat_';
/** How many characters of the plaintext the metadata keeps to tell tokens apart: the prefix and 6 random ones. */
const SHOWN_LENGTH = INITIAL_ACCESS_TOKEN_PREFIX.length + 6;
/** How long a token stays valid when its issuer says nothing. */
export const DEFAULT_LIFETIME_SECONDS = 7 * 86_400;

export type InitialAccessTokenStatus = 'active' | 'expired' | 'revoked' | 'used_up';

export function initialAccessTokenStatus(
  token: InitialAccessTokenRow,
  now = new Date(),
): InitialAccessTokenStatus {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt <= now) return 'expired';
  if (token.maxUses !== null && token.uses >= token.maxUses) return 'used_up';
  return 'active';
}

/**
 * Initial access tokens (RFC 7591 §3, docs/client-registration.md#initial-access-tokens): a write admin issues one
 * with an expiry and optionally a number of uses; /register accepts it as a bearer token. Stored hashed.
 */
export class InitialAccessTokenService {
  constructor(
    private readonly store: ClientRegistrationStore,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Issues a token, audited with it in one transaction, whoever asks (the admin API or the `tessera` command).
   * `createdBy`: the admin it is recorded as created by, null for the command.
   */
  issue(
    input: {
      description: string;
      expiresInSeconds?: number;
      maxUses: number | null;
      createdBy: string | null;
    },
    by: ChangeAuthor,
  ): Promise<{ token: InitialAccessTokenRow; plaintext: string }> {
    const expiresAt = new Date(Date.now() + (input.expiresInSeconds ?? DEFAULT_LIFETIME_SECONDS) * 1000);
    return this.audit.recordChange(
      () => this.insert({ ...input, expiresAt }),
      ({ token }) =>
        authoredEntry(by, 'initial_access_token.created', target(token.id), {
          description: input.description,
          prefix: token.prefix,
          expires_at: expiresAt.toISOString(),
          max_uses: input.maxUses,
        }),
    );
  }

  private async insert(input: {
    description: string;
    expiresAt: Date;
    maxUses: number | null;
    createdBy: string | null;
  }): Promise<{ token: InitialAccessTokenRow; plaintext: string }> {
    const plaintext = `${INITIAL_ACCESS_TOKEN_PREFIX}${randomToken(32)}`;
    const token = await this.store.insertToken({
      id: randomUUID(),
      description: input.description,
      tokenHash: hashToken(plaintext),
      prefix: plaintext.slice(0, SHOWN_LENGTH),
      createdBy: input.createdBy,
      expiresAt: input.expiresAt,
      maxUses: input.maxUses,
    });
    return { token, plaintext };
  }

  list(): Promise<InitialAccessTokenRow[]> {
    return this.store.listTokens();
  }

  find(id: string): Promise<InitialAccessTokenRow | undefined> {
    return this.store.findToken(id);
  }

  /**
   * Revokes a token (idempotent: the first revocation time is kept), audited; undefined, with nothing recorded, when
   * there is no such token.
   */
  revoke(id: string, by: ChangeAuthor): Promise<InitialAccessTokenRow | undefined> {
    return this.audit.recordFoundChange(
      () => this.store.revokeToken(id, new Date()),
      authoredEntry(by, 'initial_access_token.revoked', target(id)),
    );
  }

  /** The token a presented value names, if it can still register a client; nothing is counted. */
  usable(value: string): Promise<InitialAccessTokenRow | undefined> {
    if (!value.startsWith(INITIAL_ACCESS_TOKEN_PREFIX) || value.length > 200)
      return Promise.resolve(undefined);
    return this.store.findUsableToken(hashToken(value), new Date());
  }

  /** Counts one use, atomically; undefined when the token was no longer usable (revoked, expired, used up). */
  consume(value: string): Promise<InitialAccessTokenRow | undefined> {
    return this.store.consumeToken(hashToken(value), new Date());
  }
}

const target = (id: string) => ({ type: 'initial_access_token', id });
