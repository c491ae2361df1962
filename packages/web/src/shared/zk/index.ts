/**
 * Browser-side cryptography of zero-knowledge key custody v2 (docs/zk.md): WebCrypto only, keys as CryptoKeys
 * wherever the algorithm allows. The hosted UI imports from here.
 */
export { AccountRootKey } from './account-root-key';
export { decodeBase64url, encodeBase64url } from './base64url';
export type { Bytes } from './bytes';
export {
  type ApprovalBinding,
  type ApprovalComparison,
  type ApprovalRequestKey,
  approvalComparison,
  createApprovalRequestKey,
  formatApprovalCode,
  formatFingerprint,
  generateDeviceKey,
  openDeviceApproval,
  type WrappedForDevice,
  wrapForDevice,
} from './device-approval';
export {
  type AccountKeyBinding,
  createEncryptionKeyPair,
  jwkThumbprint,
  openEncryptionPrivateKey,
  type WrappedPrivateKey,
} from './encryption-key-pair';
export {
  type EnvelopeBinding,
  type EnvelopeRecord,
  envelopeAad,
  openEnvelope,
  type SealEnvelopeOptions,
  type StoredEnvelope,
  sealEnvelope,
} from './envelope';
export {
  type EnvelopeSecret,
  passkeyPrfSecret,
  passwordSecret,
  recoveryKeySecret,
  trustedDeviceSecret,
} from './envelope-secret';
export { ZkError, type ZkErrorCode } from './errors';
export { zkKeyHash } from './hash';
export { decryptEcdhEsA256Gcm, encryptEcdhEsA256Gcm } from './jwe';
export {
  buildKeyDelivery,
  type KeyDeliveryExpectations,
  type KeyDeliveryPayload,
  type ReceivedKey,
  receiveKeyDelivery,
  withKeyDeliveryFragment,
} from './key-delivery';
export {
  type KeybagView,
  keybagBinding,
  type NewAccountKey,
  newAccountKey,
  unlockKeybag,
  unlockKeybagEnvelope,
} from './keybag';
export {
  buildLegacyDrkDelivery,
  type LegacyDrkPayload,
  withLegacyDrkFragment,
} from './legacy-delivery';
export { importP256PublicJwk, type P256PublicJwk, type P256PublicKey, parseZkPub } from './p256-jwk';
export {
  confirmsRecoveryKeyGroup,
  generateRecoveryKey,
  parseRecoveryKey,
  RECOVERY_KEY_PREFIX,
  RecoveryKeyError,
  type RecoveryKeyProblem,
  RecoveryKeySecret,
  recoveryKeyGroup,
} from './recovery-key';
export { ENVELOPE_TYPES, type EnvelopeType, ZK_KEY_KIND, ZK_SCHEME } from './scheme';
