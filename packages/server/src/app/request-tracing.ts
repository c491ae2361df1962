import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import { activeTracer } from '../telemetry/tracing.js';
import type { App, Port } from './app-types.js';
import { UNMATCHED_ROUTE } from './metrics.js';

const requestSpan = Symbol('tessera.requestSpan');
type Traced = { [requestSpan]?: Span };

/** The attribute naming the OAuth client a request came from, when it says so. */
export const CLIENT_ID_ATTRIBUTE = 'oauth.client_id';

/** Client ids are short; a longer value is not one and is not recorded. */
const MAX_CLIENT_ID_LENGTH = 200;

/**
 * One server span per request (docs/observability.md#tracing), registered only while tracing is on. The span is the
 * child of the caller's W3C `traceparent` when one is sent, and current for everything the request does (its
 * database statements, Redis calls and outbound requests become its children). It is named by the route pattern
 * (`POST /token`), never the raw URL, and carries the path without its query string: a query may hold a code.
 */
export function registerRequestTracing(app: App, port: Port): void {
  if (!activeTracer()) return;
  // The span starts before Fastify sees the request, so every line Fastify logs for it ("incoming request",
  // "request completed") is written inside it and carries its trace id (docs/observability.md#logs).
  const listeners = app.server.listeners('request') as RequestListener[];
  app.server.removeAllListeners('request');
  for (const listener of listeners) {
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const tracer = activeTracer();
      if (!tracer) return listener(request, response);
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const method = request.method ?? 'GET';
      const span = tracer.startSpan(
        method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: method,
            [ATTR_URL_PATH]: (request.url ?? '/').split('?', 1)[0] ?? '/',
            'tessera.port': port,
          },
        },
        parent,
      );
      (request as Traced)[requestSpan] = span;
      // A request the client abandons has no onResponse: its span ends when the connection does.
      response.once('close', () => {
        if (span.isRecording()) span.end();
      });
      const current = trace.setSpan(parent, span);
      // The body and the response's completion arrive in events emitted outside this call: bound, their listeners
      // (the body parser and so the handler, Fastify's response logging) run in the request's context too.
      context.bind(current, request);
      context.bind(current, response);
      context.with(current, () => listener(request, response));
    });
  }
  app.addHook('onRequest', (request, _reply, done) => {
    const span = (request.raw as Traced)[requestSpan];
    if (span) {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      span.updateName(`${request.method} ${route}`);
      span.setAttribute(ATTR_HTTP_ROUTE, route);
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = (request.raw as Traced)[requestSpan];
    if (span?.isRecording()) {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
      const clientId = clientIdOf(request);
      if (clientId) span.setAttribute(CLIENT_ID_ATTRIBUTE, clientId);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

interface RequestParts {
  query: unknown;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The client a request names: `client_id` in the query (`/authorize`) or form body (`/token` with
 * `client_secret_post` or `none`), or the user name of HTTP Basic client authentication (RFC 6749 §2.3.1) — the
 * password part is never read here.
 */
export function clientIdOf(request: RequestParts): string | null {
  const fromParameters = stringField(request.query, 'client_id') ?? stringField(request.body, 'client_id');
  if (fromParameters) return fromParameters.length <= MAX_CLIENT_ID_LENGTH ? fromParameters : null;
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || !/^basic /i.test(authorization)) return null;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator <= 0) return null;
  let clientId: string;
  try {
    clientId = decodeURIComponent(decoded.slice(0, separator).replace(/\+/g, ' '));
  } catch {
    return null;
  }
  return clientId.length <= MAX_CLIENT_ID_LENGTH ? clientId : null;
}

function stringField(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
