import { randomUUID } from 'node:crypto';
import type { Client } from '../clients/model.js';
import { signJwt } from '../crypto/jwt.js';
import type { SigningKeyService } from '../crypto/signing-keys.js';

/** OIDC Back-Channel Logout 1.0 §2.4: the event a logout token carries. */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** How long a logout token is valid: each attempt signs a new one, so it only has to outlive one POST (§2.4 `exp`). */
export const LOGOUT_TOKEN_TTL_SECONDS = 120;

/** A fresh logout-token id (`jti`): the delivery's id, the same on every attempt of it. */
export function newLogoutTokenId(): string {
  return randomUUID();
}

/**
 * A logout token (OIDC Back-Channel Logout 1.0 §2.4): `iss`, `aud` (the client), `iat`, `exp`, `jti`, `events`,
 * `sub` and `sid` (both, always: `backchannel_logout_session_required` is met for every client), never a `nonce`
 * (§2.4: forbidden, so that it cannot pass for an ID token), typed `logout+jwt` (§2.4, RFC 8725 §3.11), signed with
 * the key the client's ID tokens use.
 */
export function signLogoutToken(
  keys: SigningKeyService,
  issuer: string,
  client: Pick<Client, 'id' | 'idTokenSignedResponseAlg'>,
  logout: { id: string; subject: string; sessionId: string },
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  return signJwt(
    {
      iss: issuer,
      sub: logout.subject,
      aud: client.id,
      iat,
      exp: iat + LOGOUT_TOKEN_TTL_SECONDS,
      jti: logout.id,
      sid: logout.sessionId,
      events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
    },
    keys.currentKey(client.idTokenSignedResponseAlg),
    'logout+jwt',
  );
}
