import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { rawBodyReader } from '../app/uploaded-image.js';
import { clientsError } from './errors.js';
import { ICON_CONTENT_TYPES, IconValidationError, MAX_ICON_BYTES, publicIconPath } from './icon.js';
import { IconClientParams, IconVersionQuery, iconResponses, sendClientIcon } from './icon-http.js';
import { ClientIconNotFoundError, ClientNotFoundError } from './service.js';

export const ClientIconView = Type.Object({
  content_type: Type.String(),
  size_bytes: Type.Integer(),
  etag: Type.String({ description: 'SHA-256 of the bytes (base64url); changes whenever the icon does' }),
  updated_at: Type.String({ format: 'date-time' }),
  url: Type.String({ description: 'Its path on the public port, as the hosted UI shows it (versioned)' }),
});

const tooLarge = () => clientsError('icon_too_large', `icons may be at most ${MAX_ICON_BYTES / 1024} KiB`);

/**
 * Reads an upload's raw bytes, giving up (413) as soon as it is larger than any icon may be: a declared
 * Content-Length is refused before reading, a chunked body once the limit is passed.
 */
const readIconBody = rawBodyReader(MAX_ICON_BYTES, tooLarge);

/**
 * Client icons on the admin port: upload (the raw image as the body, with its Content-Type), removal, and the bytes
 * for the portal's preview (the admin portal's own origin; the public port's URL would be cross-origin there).
 */
export function registerAdminClientIconRoutes(app: App, context: AppContext): void {
  const translate = (error: unknown): never => {
    if (error instanceof IconValidationError) throw clientsError(error.code, error.message);
    if (error instanceof ClientNotFoundError) throw appError('not_found', 'no such client');
    if (error instanceof ClientIconNotFoundError) throw appError('not_found', 'this client has no icon');
    throw error;
  };

  // Encapsulated, so only these routes read arbitrary media types as raw bytes; every other admin route keeps
  // refusing them with 415.
  app.register(async (scope: App) => {
    scope.addContentTypeParser('*', readIconBody);

    scope.put(
      '/admin/clients/:clientId/icon',
      {
        config: { access: 'admin-write' },
        schema: {
          tags: ['admin-clients'],
          summary: `Uploads or replaces a client’s icon: the raw image as the body (${ICON_CONTENT_TYPES.join(', ')}; at most ${MAX_ICON_BYTES / 1024} KiB; never SVG)`,
          params: IconClientParams,
          body: {
            content: Object.fromEntries(
              // No `type`: the parsed body is a Buffer, which a JSON-schema `string` would refuse.
              ICON_CONTENT_TYPES.map((type) => [type, { schema: { description: 'The image file’s bytes' } }]),
            ),
          },
          response: {
            200: ClientIconView,
            ...errorResponses(
              'icon_too_large',
              'unsupported_icon_type',
              'icon_type_mismatch',
              'icon_empty',
              'not_found',
            ),
          },
        },
      },
      async (request) => {
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes)) {
          throw clientsError('unsupported_icon_type', 'send the image itself as the body, with its type');
        }
        const client = await auditedAdminChange(
          context,
          request,
          () =>
            context.clients.registry
              .setIcon(request.params.clientId, request.headers['content-type'] ?? '', bytes)
              .catch(translate),
          // Metadata only: the image itself never goes into the audit log.
          ({ id, icon }) => ({
            action: 'client.icon_uploaded',
            target: { type: 'client', id },
            details: { content_type: icon!.contentType, size_bytes: icon!.byteLength, sha256: icon!.etag },
          }),
        );
        return clientIconView(client.id, client.icon!);
      },
    );
  });

  app.delete(
    '/admin/clients/:clientId/icon',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-clients'],
        summary: 'Removes a client’s icon (the hosted UI shows the app’s initial again)',
        params: IconClientParams,
        response: { 204: noContentResponse('Removed'), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      await auditedAdminChange(
        context,
        request,
        () => context.clients.registry.removeIcon(request.params.clientId).catch(translate),
        { action: 'client.icon_removed', target: { type: 'client', id: request.params.clientId } },
      );
      return noContent(reply);
    },
  );

  app.get(
    '/admin/clients/:clientId/icon',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-clients'],
        summary: 'A client’s icon, for the portal’s preview (404 when it has none)',
        params: IconClientParams,
        querystring: IconVersionQuery,
        response: { ...iconResponses, ...errorResponses('not_found') },
      },
    },
    (request, reply) =>
      // Behind the admin session: never kept by shared caches, always revalidated.
      sendClientIcon(
        context.clients.registry,
        request.params.clientId,
        request,
        reply,
        () => 'private, no-cache',
      ),
  );
}

/** The read model of an icon in the admin API. */
export function clientIconView(
  clientId: string,
  icon: { contentType: string; byteLength: number; etag: string; updatedAt: Date },
) {
  return {
    content_type: icon.contentType,
    size_bytes: icon.byteLength,
    etag: icon.etag,
    updated_at: icon.updatedAt.toISOString(),
    url: publicIconPath(clientId, icon.etag),
  };
}
