import * as oauth from 'oauth4webapi';
import { TesseraClientError } from './errors.js';
import { type FetchLike, requestOptions } from './oauth.js';

/** The provider metadata the SDK uses (OIDC Discovery 1.0 §3, RFC 8414 §2). */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
  introspection_endpoint?: string;
  revocation_endpoint?: string;
  userinfo_endpoint?: string;
  pushed_authorization_request_endpoint?: string;
  /** RFC 8628 §4. */
  device_authorization_endpoint?: string;
  dpop_signing_alg_values_supported?: string[];
  authorization_response_iss_parameter_supported?: boolean;
}

const REQUIRED = ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const;

/**
 * Fetches `{issuer}/.well-known/openid-configuration` with oauth4webapi (`discoveryRequest`,
 * `processDiscoveryResponse`: the document's `issuer` must be the one asked for, OIDC Discovery §4.3). On top, the
 * issuer must be exactly the configured string (not merely the same URL once normalized: `https://id.example.com`
 * and `https://id.example.com/` are different issuers to a token's `iss`), and the endpoints the SDK uses must be
 * listed.
 */
export async function discover(issuer: string, fetchImpl: FetchLike): Promise<ProviderMetadata> {
  let metadata: oauth.AuthorizationServer;
  try {
    const issuerUrl = new URL(issuer);
    const options = requestOptions(issuer, fetchImpl);
    const response = await oauth.discoveryRequest(issuerUrl, { algorithm: 'oidc', ...options });
    metadata = await oauth.processDiscoveryResponse(issuerUrl, response);
  } catch (cause) {
    throw new TesseraClientError('discovery_failed', `discovery of ${issuer} failed`, { cause });
  }
  if (metadata.issuer !== issuer) {
    throw new TesseraClientError(
      'discovery_failed',
      `the discovery document names another issuer than ${issuer}`,
    );
  }
  for (const member of REQUIRED) {
    const value = metadata[member];
    if (typeof value !== 'string' || !URL.canParse(value)) {
      throw new TesseraClientError('discovery_failed', `the discovery document has no valid ${member}`);
    }
  }
  // oauth4webapi refuses plain HTTP endpoints of an https issuer when it calls them; jose fetches the JWKS.
  if (new URL(issuer).protocol === 'https:' && new URL(metadata.jwks_uri as string).protocol !== 'https:') {
    throw new TesseraClientError('discovery_failed', 'the discovery document names a jwks_uri without https');
  }
  return metadata as ProviderMetadata;
}
