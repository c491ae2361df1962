import type { FastifyReply, FastifyRequest } from 'fastify';
import { constantTimeEqual, hashToken, randomToken } from '../crypto/tokens.js';

/** A value this service made: 32 random bytes, base64url. Anything else in the cookie is replaced. */
const BINDING_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The binding cookie outlives the request it was last set for (PENDING_REQUEST_TTL_MS in authorize-service.ts). */
const BINDING_MAX_AGE_SECONDS = 10 * 60;

/**
 * Binds each pending authorization request to the browser that started it (docs/integration.md, "Pending
 * requests"), as node-oidc-provider binds an interaction to a cookie of the browser that began it: /authorize sets
 * a random value in a cookie of this origin and stores its SHA-256 with the request; the consent page, the approval
 * and every sign-in that continues the request present the cookie, and a request whose stored hash differs is
 * refused. One value serves every request of a browser (several tabs), and each new request refreshes its lifetime.
 *
 * The cookie follows the session cookie's rules (docs/users.md#sign-in, accounts/session-http.ts): HttpOnly,
 * SameSite=Lax (sent on the top-level return from an upstream identity provider), Secure with the `__Host-`
 * prefix on https.
 */
export class BrowserBinding {
  readonly cookieName: string;
  private readonly secure: boolean;

  constructor(baseUrl: string) {
    this.secure = baseUrl.startsWith('https://');
    this.cookieName = this.secure ? '__Host-tessera_browser' : 'tessera_browser';
  }

  /** The hash of the binding the request's browser presents, or null when it presents none. */
  presented(request: FastifyRequest): string | null {
    const value = request.cookies?.[this.cookieName];
    return value !== undefined && BINDING_VALUE.test(value) ? hashToken(value) : null;
  }

  /**
   * The browser's binding for a request about to be parked: the one it presents, or a new one. `set` writes the
   * cookie (again, refreshing its lifetime); call it only when a request was parked.
   */
  forNewRequest(request: FastifyRequest): { hash: string; set: (reply: FastifyReply) => void } {
    const presented = request.cookies?.[this.cookieName];
    const value = presented !== undefined && BINDING_VALUE.test(presented) ? presented : randomToken();
    return {
      hash: hashToken(value),
      set: (reply) => {
        reply.setCookie(this.cookieName, value, {
          httpOnly: true,
          secure: this.secure,
          sameSite: 'lax',
          path: '/',
          maxAge: BINDING_MAX_AGE_SECONDS,
        });
      },
    };
  }
}

/** Whether a request parked with `stored` (null: parked before binding existed) may be continued by `presented`. */
export function boundToBrowser(stored: string | null, presented: string | null): boolean {
  return stored !== null && presented !== null && constantTimeEqual(stored, presented);
}
