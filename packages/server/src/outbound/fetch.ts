// The one fetch every upstream request goes through (federation discovery, token, JWKS, userinfo;
// docs/configuration.md#outbound-requests).
//
// It is fetch-compatible so it can be openid-client's `customFetch` (oauth4webapi calls it with `(url, { method,
// headers, body, redirect: 'manual', signal })`). Instead of the global fetch it uses node:http(s) with a `lookup`
// that answers with the addresses already resolved and checked, so the socket connects to a checked address and
// no second DNS query can return something else (DNS rebinding). TLS keeps SNI and the certificate check on the
// URL's hostname. Redirects are never followed: a 3xx response is returned as it is (openid-client asks for
// `redirect: 'manual'` and treats it as an error). The body is read under the size limit before the Response is
// returned, so a too-large or too-slow upstream fails the fetch itself with a typed error.
import { lookup as dnsLookup } from 'node:dns/promises';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIPv6, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type { Logger } from 'pino';
import { inSpan, SpanKind, SpanStatusCode, tracingActive } from '../telemetry/tracing.js';
import type { AddressRefusal } from './address-policy.js';
import { parseIpv4, refusalFor } from './address-policy.js';
import {
  OutboundConnectionFailed,
  OutboundError,
  OutboundRequestRefused,
  OutboundTimeout,
  OutboundTooLarge,
} from './errors.js';

/** Resolves a hostname to IP address literals (all of them, in preference order). */
export type OutboundResolver = (hostname: string) => Promise<string[]>;

export interface OutboundPolicy {
  /**
   * Allows loopback addresses (127.0.0.0/8, ::1, ::ffff:127.0.0.0/104), and plain http to them, for tests and
   * local development.
   * Every other refused range stays refused. Must be false in production: createOutboundFetch throws when it is
   * set while NODE_ENV is 'production', and the configuration refuses TESSERA_OUTBOUND_ALLOW_LOOPBACK with
   * TESSERA_ENV=production.
   */
  allowLoopbackForDevelopment: boolean;
  /**
   * Host names (as the URL spells them, lower case) an operator named explicitly as internal services: their
   * private-network addresses (RFC 1918, unique local, shared address space) are allowed, over https only. Loopback,
   * link-local (cloud metadata) and every other range stay refused. Asked on every request, so a changed setting
   * applies at once.
   */
  allowPrivateNetworkHost: (hostname: string) => boolean;
  /** Limit for resolving the host and establishing the connection, TLS handshake included. */
  connectTimeoutMs: number;
  /** Limit for the whole exchange, from the call until the last byte of the response body. */
  totalTimeoutMs: number;
  /** Largest response body accepted, in bytes; reading stops (and the connection closes) at the limit. */
  maxResponseBytes: number;
  /** Resolver for host names; the system resolver (getaddrinfo) by default. Tests inject their own. */
  resolve: OutboundResolver;
  /** Extra trusted CA certificates (PEM), added to Node's bundled roots; tests use it for a self-signed upstream. */
  extraCaCertificates: readonly string[];
  /**
   * Where each refusal is logged at warn, with the rule that refused it and the host (`logRefusal`); null logs
   * nothing. The service passes its pino logger.
   */
  logger: Pick<Logger, 'warn'> | null;
}

export type OutboundFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export const defaultOutboundPolicy: OutboundPolicy = {
  allowLoopbackForDevelopment: false,
  allowPrivateNetworkHost: () => false,
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 10_000,
  maxResponseBytes: 1024 * 1024,
  resolve: systemResolve,
  extraCaCertificates: [],
  logger: null,
};

async function systemResolve(hostname: string): Promise<string[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/**
 * Request headers that describe the connection or the framing rather than the request (RFC 9110 §7.6.1): this
 * module sets them itself, so a caller's value cannot contradict the body it sends or the host it checked.
 */
const CONNECTION_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'accept-encoding',
]);

/** Statuses whose Response must have a null body (Fetch standard, "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Builds the outbound fetch for a policy. Throws when the policy is invalid, including the development loopback
 * flag in a production process (NODE_ENV=production): that check lives here so that no caller can build a
 * loopback-allowing fetch in production, whatever configuration path it came from.
 */
