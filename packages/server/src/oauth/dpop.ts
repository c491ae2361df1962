import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SettingsService } from '../config/settings.js';
import { constantTimeEqual } from '../crypto/tokens.js';
import {
  DPOP_PROOF_WINDOW_SECONDS,
  DpopProofError,
  readDpopHeader,
  type VerifiedDpopProof,
  verifyDpopProof,
} from '../protocol/oauth/dpop.js';
import type { DpopProofStore } from './dpop-store.js';

/** How long one server nonce is current (RFC 9449 §8); the previous one is still accepted. */
const NONCE_PERIOD_SECONDS = 300;

/** Why a proof was refused: the code to answer with, and the nonce to send along (RFC 9449 §8). */
export class DpopRefusal extends Error {
  override name = 'DpopRefusal';
  constructor(
    readonly error: 'invalid_dpop_proof' | 'use_dpop_nonce',
    readonly description: string,
    readonly nonce?: string,
  ) {
    super(description);
  }
}

/**
 * DPoP proofs as /token and the protected resources check them (RFC 9449 §4.3, §5, §7.1): the stateless checks
 * (protocol/oauth/dpop.ts) against the configured base URL, then the server nonce when `dpop.require_nonce` is on,
 * then the replay check in the database, so a proof is used once across all nodes.
 *
 * Nonces are stateless: an HMAC of the current time period under a server secret every node shares, so any node
 * accepts a nonce another handed out, for one to two periods.
 */
export class DpopProofs {
  constructor(
    private readonly baseUrl: string,
    private readonly store: DpopProofStore,
    private readonly settings: SettingsService,
    private readonly nonceSecret: string,
  ) {}

  /** The nonce to send in `DPoP-Nonce` (§8.2), when nonces are required; undefined otherwise. */
  currentNonce(now = Date.now()): string | undefined {
    if (!this.settings.get('dpop.require_nonce')) return undefined;
    return this.nonceFor(Math.floor(now / 1000 / NONCE_PERIOD_SECONDS));
  }

  /** The request's proof, if it sent one (§4.3 step 1: at most one `DPoP` header). Throws DpopRefusal. */
  presented(request: Pick<FastifyRequest, 'headers' | 'raw'>): string | undefined {
    try {
      return readDpopHeader(request);
    } catch (error) {
      if (error instanceof DpopProofError) throw new DpopRefusal('invalid_dpop_proof', error.message);
      throw error;
    }
  }

  /**
   * Checks a proof of a request to `path` (relative to the base URL, e.g. `/token`), with the access token it must
   * hash at a protected resource. Throws DpopRefusal.
   */
  async check(
    proof: string,
    request: Pick<FastifyRequest, 'method'>,
    path: string,
    accessToken?: string,
    now = Date.now(),
  ): Promise<VerifiedDpopProof> {
    let verified: VerifiedDpopProof;
    try {
      verified = await verifyDpopProof(proof, {
        method: request.method,
        url: `${this.baseUrl}${path}`,
        accessToken,
        now: Math.floor(now / 1000),
      });
    } catch (error) {
      if (error instanceof DpopProofError) throw new DpopRefusal('invalid_dpop_proof', error.message);
      throw error;
    }
    const nonce = this.currentNonce(now);
    if (nonce !== undefined && !this.acceptsNonce(verified.nonce, now)) {
      throw new DpopRefusal('use_dpop_nonce', 'the DPoP proof must carry the server nonce', nonce);
    }
    // Kept until no clock within the window could accept the proof again.
    const expiresAt = new Date((verified.iat + 2 * DPOP_PROOF_WINDOW_SECONDS) * 1000);
    if (!(await this.store.firstUse(verified.jkt, verified.jti, expiresAt))) {
      throw new DpopRefusal('invalid_dpop_proof', 'the DPoP proof was already used');
    }
    return verified;
  }

  private acceptsNonce(presented: string | undefined, now: number): boolean {
    if (presented === undefined) return false;
    const period = Math.floor(now / 1000 / NONCE_PERIOD_SECONDS);
    return [period, period - 1].some((candidate) => constantTimeEqual(presented, this.nonceFor(candidate)));
  }

  private nonceFor(period: number): string {
    return createHmac('sha256', this.nonceSecret).update(`dpop-nonce:${period}`).digest('base64url');
  }
}
