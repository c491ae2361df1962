import type { Client } from '../../clients/model.js';
import type { TokenResponse, TokenService } from '../token-service.js';

/**
 * One grant type of POST /token: the form parameters it reads, beyond `grant_type` and client authentication, and
 * the handler that turns them into tokens for the already authenticated client. The handler is given only the
 * parameters listed here (RFC 6749 §3.2: parameters the endpoint does not use are ignored).
 */
export interface Grant<Parameter extends string = string> {
  readonly parameters: readonly Parameter[];
  redeem(
    tokens: TokenService,
    client: Client,
    parameters: Readonly<Partial<Record<Parameter, string>>>,
    /** The thumbprint of the request's DPoP proof key (RFC 9449 §5), null without a proof. */
    dpopJkt: string | null,
  ): Promise<TokenResponse>;
}

/** Declares a grant with its parameter names inferred, so its handler may read exactly those. */
export function defineGrant<const Parameter extends string>(grant: Grant<Parameter>): Grant<Parameter> {
  return grant;
}