export function createOutboundFetch(overrides: Partial<OutboundPolicy> = {}): OutboundFetch {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const policy: OutboundPolicy = { ...defaultOutboundPolicy, ...given };
  if (policy.allowLoopbackForDevelopment && process.env.NODE_ENV === 'production') {
    throw new Error('outbound policy: allowLoopbackForDevelopment is refused when NODE_ENV is production');
  }
  for (const key of ['connectTimeoutMs', 'totalTimeoutMs', 'maxResponseBytes'] as const) {
    if (!Number.isSafeInteger(policy[key]) || policy[key] <= 0) {
      throw new Error(`outbound policy: ${key} must be a positive integer`);
    }
  }
  const { logger } = policy;
  if (!logger) return (input, init) => tracedFetch(input, init, () => outboundFetch(policy, input, init));
  const logged = loggedFetchFor(policy, logger);
  return (input, init) => tracedFetch(input, init, () => logged(input, init));
}

/**
 * A child span per outbound request (docs/observability.md#tracing): its method, host and status, never its path's
 * query or its headers and body (a token request carries the client's secret).
 */
function tracedFetch(
  input: string | URL | Request,
  init: RequestInit | undefined,
  run: () => Promise<Response>,
): Promise<Response> {
  if (!tracingActive()) return run();
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  return inSpan(
    method,
    SpanKind.CLIENT,
    {
      [ATTR_HTTP_REQUEST_METHOD]: method,
      [ATTR_SERVER_ADDRESS]: url.hostname,
      [ATTR_URL_SCHEME]: url.protocol.replace(/:$/, ''),
      [ATTR_URL_PATH]: url.pathname,
    },
    async (span) => {
      const response = await run();
      span?.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.status);
      if (response.status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
      return response;
    },
  );
}

function loggedFetchFor(policy: OutboundPolicy, logger: NonNullable<OutboundPolicy['logger']>) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    try {
      const response = await outboundFetch(policy, input, init);
      // Redirects are never followed: the caller gets the 3xx and refuses it (openid-client does).
      if (response.status >= 300 && response.status < 400) logRefusal(logger, input, 'redirect');
      return response;
    } catch (error) {
      const rule = refusalRule(error);
      if (rule) logRefusal(logger, input, rule, error);
      throw error;
    }
  };
}

/**
 * The rule of the outbound policy that refused a request, for the log (docs/configuration.md#outbound-requests):
 * `scheme`, `credentials_in_url`, an address range (`loopback`, `private`, `link_local`, ...), `too_large`,
 * `timeout`, ...; null for a failure that is not a refusal (the upstream unreachable, the caller's abort).
 */
export function refusalRule(error: unknown): string | null {
  if (error instanceof OutboundRequestRefused) {
    if (error.refusedAddress) return snake(error.refusedAddress.range);
    if (error.reason === 'scheme-not-allowed') return 'scheme';
    if (error.reason === 'unsupported-content-encoding') return 'content_encoding';
    return snake(error.reason);
  }
  if (error instanceof OutboundTooLarge) return 'too_large';
  if (error instanceof OutboundTimeout) return 'timeout';
  return null;
}

const snake = (name: string) => name.replaceAll('-', '_');

/**
 * One warn line per refusal: the rule, the scheme and host (and the refused address), never the path, query,
 * headers or body, which may carry codes, secrets or tokens.
 */
function logRefusal(
  logger: Pick<Logger, 'warn'>,
  input: string | URL | Request,
  rule: string,
  error?: unknown,
): void {
  let scheme: string | null = null;
  let host: string | null = null;
  try {
    const url = new URL(input instanceof Request ? input.url : input);
    scheme = url.protocol.slice(0, -1).slice(0, 40);
    host = url.host.slice(0, 300) || null;
  } catch {
    // Not a URL: the rule (invalid_url) says it all.
  }
  const refused = error instanceof OutboundRequestRefused ? error.refusedAddress : null;
  logger.warn(
    { outbound: { rule, scheme, host, ...(refused ? { address: refused.address } : {}) } },
    rule === 'redirect'
      ? 'outbound redirect not followed'
      : `outbound request refused: ${rule}${host ? ` (${host})` : ''}`,
  );
}

interface Target {
  url: URL;
  origin: string;
  /** The hostname without IPv6 brackets, for SNI and the certificate check. */
  hostname: string;
  addresses: { address: string; family: 4 | 6 }[];
}

