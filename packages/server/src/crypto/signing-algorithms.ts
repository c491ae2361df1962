/**
 * The JWS algorithms Tessera signs with (RFC 7518 §3.1; EdDSA: RFC 8037 §3.1), each with a key set of its own. Apart
 * from crypto/signing-keys.ts so that the `tessera` command parses `--alg` without loading the database layer.
 */
export const SIGNING_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];
