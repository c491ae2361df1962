import type { AccountRootKey } from './account-root-key';
import { encodeBase64url } from './base64url';
import { utf8, wipe } from './bytes';
import { ZkError } from './errors';
import { zkKeyHash } from './hash';
import { encryptEcdhEsA256Gcm } from './jwe';
import { parseZkPub } from './p256-jwk';
import { KEY_DELIVERY_LIFETIME_SECONDS, LEGACY_DRK_JWE_TYPE, LEGACY_DRK_KIND, LEGACY_SCHEME } from './scheme';

/**
 * Legacy v1 delivery (docs/zk.md §5.1), for clients an admin configured `zk_delivery: legacy-v1`: the same JWE
 * construction and bindings as v2 (§5 step 2), carrying the client's data root key (DRK) instead of the CAK, with
 * `v` 1, `kind` `data_root_key` and `typ` `tessera-zk-drk`. Its hash goes to `/authorize/finalize` as `drk_hash`,
 * the JWE into the fragment as `drk_jwe`.
 */

/** The JWE payload, members in the documented order. */
export interface LegacyDrkPayload {
  v: typeof LEGACY_SCHEME;
  kind: typeof LEGACY_DRK_KIND;
  iss: string;
  sub: string;
  client_id: string;
  state: string | null;
  redirect_uri: string;
  organization_id: string | null;
  key_id: string;
  iat: number;
  exp: number;
  key: { kty: 'oct'; k: string; alg: 'A256GCM' };
}

export interface LegacyDrkDeliveryRequest {
  ark: AccountRootKey;
  /** The keybag's `account_key.key_id`. */
  keyId: string;
  zkPub: string;
  issuer: string;
  userId: string;
  clientId: string;
  state: string | null;
  redirectUri: string;
  /** The organization for key scope `organization`; null for scope `client` (§2.2). */
  organizationId: string | null;
  now?: number;
}

/** Derives the DRK and builds the delivery: the compact JWE for the fragment and its `drk_hash`. */
export async function buildLegacyDrkDelivery(
  request: LegacyDrkDeliveryRequest,
): Promise<{ jwe: string; drkHash: string }> {
  const recipient = await parseZkPub(request.zkPub);
  const iat = request.now ?? Math.floor(Date.now() / 1000);
  const drk = await request.ark.legacyDataRootKey(request.clientId, request.organizationId);
  const payload: LegacyDrkPayload = {
    v: LEGACY_SCHEME,
    kind: LEGACY_DRK_KIND,
    iss: request.issuer,
    sub: request.userId,
    client_id: request.clientId,
    state: request.state,
    redirect_uri: request.redirectUri,
    organization_id: request.organizationId,
    key_id: request.keyId,
    iat,
    exp: iat + KEY_DELIVERY_LIFETIME_SECONDS,
    key: { kty: 'oct', k: encodeBase64url(drk), alg: 'A256GCM' },
  };
  wipe(drk);
  const plaintext = utf8(JSON.stringify(payload));
  const jwe = await encryptEcdhEsA256Gcm(recipient.key, plaintext, LEGACY_DRK_JWE_TYPE);
  wipe(plaintext);
  // The same hash as v2's zk_key_hash: base64url(SHA-256(ASCII(JWE))).
  return { jwe, drkHash: await zkKeyHash(jwe) };
}

/** The redirect URI `/authorize/finalize` returned, with `#drk_jwe=` (the fragment never reaches a server). */
export function withLegacyDrkFragment(redirectUrl: string, jwe: string): string {
  if (redirectUrl.includes('#'))
    throw new ZkError('invalid_key_delivery', 'the redirect URL already has a fragment');
  return `${redirectUrl}#drk_jwe=${jwe}`;
}
