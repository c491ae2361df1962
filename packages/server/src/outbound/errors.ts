// Errors of the outbound fetch. Messages name the origin and the rule, never the path, query, headers or body of
// the request (those may carry codes, client secrets or tokens), so callers may log them as they are.

import type { AddressRefusal } from './address-policy.js';

/** Why a request was refused before (or instead of) being sent. */
export type RefusalReason =
  | 'invalid-url'
  | 'invalid-request'
  | 'scheme-not-allowed'
  | 'credentials-in-url'
  | 'address-not-allowed'
  | 'resolution-failed'
  | 'unsupported-content-encoding'
  | 'invalid-response';

/** Base class: `instanceof OutboundError` catches every failure of the outbound fetch. */
export abstract class OutboundError extends Error {
  /** The upstream origin (scheme, host, port) the request was for, when it could be parsed. */
  readonly origin: string | null;

  protected constructor(message: string, origin: string | null) {
    super(origin ? `${message} (${origin})` : message);
    this.origin = origin;
  }
}

/** The policy forbids this request (scheme, address, ...), or it could not be completed. Nothing was read. */
export class OutboundRequestRefused extends OutboundError {
  override name = 'OutboundRequestRefused';
  readonly reason: RefusalReason;
  /** For `address-not-allowed`: the refused address and its range (address-policy.ts). */
  readonly refusedAddress: { address: string; range: AddressRefusal } | null;

  constructor(
    reason: RefusalReason,
    detail: string,
    origin: string | null,
    refusedAddress: { address: string; range: AddressRefusal } | null = null,
  ) {
    super(`outbound request refused: ${reason}: ${detail}`, origin);
    this.reason = reason;
    this.refusedAddress = refusedAddress;
  }
}

/** The connection (TCP and TLS) or the whole exchange (until the last body byte) took too long. */
export class OutboundTimeout extends OutboundError {
  override name = 'OutboundTimeout';
  readonly phase: 'connect' | 'total';
  readonly timeoutMs: number;

  constructor(phase: 'connect' | 'total', timeoutMs: number, origin: string | null) {
    super(`outbound request timed out: ${phase} timeout of ${timeoutMs} ms`, origin);
    this.phase = phase;
    this.timeoutMs = timeoutMs;
  }
}

/** The response body (after decoding) is larger than the policy allows; reading stopped at the limit. */
export class OutboundTooLarge extends OutboundError {
  override name = 'OutboundTooLarge';
  readonly maxResponseBytes: number;

  constructor(maxResponseBytes: number, origin: string | null) {
    super(`outbound response too large: more than ${maxResponseBytes} bytes`, origin);
    this.maxResponseBytes = maxResponseBytes;
  }
}

/** The upstream could not be reached or broke the exchange (refused connection, TLS failure, reset, ...). */
export class OutboundConnectionFailed extends OutboundError {
  override name = 'OutboundConnectionFailed';
  /** Node's error code (ECONNREFUSED, ERR_TLS_CERT_ALTNAME_INVALID, ...), never the peer's data. */
  readonly code: string;

  constructor(code: string, origin: string | null) {
    super(`outbound connection failed: ${code}`, origin);
    this.code = code;
  }
}
