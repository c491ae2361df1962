import { TesseraClientError } from './errors.js';
import { type FetchLike, getJson } from './http.js';

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
  authorization_response_iss_parameter_supported?: boolean;
}

const REQUIRED = ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const;
const OPTIONAL = [
  'end_session_endpoint',
  'introspection_endpoint',
  'revocation_endpoint',
  'userinfo_endpoint',
] as const;

/**
 * Fetches `{issuer}/.well-known/openid-configuration` and checks that its `issuer` is exactly the one configured
 * (OIDC Discovery §4.3): a document naming another issuer would let that issuer's tokens pass.
 */
export async function discover(issuer: string, fetchImpl: FetchLike): Promise<ProviderMetadata> {
  const base = issuer.replace(/\/$/, '');
  let document: Record<string, unknown>;
  try {
    document = await getJson(fetchImpl, `${base}/.well-known/openid-configuration`, 'the discovery document');
  } catch (cause) {
    throw new TesseraClientError('discovery_failed', `discovery of ${issuer} failed`, { cause });
  }
  if (document.issuer !== issuer) {
    throw new TesseraClientError(
      'discovery_failed',
      `the discovery document names another issuer than ${issuer}`,
    );
  }
  for (const member of [...REQUIRED, ...OPTIONAL]) {
    const value = document[member];
    if (value === undefined && !(REQUIRED as readonly string[]).includes(member)) continue;
    if (typeof value !== 'string' || !URL.canParse(value)) {
      throw new TesseraClientError('discovery_failed', `the discovery document has no valid ${member}`);
    }
  }
  return document as unknown as ProviderMetadata;
}
