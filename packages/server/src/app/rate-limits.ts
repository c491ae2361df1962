import type { SettingKey, SettingsService } from '../config/settings.js';
import { appError } from './errors.js';

/** A named limit: how many hits per window, from a setting, so operators can tune it. */
export interface RateLimitRule {
  setting: SettingKey;
  windowSeconds: number;
}

/** Rate-limit rules by name, as a slice's module lists them (`rateLimits`). */
export type RateLimitRules = Readonly<Record<string, RateLimitRule>>;

/**
 * Every rate limit's name, so `consume(name, ...)` is typed. A slice adds its names in its own `settings.ts` by
 * declaration merging, beside the rules its module lists (see SettingCatalogue in config/settings.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each slice's settings.ts
export interface RateLimitCatalogue {}

export type RateLimitName = keyof RateLimitCatalogue;

/** Counts hits in fixed windows; returns the count after this hit and the seconds left in the window. */
export interface RateLimitStore {
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
  /** Whether counts are shared by every node right now, or kept by this node alone. */
  readonly scope: 'shared' | 'node';
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly scope = 'node';
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    window.count += 1;
    return { count: window.count, resetSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  async close() {}
}

/** Rate limits for sign-in, registration, reset and verification. */
export class RateLimits {
  private readonly rules: ReadonlyMap<string, RateLimitRule>;

  /** `rules`: every rate limit the running modules define (`collectRateLimits` in app/modules.ts). */
  constructor(
    private readonly store: RateLimitStore,
    private readonly settings: SettingsService,
    rules: RateLimitRules,
    /** Told of each refusal, by the limit's name (`tessera_rate_limit_refusals_total`). */
    private readonly refused?: (name: RateLimitName) => void,
  ) {
    this.rules = new Map(Object.entries(rules));
  }

  private async over(name: RateLimitName, key: string): Promise<{ over: boolean; retryAfter: number }> {
    const rule = this.rules.get(name);
    // A typed name without a rule means its slice's module is missing from app/modules.ts.
    if (!rule) throw new Error(`no rate limit named '${name}'`);
    const limit = this.settings.get(rule.setting) as number;
    const { count, resetSeconds } = await this.store.hit(`${name}:${key}`, rule.windowSeconds);
    const over = count > limit;
    if (over) this.refused?.(name);
    return { over, retryAfter: resetSeconds };
  }

  /** Counts a hit; over the limit answers 429 with Retry-After. */
  async consume(name: RateLimitName, key: string): Promise<void> {
    const { over, retryAfter } = await this.over(name, key);
    if (over) {
      throw appError('rate_limited', 'too many attempts; wait a little and try again', {
        'retry-after': String(retryAfter),
      });
    }
  }

  /** Counts a hit and says whether it was allowed, without failing the request (for answers that must not differ). */
  async tryConsume(name: RateLimitName, key: string): Promise<boolean> {
    return !(await this.over(name, key)).over;
  }

  /** `shared` while every node counts in Redis; `node` without REDIS_URL or while Redis is away. */
  get scope(): 'shared' | 'node' {
    return this.store.scope;
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
