// Outbound HTTP policy: the one SSRF-safe fetch used by every upstream request
// (docs/configuration.md#outbound-requests).
export { type AddressRefusal, refusalFor } from './address-policy.js';
export {
  OutboundConnectionFailed,
  OutboundError,
  OutboundRequestRefused,
  OutboundTimeout,
  OutboundTooLarge,
  type RefusalReason,
} from './errors.js';
export {
  createOutboundFetch,
  defaultOutboundPolicy,
  type OutboundFetch,
  type OutboundPolicy,
  type OutboundResolver,
} from './fetch.js';
