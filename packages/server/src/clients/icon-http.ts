import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { appError, errorResponses } from '../app/errors.js';
import { matchesIfNoneMatch } from '../app/uploaded-image.js';
import { ICON_CONTENT_TYPES } from './icon.js';
import type { ClientService } from './service.js';

/**
 * An icon is only ever an image: even if a browser were made to open it as a document, this policy lets it load,
 * run and frame nothing.
 */
export const ICON_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Response schemas of a route that serves an icon (the bytes are sent as they are, never serialized). */
export const iconResponses = {
  200: {
    description: 'The icon, with its stored content type, an ETag and Cache-Control',
    content: Object.fromEntries(
      ICON_CONTENT_TYPES.map((type) => [type, { schema: Type.String({ format: 'binary' }) }]),
    ),
  },
  304: { description: 'Not modified: the If-None-Match validator matches the current icon', type: 'null' },
  ...errorResponses('not_found'),
} as const;

/** The characters a client id can have (ClientInputSchema): anything else cannot name a client, and never reaches SQL. */
export const IconClientParams = Type.Object({
  clientId: Type.String({ pattern: '^[A-Za-z0-9._~-]{1,64}$' }),
});

export const IconVersionQuery = Type.Object({
  v: Type.Optional(Type.String({ maxLength: 64, description: 'Version from the icon URL, for caching' })),
});

/**
 * Serves a client's icon: 404 when there is none, 304 when the browser's copy is current (answered from the cached
 * client, without reading the bytes), else the bytes with their stored type. `cacheControl` says how long a copy
 * may be used for this request.
 */
export async function sendClientIcon(
  clients: ClientService,
  clientId: string,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: (etag: string) => string,
) {
  const noIcon = () => appError('not_found', 'this client has no icon');
  const known = (await clients.find(clientId))?.icon;
  if (!known) throw noIcon();
  reply.header('content-security-policy', ICON_CONTENT_SECURITY_POLICY);
  if (matchesIfNoneMatch(request.headers['if-none-match'], known.etag)) {
    return reply
      .code(304)
      .header('etag', `"${known.etag}"`)
      .header('cache-control', cacheControl(known.etag))
      .send();
  }
  const icon = await clients.readIcon(clientId);
  if (!icon) throw noIcon();
  return reply
    .code(200)
    .type(icon.contentType)
    .header('etag', `"${icon.etag}"`)
    .header('cache-control', cacheControl(icon.etag))
    .send(icon.bytes);
}
