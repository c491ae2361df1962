import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks secrets: `whsec_` and the base64 of the key (32 random bytes here; the spec allows 24-64). */
const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * The headers of one delivery (Standard Webhooks, "Signature scheme"): `webhook-signature` is `v1,` and the base64
 * HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed by the secret's decoded bytes.
 */
export function signatureHeaders(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
