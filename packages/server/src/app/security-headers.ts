import type { App } from './app-types.js';

/**
 * Strict headers on every response: no inline script (the CSP has no 'unsafe-inline'), no string reaching a DOM
 * script sink (Trusted Types: `innerHTML`, `script.src` and the like take only typed values; the hosted UI may make
 * no policy, the admin portal only `email-preview`, for its sandboxed email preview), no framing (RFC 9700 §4.16
 * clickjacking), no referrer (RFC 9700 §4.2: codes and states must not leak), no MIME sniffing.
 */
const SHARED_POLICY = [
  "default-src 'self'",
  // 'wasm-unsafe-eval' lets the OPAQUE client (WebAssembly) compile; it does not allow JavaScript eval.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
];

/** The UIs' policy on each port: the admin port's allows the email preview's Trusted Types policy (web
 * admin/components/email-preview-html.ts), the public port's none. */
export function contentSecurityPolicy(port: 'public' | 'admin'): string {
  const trustedTypes = port === 'admin' ? 'trusted-types email-preview' : "trusted-types 'none'";
  return [...SHARED_POLICY, trustedTypes].join('; ');
}

/**
 * The policy of a JSON answer: JSON is never rendered as a document nor run as a worker's script, so it needs none
 * of the UI's sources (OWASP REST Security Cheat Sheet, security headers). Shorter, too: every header value is
 * checked character by character on its way out.
 */
export const JSON_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** `application/json` or a structured `+json` type (RFC 6839 §3.1), parameters aside. */
export function isJsonContentType(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false;
  const semicolon = contentType.indexOf(';');
  const type = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The headers every answer of a port whose URL is `url` carries besides its content security policy. */
export function securityHeaders(url: string): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  if (url.startsWith('https://'))
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/**
 * `url`: the port's own public URL (TESSERA_BASE_URL for the public port, TESSERA_ADMIN_URL for the admin port).
 * Strict-Transport-Security (RFC 6797) goes out only when that URL is https, so a port reached over plain http
 * (an admin port on a private address) never tells a browser to insist on TLS for a host it reaches without.
 */
export function registerSecurityHeaders(app: App, options: { url: string; port: 'public' | 'admin' }): void {
  const policy = contentSecurityPolicy(options.port);
  const headers = securityHeaders(options.url);
  // Callback style: no promise per response on every route.
  app.addHook('onSend', (_request, reply, payload, done) => {
    // A route that sets a policy of its own (an uploaded icon: default-src 'none') keeps it; a JSON answer gets the
    // JSON policy, every other response the UI's.
    const ownPolicy = reply.hasHeader('content-security-policy');
    reply.headers(headers);
    if (!ownPolicy) {
      const json = isJsonContentType(reply.getHeader('content-type'));
      reply.header('content-security-policy', json ? JSON_CONTENT_SECURITY_POLICY : policy);
    }
    done(null, payload);
  });
}