async function outboundFetch(
  policy: OutboundPolicy,
  input: string | URL | Request,
  init: RequestInit | undefined,
): Promise<Response> {
  let url: URL;
  try {
    url = new URL(input instanceof Request ? input.url : input);
  } catch {
    // No `cause` on any outbound error: the parser's message quotes the input, which may carry a code or token
    // in its query, and loggers print causes.
    throw new OutboundRequestRefused('invalid-url', 'not an absolute URL', null);
  }
  // The origin (scheme, host, port) is what errors name: never the userinfo, path or query.
  const origin = url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : url.protocol;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundRequestRefused('scheme-not-allowed', `${url.protocol} is not https`, origin);
  }
  if (url.username || url.password) {
    throw new OutboundRequestRefused('credentials-in-url', 'the URL must not carry credentials', origin);
  }
  let request: Request;
  try {
    request = input instanceof Request ? new Request(input, init) : new Request(url, init);
  } catch {
    // No `cause` either: a rejected header value would be quoted in it.
    throw new OutboundRequestRefused('invalid-request', 'not a valid request', origin);
  }
  // Read the body first: it is ours (a form or JSON), and a known length lets us send Content-Length.
  const body = new Uint8Array(await request.arrayBuffer());
  request.signal.throwIfAborted();

  const deadline = new AbortController();
  const totalTimer = setTimeout(
    () => deadline.abort(new OutboundTimeout('total', policy.totalTimeoutMs, origin)),
    policy.totalTimeoutMs,
  );
  const connectTimer = setTimeout(
    () => deadline.abort(new OutboundTimeout('connect', policy.connectTimeoutMs, origin)),
    policy.connectTimeoutMs,
  );
  const onCallerAbort = () => deadline.abort(request.signal.reason);
  request.signal.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const target = await raceAbort(resolveTarget(policy, url), deadline.signal);
    return await exchange(policy, target, request, body, deadline.signal, () => clearTimeout(connectTimer));
  } finally {
    clearTimeout(totalTimer);
    clearTimeout(connectTimer);
    request.signal.removeEventListener('abort', onCallerAbort);
  }
}

/** The ranges an explicitly named internal host may resolve to (OutboundPolicy.allowPrivateNetworkHost). */
const PRIVATE_NETWORK: ReadonlySet<AddressRefusal> = new Set([
  'private',
  'unique-local',
  'shared-address-space',
]);

