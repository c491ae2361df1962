import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { AccessTokenVerifier, isTesseraClientError } from '@tessera/client/server';
import { NoteStore } from './note-store.js';

/**
 * The notes back end: serves the built front end and a two-route API. Every API request carries the user's access
 * token; it is verified offline against Tessera's JWKS (@tessera/client/server), and its `sub` picks the notes.
 */
export interface NotesServerOptions {
  issuer: string;
  clientId: string;
  port: number;
  host?: string;
  /** The JSON file notes are stored in. */
  dataFile: string;
  /** The built front end (vite build's dist/). */
  staticDir: string;
}

const MAX_BODY = 64 * 1024;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > MAX_BODY) throw new Error('too large');
  }
  return body;
}

export async function startNotesServer(
  options: NotesServerOptions,
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const verifier = await AccessTokenVerifier.create({ issuer: options.issuer, audience: options.clientId });
  const store = new NoteStore(options.dataFile);
  const issuerOrigin = new URL(options.issuer).origin;

  async function api(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    let sub: string;
    try {
      ({ sub } = await verifier.verifyAuthorizationHeader(request.headers.authorization));
    } catch (error) {
      const code = isTesseraClientError(error) ? error.code : 'invalid_token';
      response.setHeader('www-authenticate', 'Bearer error="invalid_token"');
      return send(response, 401, { error: 'invalid_token', code });
    }
    if (path === '/api/notes' && request.method === 'GET') return send(response, 200, store.list(sub));
    if (path === '/api/notes' && request.method === 'POST') {
      let note: { iv?: unknown; ciphertext?: unknown };
      try {
        note = JSON.parse(await readBody(request)) as typeof note;
      } catch {
        return send(response, 400, { error: 'invalid_body' });
      }
      const { iv, ciphertext } = note;
      if (typeof iv !== 'string' || iv.length !== 16 || !BASE64URL.test(iv))
        return send(response, 400, { error: 'invalid_iv' });
      if (typeof ciphertext !== 'string' || ciphertext.length > MAX_BODY || !BASE64URL.test(ciphertext))
        return send(response, 400, { error: 'invalid_ciphertext' });
      return send(response, 201, store.add(sub, { iv, ciphertext }));
    }
    return send(response, 404, { error: 'not_found' });
  }

  async function staticFile(response: ServerResponse, path: string): Promise<void> {
    // The single page answers its own routes (/ and the redirect URI /callback).
    const file = path === '/' || path === '/callback' ? '/index.html' : normalize(path);
    if (file.includes('..')) return send(response, 404, { error: 'not_found' });
    try {
      const body = await readFile(join(options.staticDir, file));
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        // Scripts only from here; fetches only here and to Tessera (discovery, JWKS, token, revocation).
        'content-security-policy': `default-src 'self'; connect-src 'self' ${issuerOrigin}; base-uri 'none'; frame-ancestors 'none'; object-src 'none'`,
        'referrer-policy': 'no-referrer',
      });
      response.end(body);
    } catch {
      send(response, 404, { error: 'not_found' });
    }
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    // No icon: say so without an error (a 404 would be logged in the browser console on every page).
    if (path === '/favicon.ico') return void response.writeHead(204).end();
    if (path === '/config.json')
      return send(response, 200, { issuer: options.issuer, clientId: options.clientId });
    const handled = path.startsWith('/api/') ? api(request, response, path) : staticFile(response, path);
    handled.catch(() => {
      if (!response.headersSent) send(response, 500, { error: 'server_error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
