/**
 * A small keep-alive HTTP client for the stateful scenarios (code exchange, refresh, sign-in), where every request
 * carries a different one-use value and a flow is several requests, so autocannon's one fixed request does not
 * fit. It is node:http with a keep-alive agent (one socket per concurrent worker), the cheapest client Node has
 * built in, so the load generator's own cost stays small next to the servers'; and a cookie jar per flow.
 */
import { Agent, request as httpRequest } from 'node:http';

/** A request with no answer within this time fails, as autocannon's timeout does in the other scenarios. */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * @typedef {object} HttpAnswer
 * @property {number} status
 * @property {import('node:http').IncomingHttpHeaders} headers
 * @property {string} body
 */

/**
 * A client for one measurement (or one set-up step): its own agent, closed with `close()`.
 * @param {number} sockets most sockets kept open at once (the number of concurrent workers)
 * @param {{ timeoutMs?: number }} [options] how long an answer may take (a server under Valgrind needs longer)
 */
export function createHttpClient(sockets, { timeoutMs = REQUEST_TIMEOUT_MS } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  return {
    /**
     * @param {string | URL} url
     * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [options]
     * @returns {Promise<HttpAnswer>}
     */
    send(url, { method = 'GET', headers = {}, body } = {}) {
      return new Promise((resolve, reject) => {
        const outgoing = httpRequest(
          url,
          {
            agent,
            method,
            headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            /** @type {Buffer[]} */
            const chunks = [];
            response.on('data', (chunk) => chunks.push(chunk));
            response.on('error', reject);
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
          },
        );
        outgoing.setTimeout(timeoutMs, () =>
          outgoing.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)),
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** @typedef {ReturnType<typeof createHttpClient>} HttpClient */

/**
 * The cookies of one browser: what `Set-Cookie` answers store (RFC 6265 §5.2, reduced to what the two servers
 * send — name, value, removal by an empty value, `Max-Age=0` or a past `Expires`), sent back on every request to
 * the same server. Paths are not kept apart: the flows here never hold two cookies of the same name.
 */
export class CookieJar {
  /** @type {Map<string, string>} */
  #cookies = new Map();

  /** @param {import('node:http').IncomingHttpHeaders} headers */
  absorb(headers) {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair, ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const removed = attributes.some((attribute) => {
        const [key, attributeValue = ''] = attribute.split('=');
        const lower = key.trim().toLowerCase();
        if (lower === 'max-age') return Number(attributeValue) <= 0;
        if (lower === 'expires') return Date.parse(attributeValue) <= Date.now();
        return false;
      });
      if (removed || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  /** @param {string} name */
  get(name) {
    return this.#cookies.get(name);
  }

  /** The Cookie header value, or undefined when the jar is empty. */
  header() {
    if (this.#cookies.size === 0) return undefined;
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
