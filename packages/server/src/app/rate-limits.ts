import type { SettingKey, SettingsService } from '../config/settings.js';
import { ApiError } from './errors.js';

/** A named limit: how many hits per window, from a setting, so operators can tune it. */
interface Rule {
  setting: SettingKey;
  windowSeconds: number;
}

export const RATE_LIMIT_RULES = {
  'sign-in-ip': { setting: 'rate_limits.sign_in_per_ip_per_minute', windowSeconds: 60 },
  'sign-in-account': { setting: 'rate_limits.sign_in_per_minute', windowSeconds: 60 },
  'registration-ip': { setting: 'rate_limits.registration_per_hour', windowSeconds: 3600 },
  'password-reset-ip': { setting: 'rate_limits.password_reset_per_hour', windowSeconds: 3600 },
  'password-reset-account': {
    setting: 'rate_limits.password_reset_per_account_per_hour',
    windowSeconds: 3600,
  },
  'verification-account': { setting: 'rate_limits.email_verification_per_hour', windowSeconds: 3600 },
  'otp-account': { setting: 'rate_limits.otp_per_minute', windowSeconds: 60 },
  'invites-user': { setting: 'rate_limits.invites_per_hour', windowSeconds: 3600 },
} satisfies Record<string, Rule>;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;

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
  constructor(
    private readonly store: RateLimitStore,
    private readonly settings: SettingsService,
  ) {}

  private async over(name: RateLimitName, key: string): Promise<{ over: boolean; retryAfter: number }> {
    const rule: Rule = RATE_LIMIT_RULES[name];
    const limit = this.settings.get(rule.setting) as number;
    const { count, resetSeconds } = await this.store.hit(`${name}:${key}`, rule.windowSeconds);
    return { over: count > limit, retryAfter: resetSeconds };
  }

  /** Counts a hit; over the limit answers 429 with Retry-After. */
  async consume(name: RateLimitName, key: string): Promise<void> {
    const { over, retryAfter } = await this.over(name, key);
    if (over) {
      throw new ApiError(429, 'rate_limited', 'too many attempts; wait a little and try again', {
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
