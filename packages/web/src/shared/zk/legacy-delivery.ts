import {
  type DeliveryPayload,
  type DeliveryScheme,
  type KeyDeliveryRequest,
  sealDelivery,
  withDeliveryFragment,
} from './key-delivery';
import { LEGACY_DRK_JWE_TYPE, LEGACY_DRK_KIND, LEGACY_SCHEME } from './scheme';

/**
 * Legacy v1 delivery (docs/zk.md §5.1), for clients an admin configured `zk_delivery: legacy-v1`: the same JWE
 * construction and bindings as v2 (§5 step 2), carrying the client's data root key (DRK) instead of the CAK, with
 * `v` 1, `kind` `data_root_key` and `typ` `tessera-zk-drk`. Its hash goes to `/authorize/finalize` as `drk_hash`,
 * the JWE into the fragment as `drk_jwe`.
 */

/** The JWE payload: v2's members, with `v` 1 and `kind` `data_root_key`. */
export type LegacyDrkPayload = DeliveryPayload<typeof LEGACY_SCHEME, typeof LEGACY_DRK_KIND>;

/** What a legacy delivery needs: the same as a v2 one (the DRK is derived for the same client and organization). */
export type LegacyDrkDeliveryRequest = KeyDeliveryRequest;

const V1_DELIVERY: DeliveryScheme<typeof LEGACY_SCHEME, typeof LEGACY_DRK_KIND> = {
  v: LEGACY_SCHEME,
  kind: LEGACY_DRK_KIND,
  jweType: LEGACY_DRK_JWE_TYPE,
  deriveKey: (ark, clientId, organizationId) => ark.legacyDataRootKey(clientId, organizationId),
  fragmentParameter: 'drk_jwe',
};

/** Derives the DRK and builds the delivery: the compact JWE for the fragment and its `drk_hash`. */
export async function buildLegacyDrkDelivery(
  request: LegacyDrkDeliveryRequest,
): Promise<{ jwe: string; drkHash: string }> {
  // The same hash as v2's zk_key_hash: base64url(SHA-256(ASCII(JWE))).
  const { jwe, hash } = await sealDelivery(request, V1_DELIVERY);
  return { jwe, drkHash: hash };
}

/** The redirect URI `/authorize/finalize` returned, with `#drk_jwe=` (the fragment never reaches a server). */
export function withLegacyDrkFragment(redirectUrl: string, jwe: string): string {
  return withDeliveryFragment(redirectUrl, V1_DELIVERY, jwe);
}
