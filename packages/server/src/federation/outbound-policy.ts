import type { Config } from '../config/config.js';
import type { UpstreamFetch } from './upstream.js';

/** INTERIM: replaced by the outbound module's policy fetch when it lands. */
export function upstreamFetch(_config: Config): UpstreamFetch {
  return (input, init) => fetch(input, init);
}
