import { createRemoteJWKSet, customFetch, type JSONWebKeySet, type JWK, type JWTVerifyGetKey } from 'jose';
import { TesseraClientError } from './errors.js';
import { defaultFetch, type FetchLike } from './oauth.js';

/**
 * The provider's signing keys, fetched from `jwks_uri` and cached by jose (`createRemoteJWKSet`). A token naming a
 * `kid` the cache lacks makes one refetch (the provider publishes the next key before it signs with it, and retires
 * old keys later), at most once per `refetchCooldownMs`, so a stream of tokens with made-up kids cannot turn into a
 * stream of requests.
 */
export interface JwksCacheOptions {
  fetch?: FetchLike;
  /** How long a fetched key set is used without asking again; 10 minutes by default. */
  maxAgeMs?: number;
  /** The shortest time between two fetches caused by an unknown kid; 30 seconds by default. */
  refetchCooldownMs?: number;
}

export type PublicJwk = JWK;

export class JwksCache {
  readonly #keys: ReturnType<typeof createRemoteJWKSet>;
  /** How many times the key set was requested: lets callers (and tests) see the cache at work. */
  fetchCount = 0;

  constructor(jwksUri: string, options: JwksCacheOptions = {}) {
    const fetchImpl = options.fetch ?? defaultFetch;
    this.#keys = createRemoteJWKSet(new URL(jwksUri), {
      cacheMaxAge: options.maxAgeMs ?? 10 * 60_000,
      cooldownDuration: options.refetchCooldownMs ?? 30_000,
      [customFetch]: (url, init) => {
        this.fetchCount += 1;
        return fetchImpl(url, init);
      },
    });
  }

  /** The key resolver jose's `jwtVerify` takes: picks the key by the token's `kid`, `alg` and key type. */
  get resolver(): JWTVerifyGetKey {
    return this.#keys;
  }

  /** The published key with this kid, fetching the set when it is stale or (past the cooldown) lacks the kid. */
  async key(kid: string): Promise<PublicJwk> {
    if (!this.#keys.fresh) await this.#keys.reload();
    const find = (set: JSONWebKeySet | undefined) => set?.keys.find((candidate) => candidate.kid === kid);
    let found = find(this.#keys.jwks());
    if (!found && !this.#keys.coolingDown) {
      await this.#keys.reload();
      found = find(this.#keys.jwks());
    }
    if (!found)
      throw new TesseraClientError('jwt_invalid', 'the token is signed with a key the JWKS does not have');
    return found;
  }
}
