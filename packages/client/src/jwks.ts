import { TesseraClientError } from './errors.js';
import { type FetchLike, getJson } from './http.js';

/**
 * The provider's signing keys, fetched from `jwks_uri` and cached. A token naming a `kid` the cache lacks makes
 * one refetch (the provider publishes the next key before it signs with it, and retires old keys later), at most
 * once per `refetchCooldownMs`, so a stream of tokens with made-up kids cannot turn into a stream of requests.
 */
export interface JwksCacheOptions {
  fetch?: FetchLike;
  /** How long a fetched key set is used without asking again; 10 minutes by default. */
  maxAgeMs?: number;
  /** The shortest time between two fetches caused by an unknown kid; 30 seconds by default. */
  refetchCooldownMs?: number;
  /** The clock, for tests; `Date.now` by default. */
  now?: () => number;
}

export interface PublicJwk {
  kty: string;
  kid?: string;
  alg?: string;
  use?: string;
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
}

export class JwksCache {
  readonly #uri: string;
  readonly #fetch: FetchLike;
  readonly #maxAgeMs: number;
  readonly #cooldownMs: number;
  readonly #now: () => number;
  #keys: PublicJwk[] = [];
  #fetchedAt = Number.NEGATIVE_INFINITY;
  #pending: Promise<void> | null = null;
  /** How many times the key set was fetched: lets callers (and tests) see the cache at work. */
  fetchCount = 0;

  constructor(jwksUri: string, options: JwksCacheOptions = {}) {
    this.#uri = jwksUri;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.#cooldownMs = options.refetchCooldownMs ?? 30_000;
    this.#now = options.now ?? Date.now;
  }

  /** The key with this kid, fetching the set when it is stale or (past the cooldown) lacks the kid. */
  async key(kid: string): Promise<PublicJwk> {
    const age = this.#now() - this.#fetchedAt;
    if (age > this.#maxAgeMs) await this.#refresh();
    let found = this.#keys.find((candidate) => candidate.kid === kid);
    if (!found && this.#now() - this.#fetchedAt >= this.#cooldownMs) {
      await this.#refresh();
      found = this.#keys.find((candidate) => candidate.kid === kid);
    }
    if (!found)
      throw new TesseraClientError('jwt_invalid', 'the token is signed with a key the JWKS does not have');
    return found;
  }

  /** Concurrent callers share one request. */
  #refresh(): Promise<void> {
    this.#pending ??= this.#load().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  async #load(): Promise<void> {
    const document = await getJson(this.#fetch, this.#uri, 'the JWKS');
    if (!Array.isArray(document.keys))
      throw new TesseraClientError('invalid_response', 'the JWKS has no keys');
    this.#keys = (document.keys as unknown[]).filter(
      (key): key is PublicJwk =>
        typeof key === 'object' && key !== null && typeof (key as PublicJwk).kty === 'string',
    );
    this.#fetchedAt = this.#now();
    this.fetchCount += 1;
  }
}
