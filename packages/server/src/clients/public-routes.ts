import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { iconVersion } from './icon.js';
import { IconClientParams, IconVersionQuery, iconResponses, sendClientIcon } from './icon-http.js';

/**
 * Client icons on the public port, so the hosted UI (consent page, apps dashboard) shows them from its own origin
 * under its `img-src 'self'` policy. Icons are public: anyone may see an app's consent page.
 */
export function registerClientIconRoutes(app: App, context: AppContext): void {
  app.get(
    '/api/user/clients/:clientId/icon',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hosted-ui'],
        summary: 'A client’s uploaded icon (404 when it has none)',
        params: IconClientParams,
        querystring: IconVersionQuery,
        response: iconResponses,
      },
    },
    (request, reply) =>
      sendClientIcon(context.clients.registry, request.params.clientId, request, reply, (etag) =>
        // The versioned URL names these exact bytes, so a copy never goes stale (RFC 8246); any other URL revalidates.
        request.query.v === iconVersion(etag) ? 'public, max-age=31536000, immutable' : 'public, no-cache',
      ),
  );
}