/** Resolves the host once and checks every address; any refused address refuses the request. */
async function resolveTarget(policy: OutboundPolicy, url: URL): Promise<Target> {
  const origin = url.origin;
  // WHATWG URL parsing has already normalised numeric hosts: 0x7f.1, 2130706433 and 0177.0.0.1 are all
  // "127.0.0.1" here, and IPv6 literals are compressed ("[::ffff:7f00:1]"), so one IP check covers every spelling.
  const bracketed = url.hostname.startsWith('[');
  const hostname = bracketed ? url.hostname.slice(1, -1) : url.hostname;
  let answers: string[];
  if (bracketed || parseIpv4(hostname) !== null) {
    answers = [hostname];
  } else {
    try {
      answers = await policy.resolve(hostname);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new OutboundRequestRefused(
        'resolution-failed',
        `could not resolve the host${typeof code === 'string' ? ` (${code})` : ''}`,
        origin,
      );
    }
    if (answers.length === 0) {
      throw new OutboundRequestRefused('resolution-failed', 'the host has no addresses', origin);
    }
  }
  const addresses: Target['addresses'] = [];
  for (const address of answers) {
    const refusal: AddressRefusal | null = refusalFor(address);
    const allowed =
      refusal === null ||
      (refusal === 'loopback' && policy.allowLoopbackForDevelopment) ||
      (PRIVATE_NETWORK.has(refusal) && policy.allowPrivateNetworkHost(hostname));
    if (!allowed) {
      throw new OutboundRequestRefused('address-not-allowed', `${address} is ${refusal}`, origin, {
        address,
        range: refusal,
      });
    }
    if (url.protocol === 'http:' && refusal !== 'loopback') {
      throw new OutboundRequestRefused(
        'scheme-not-allowed',
        'http is allowed only to loopback with the development flag; use https',
        origin,
      );
    }
    addresses.push({ address, family: isIPv6(address) ? 6 : 4 });
  }
  return { url, origin, hostname, addresses };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Sends the request to the checked addresses and reads the response under the policy's limits. */
function exchange(
  policy: OutboundPolicy,
  target: Target,
  request: Request,
  body: Uint8Array,
  deadline: AbortSignal,
  onConnected: () => void,
): Promise<Response> {
  const { url, origin } = target;
  const secure = url.protocol === 'https:';
  // The connection goes only to the addresses checked above: net.connect asks this instead of DNS. With
  // `all: true` (Happy Eyeballs, autoSelectFamily) it gets every checked address, otherwise the first.
  const pinnedLookup = ((_hostname, options, callback) => {
    const [first] = target.addresses;
    if (options.all) callback(null, target.addresses);
    else if (first) callback(null, first.address, first.family);
  }) as LookupFunction;

  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (!CONNECTION_HEADERS.has(name)) headers[name] = value;
  });
  headers.host = url.host;
  // Ask for an unencoded body: the size limit then applies to what is on the wire and what is parsed.
  headers['accept-encoding'] = 'identity';
  headers.connection = 'close';
  if (body.byteLength > 0 || !['GET', 'HEAD'].includes(request.method)) {
    headers['content-length'] = String(body.byteLength);
  }

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    let outgoing: ClientRequest | null = null;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      outgoing?.destroy();
      reject(error);
    };
    const onAbort = () => fail(deadline.reason);
    if (deadline.aborted) return onAbort();
    deadline.addEventListener('abort', onAbort, { once: true });

    const options = {
      protocol: url.protocol,
      hostname: target.hostname,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers,
      lookup: pinnedLookup,
      // A fresh connection per request: a pooled socket would outlive the check that allowed it.
      agent: false as const,
      ...(secure
        ? {
            // SNI carries a name, never an IP literal (RFC 6066 §3); the certificate is checked against the hostname.
            servername: refusalFor(target.hostname) === 'invalid-address' ? target.hostname : '',
            rejectUnauthorized: true,
            // `ca` replaces Node's bundled roots, so extra certificates are added to them, not used instead.
            ...(policy.extraCaCertificates.length > 0
              ? { ca: [...rootCertificates, ...policy.extraCaCertificates] }
              : {}),
          }
        : {}),
    };
    outgoing = (secure ? httpsRequest : httpRequest)(options);
    outgoing.once('socket', (socket) => {
      socket.once(secure ? 'secureConnect' : 'connect', onConnected);
    });
    outgoing.on('error', (error) => {
      if (deadline.aborted) return fail(deadline.reason);
      const code = (error as { code?: unknown }).code;
      // Only Node's code is kept, not the error: an HTTP parse error carries the raw response bytes
      // (`rawPacket`), which may hold tokens, and loggers serialise an error's properties and causes.
      fail(new OutboundConnectionFailed(typeof code === 'string' ? code : 'ERR_CONNECTION', origin));
    });
    outgoing.once('response', (response) => {
      readResponse(response, policy, origin, request.method === 'HEAD').then(
        (result) => {
          if (settled) return;
          settled = true;
          deadline.removeEventListener('abort', onAbort);
          resolve(result);
        },
        (error: unknown) => fail(deadline.aborted ? deadline.reason : error),
      );
    });
    outgoing.end(body.byteLength > 0 ? body : undefined);
  });
}

/** Reads the body up to the size limit, then builds the Response the caller sees. */
async function readResponse(
  response: IncomingMessage,
  policy: OutboundPolicy,
  origin: string,
  headRequest: boolean,
): Promise<Response> {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 599) {
    response.destroy();
    throw new OutboundRequestRefused('invalid-response', `status ${status}`, origin);
  }
  const encoding = response.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    response.destroy();
    throw new OutboundRequestRefused('unsupported-content-encoding', 'the response body is encoded', origin);
  }
  // A HEAD response's Content-Length describes the body a GET would get (RFC 9110 §8.6); none follows.
  const declared = headRequest ? 0 : Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > policy.maxResponseBytes) {
    response.destroy();
    throw new OutboundTooLarge(policy.maxResponseBytes, origin);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      received += chunk.byteLength;
      if (received > policy.maxResponseBytes) {
        response.destroy();
        throw new OutboundTooLarge(policy.maxResponseBytes, origin);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    const code = (error as { code?: unknown }).code;
    throw new OutboundConnectionFailed(typeof code === 'string' ? code : 'ERR_RESPONSE', origin);
  }
  const payload = NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks);
  try {
    const headers = new Headers();
    for (let index = 0; index + 1 < response.rawHeaders.length; index += 2) {
      headers.append(response.rawHeaders[index] as string, response.rawHeaders[index + 1] as string);
    }
    return new Response(payload, { status, statusText: response.statusMessage ?? '', headers });
  } catch {
    // Node's parser is more lenient than the Fetch standard's Headers and statusText; no quoting of either.
    throw new OutboundRequestRefused('invalid-response', 'malformed status line or headers', origin);
  }
}
