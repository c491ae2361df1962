import { hashToken } from '../crypto/tokens.js';

/** Who we are to authenticators: the RP ID and the one origin accepted (WebAuthn Level 3 §5.1.3, §7.1 step 9). */
export interface RelyingParty {
  /** The base URL's host name: a passkey is scoped to it (an IP address is not a valid RP ID). */
  id: string;
  /** The base URL's origin; clientDataJSON.origin must equal it exactly. */
  origin: string;
  /** Shown by authenticators next to the account. */
  name: string;
}

/** The relying party of a base URL (the configured one, never the Host header). */
export function relyingPartyOf(baseUrl: string, name: string): RelyingParty {
  const url = new URL(baseUrl);
  return { id: url.hostname, origin: url.origin, name };
}

/**
 * The challenge a response answers, from its clientDataJSON (WebAuthn §5.8.1), hashed as stored: it finds the
 * ceremony. Null when the field is not base64url JSON with a string challenge; the signature over it is verified
 * afterwards, so nothing here is trusted yet.
 */
export function challengeHashOf(clientDataJSON: string): { challenge: string; hash: string } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const challenge = (parsed as { challenge?: unknown }).challenge;
    if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 200) return null;
    return { challenge, hash: hashToken(challenge) };
  } catch {
    return null;
  }
}
