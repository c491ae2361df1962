import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App } from './app-types.js';
import { appError, errorResponses } from './errors.js';

/** The built web package (`npm run build -w @tessera/web`), the same relative place from src/ and dist/. */
export const DEFAULT_UI_DIR = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
/** The admin portal build (packages/web/dist-admin), served at / on the admin port. */
export const DEFAULT_ADMIN_UI_DIR = fileURLToPath(new URL('../../../web/dist-admin/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.html': 'text/html; charset=utf-8',
};

interface Asset {
  body: Buffer;
  contentType: string;
}

function loadAssets(directory: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(directory, relative))) {
      const path = join(relative, entry);
      if (statSync(join(directory, path)).isDirectory()) walk(path);
      else {
        const contentType = CONTENT_TYPES[extname(entry)];
        if (contentType) assets.set(path, { body: readFileSync(join(directory, path)), contentType });
      }
    }
  };
  if (existsSync(join(directory, 'assets'))) walk('assets');
  return assets;
}

const htmlResponse = {
  description: 'The single-page application shell',
  content: { 'text/html': { schema: Type.String() } },
};

/**
 * Serves a built single-page app under `prefix`: hashed assets with a year-long immutable cache, and index.html
 * (never cached, so a deploy takes effect at once) for every other path so client-side routes work.
 */
export function registerStaticUi(
  app: App,
  options: { prefix: '/ui' | ''; directory: string; tag: string; reservedPrefixes?: string[] },
): void {
  const indexPath = join(options.directory, 'index.html');
  if (!existsSync(indexPath)) {
    // Nothing to serve: the paths stay unknown (404) rather than failing at request time.
    app.log.warn(
      { directory: options.directory },
      'web UI not built (npm run build -w @tessera/web); not serving it',
    );
    return;
  }
  const index = readFileSync(indexPath);
  const assets = loadAssets(options.directory);

  const sendIndex = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(index as never);

  app.get(
    `${options.prefix}/assets/*`,
    {
      config: { access: 'public' },
      schema: {
        tags: [options.tag],
        summary: 'Static UI asset (content-hashed name, immutable)',
        response: {
          200: {
            description: 'The asset',
            content: { 'application/octet-stream': { schema: Type.String() } },
          },
          ...errorResponses('not_found'),
        },
      },
    },
    async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const asset = assets.get(join('assets', name));
      if (!asset || name.includes('..')) throw appError('not_found', 'no such asset');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(asset.contentType)
        .send(asset.body as never); // raw bytes: nothing to serialize
    },
  );

  const shell = {
    config: { access: 'public' as const },
    schema: {
      tags: [options.tag],
      summary: 'Single-page application (client-side routes)',
      response: { 200: htmlResponse, ...errorResponses('not_found') },
    },
  };
  app.get(`${options.prefix}/`, shell, async (_request, reply) => sendIndex(reply));
  app.get(`${options.prefix}/*`, shell, async (request, reply) => {
    // API paths under the same root stay JSON: an unknown one is a 404, never the SPA shell.
    const path = request.url.split('?')[0] ?? '';
    if (options.reservedPrefixes?.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      throw appError('not_found', `no route for GET ${path}`);
    }
    return sendIndex(reply);
  });
}
