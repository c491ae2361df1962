import { appError } from '../app/errors.js';
import { type Config, parseUrl } from '../config/config.js';
import type { SettingsService } from '../config/settings.js';

/**
 * The public base URL (the issuer) chosen at install. It is read once at start, because the issuer must not change
 * under a running process; TESSERA_BASE_URL, when set, always wins.
 */
export class PublicBaseUrl {
  constructor(
    private readonly config: Config,
    private readonly settings: SettingsService,
  ) {}

  validate(value: string): string {
    try {
      const url = parseUrl(value);
      if (this.config.environment === 'production' && !url.startsWith('https://'))
        throw new Error('must use https');
      return url;
    } catch (error) {
      throw appError('invalid_request', `base_url ${(error as Error).message}`);
    }
  }

  /** Saves it; returns true when it differs from the running issuer (a restart applies it). */
  async save(url: string): Promise<boolean> {
    await this.settings.set('system.public_base_url', url);
    return url !== this.config.baseUrl;
  }

  /** Applies a saved base URL at start unless the environment fixed one. */
  applyAtStart(): void {
    const saved = this.settings.get('system.public_base_url');
    if (!this.config.baseUrlExplicit && saved) this.config.baseUrl = saved;
  }
}
