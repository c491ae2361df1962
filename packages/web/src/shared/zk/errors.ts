/**
 * Why a zero-knowledge key operation refused its input. `code` is a stable string the UI maps to its own text;
 * `message` is for developers and never contains key material.
 */
export type ZkErrorCode =
  | 'invalid_base64url'
  | 'invalid_jwk'
  | 'invalid_zk_pub'
  | 'invalid_jwe'
  | 'jwe_decryption_failed'
  | 'invalid_envelope'
  | 'envelope_open_failed'
  | 'key_check_mismatch'
  | 'invalid_recovery_key'
  | 'key_hash_mismatch'
  | 'invalid_key_delivery'
  | 'key_delivery_binding_mismatch'
  | 'key_delivery_expired';

export class ZkError extends Error {
  override readonly name = 'ZkError';
  constructor(
    readonly code: ZkErrorCode,
    message: string,
  ) {
    super(message);
  }
}
