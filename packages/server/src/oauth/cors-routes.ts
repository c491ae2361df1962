import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { CROSS_ORIGIN_REQUEST_HEADERS } from './form.js';

/** The back-channel endpoints a browser-based client calls from its own origin, and the methods it uses there. */
const CROSS_ORIGIN_ENDPOINTS: Record<string, string> = {
  '/token': 'POST',
  '/par': 'POST',
  '/revoke': 'POST',
  '/userinfo': 'GET, POST',
};

/**
 * CORS preflights (Fetch Standard §3.2.2) of the endpoints a browser-based client calls cross-origin: a DPoP proof
 * (RFC 9449 §4.1: the `DPoP` header) or an `Authorization` header makes its request "non-simple", so the browser
 * asks first. The answer allows those headers for any origin, never with credentials: no cookie is sent or read,
 * the request proves itself with its own token, key or secret. The responses themselves name the headers the
 * client may read (form.ts: `WWW-Authenticate`, `DPoP-Nonce`).
 */
export function registerCrossOriginPreflights(app: App, _context: AppContext): void {
  for (const [path, methods] of Object.entries(CROSS_ORIGIN_ENDPOINTS)) {
    app.options(
      path,
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          response: { 204: noContentResponse('The preflight is answered') },
        },
      },
      async (_request, reply) =>
        noContent(
          reply
            .header('access-control-allow-origin', '*')
            .header('access-control-allow-methods', methods)
            .header('access-control-allow-headers', CROSS_ORIGIN_REQUEST_HEADERS)
            .header('access-control-max-age', '600'),
        ),
    );
  }
}
