import { randomUUID } from 'node:crypto';
import { hashToken, randomToken } from '../crypto/tokens.js';
import type { ClientRegistrationStore, InitialAccessTokenRow } from './store.js';

/** Every initial access token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const INITIAL_ACCESS_TOKEN_PREFIX = 'tessera_iat_';
/** How many characters of the plaintext the metadata keeps to tell tokens apart: the prefix and 6 random ones. */
const SHOWN_LENGTH = INITIAL_ACCESS_TOKEN_PREFIX.length + 6;

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
  constructor(private readonly store: ClientRegistrationStore) {}

  async create(input: {
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

  /** Revokes a token (idempotent: the first revocation time is kept); undefined when there is no such token. */
  revoke(id: string): Promise<InitialAccessTokenRow | undefined> {
    return this.store.revokeToken(id, new Date());
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
