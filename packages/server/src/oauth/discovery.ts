import type { Config } from '../config/config.js';

/**
 * The OpenID Provider metadata (OIDC Discovery 1.0 §3, RFC 8414 §2). It lists exactly what is implemented: each
 * capability adds its members here when it lands, and nothing is advertised ahead of the code.
 */
export function buildDiscoveryDocument(config: Pick<Config, 'baseUrl'>): Record<string, unknown> {
  const issuer = config.baseUrl;
  return {
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
  };
}
