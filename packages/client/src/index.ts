/**
 * @tessera/client — a relying party for Tessera in the browser (public client, PKCE, zero-knowledge key delivery)
 * and, from `@tessera/client/server`, helpers for confidential clients and resource servers.
 */
export { type Session, TesseraClient, type TesseraClientOptions } from './browser-client.js';
export {
  type DeviceAuthorization,
  DeviceClient,
  type DeviceClientOptions,
  type PollOptions,
} from './device.js';
export { discover, type ProviderMetadata } from './discovery.js';
export { isTesseraClientError, TesseraClientError, type TesseraErrorCode } from './errors.js';
export type { SignInOptions, SignInResult, TokenSet } from './flow.js';
export { JwksCache, type JwksCacheOptions } from './jwks.js';
export type { JwsAlgorithm } from './jwt.js';
export {
  IndexedDbTransactionStore,
  MemoryTransactionStore,
  type SignInTransaction,
  type TransactionStore,
} from './transactions.js';
export {
  type ClientAppKey,
  createZkKeyPair,
  type DataRootKey,
  type DeliveredKey,
  receiveClientAppKey,
  type ZkKeyPair,
} from './zk.js';
