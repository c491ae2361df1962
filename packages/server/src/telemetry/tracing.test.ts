import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { authorizationCode } from '../testing/code-flow.js';
import { clientSecretBasic, formPost, registerClient, signInUser } from '../testing/oauth.js';
import { admin, installAndSignIn } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { tracingActive, tracingSettingsFrom } from './tracing.js';
import { type RunningTracing, startTracing } from './tracing-sdk.js';

/** One span as an OTLP/HTTP JSON export carries it, its attributes flattened. */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
  serviceName: unknown;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type OtlpAttribute = { key: string; value: OtlpValue };

function flatten(attributes: OtlpAttribute[] = []): Record<string, unknown> {
  return Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : value.boolValue),
    ]),
  );
}

/** A collector's OTLP/HTTP receiver on loopback: what arrives at /v1/traces, by content type. */
class OtlpReceiver {
  readonly spans: ExportedSpan[] = [];
  readonly contentTypes: string[] = [];
  readonly bodies: Buffer[] = [];
  private constructor(readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    let receiver: OtlpReceiver | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        if (request.method !== 'POST' || request.url !== '/v1/traces') {
          response.writeHead(404).end();
          return;
        }
        const contentType = request.headers['content-type'] ?? '';
        receiver!.contentTypes.push(contentType);
        receiver!.bodies.push(body);
        if (contentType.startsWith('application/json')) receiver!.take(JSON.parse(body.toString('utf8')));
        response
          .writeHead(200, { 'content-type': contentType })
          .end(contentType.startsWith('application/json') ? '{}' : '');
      });
    });
    receiver = new OtlpReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private take(payload: {
    resourceSpans?: {
      resource?: { attributes?: OtlpAttribute[] };
      scopeSpans?: {
        spans?: (Omit<ExportedSpan, 'attributes' | 'serviceName'> & { attributes?: OtlpAttribute[] })[];
      }[];
    }[];
  }): void {
    for (const resourceSpans of payload.resourceSpans ?? []) {
      const serviceName = flatten(resourceSpans.resource?.attributes)['service.name'];
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({ ...span, attributes: flatten(span.attributes), serviceName });
        }
      }
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let tracing: RunningTracing | null = null;
let server: TestServer | undefined;
let receiver: OtlpReceiver | undefined;

afterEach(async () => {
  await tracing?.shutdown();
  tracing = null;
  await server?.close();
  server = undefined;
  await receiver?.close();
  receiver = undefined;
});

describe('tracing settings from the OTEL_* variables', () => {
  it('is off by default, and when disabled or set to none', () => {
    expect(tracingSettingsFrom({})).toBeNull();
    expect(tracingSettingsFrom({ OTEL_SERVICE_NAME: 'idp' })).toBeNull();
    expect(
      tracingSettingsFrom({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SDK_DISABLED: 'true',
      }),
    ).toBeNull();
    expect(
      tracingSettingsFrom({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_EXPORTER: 'none',
      }),
    ).toBeNull();
  });

  it('is on with an endpoint or the otlp exporter, protobuf unless JSON is asked for', () => {
    expect(tracingSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({
      serviceName: 'tessera',
      protocol: 'http/protobuf',
    });
    expect(
      tracingSettingsFrom({
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_SERVICE_NAME: 'idp-eu',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      }),
    ).toEqual({ serviceName: 'idp-eu', protocol: 'http/json' });
  });

  it('refuses what it cannot send rather than starting without the traces asked for', () => {
    expect(() => tracingSettingsFrom({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/zipkin/);
    expect(() =>
      tracingSettingsFrom({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
    ).toThrow(/grpc/);
  });
});

describe('a traced authorization-code flow', () => {
  it('exports one trace per request, database spans inside, continuing the caller’s traceparent', async () => {
    receiver = await OtlpReceiver.start();
    tracing = startTracing({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'tessera-under-test',
    });
    expect(tracingActive()).toBe(true);
    server = await startTestServer();
    const client = await registerClient(server);
    const signedIn = await signInUser(server);
    const issued = await authorizationCode(server, signedIn, client, { state: 'opaque-state' });

    // The relying party's own trace: its span id is the parent of the server's span for /token.
    const callerTrace = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const answer = await formPost(
      server,
      '/token',
      {
        grant_type: 'authorization_code',
        code: issued.code,
        redirect_uri: 'https://rp.example.com/callback',
        code_verifier: issued.verifier,
      },
      { ...clientSecretBasic(client), traceparent: `00-${callerTrace}-${callerSpan}-01` },
    );
    expect(answer.status).toBe(200);
    await tracing!.shutdown();
    tracing = null;
    expect(tracingActive()).toBe(false);

    const spans = receiver.spans;
    expect(new Set(spans.map((span) => span.serviceName))).toEqual(new Set(['tessera-under-test']));
    const token = spans.filter((span) => span.name === 'POST /token');
    expect(token).toHaveLength(1);
    const tokenSpan = token[0]!;
    expect(tokenSpan.traceId).toBe(callerTrace);
    expect(tokenSpan.parentSpanId).toBe(callerSpan);
    expect(tokenSpan.attributes).toMatchObject({
      'http.route': '/token',
      'http.request.method': 'POST',
      'http.response.status_code': 200,
      'url.path': '/token',
      'oauth.client_id': client.clientId,
      'tessera.port': 'public',
    });

    // The statements /token ran are children of its span, in the caller's trace.
    const statements = spans.filter((span) => span.attributes['db.system.name'] === 'postgresql');
    const tokenStatements = statements.filter((span) => span.parentSpanId === tokenSpan.spanId);
    expect(tokenStatements.length).toBeGreaterThan(0);
    for (const statement of tokenStatements) expect(statement.traceId).toBe(callerTrace);
    expect(tokenStatements.some((span) => String(span.attributes['db.query.text']).includes('$1'))).toBe(
      true,
    );

    // /authorize: its route pattern, its client, no query string, and its own statements.
    const authorize = spans.find((span) => span.name === 'GET /authorize');
    expect(authorize?.attributes).toMatchObject({
      'http.route': '/authorize',
      'oauth.client_id': client.clientId,
    });
    expect(statements.some((span) => span.parentSpanId === authorize!.spanId)).toBe(true);
    const finalize = spans.find((span) => span.name === 'POST /authorize/finalize');
    expect(finalize?.attributes['http.response.status_code']).toBe(200);

    // Nothing secret reached any span: not the code, the verifier, the secret, the session cookie or a state.
    const exported = receiver.bodies.map((body) => body.toString('utf8')).join('\n');
    for (const secret of [
      issued.code,
      issued.verifier,
      client.clientSecret!,
      signedIn.cookie.split(';')[0]!.split('=')[1]!,
      'opaque-state',
    ]) {
      expect(exported).not.toContain(secret);
    }
    expect(exported).not.toContain('?');
  });

  it('writes the trace id on the log lines of a traced request', async () => {
    receiver = await OtlpReceiver.start();
    tracing = startTracing({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    server = await startTestServer();
    const traceId = randomBytes(16).toString('hex');
    // Fastify writes "incoming request" and "request completed" for it; a refused client is still a request.
    const refused = await formPost(
      server,
      '/token',
      { grant_type: 'client_credentials' },
      {
        authorization: `Basic ${Buffer.from('nobody:wrong').toString('base64')}`,
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
    );
    expect(refused.status).toBe(401);
    server.context.logger.child({ probe: true }).info('outside any request');
    const entries = server.logs.entries();
    const forRequest = entries.filter((entry) => entry.trace_id === traceId);
    expect(forRequest.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    for (const entry of forRequest) expect(entry.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(entries.find((entry) => entry.probe === true)?.trace_id).toBeUndefined();
  });

  it('spans each webhook delivery attempt with its POST inside, and counts the queue until then', async () => {
    receiver = await OtlpReceiver.start();
    tracing = startTracing({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    const hooks = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    try {
      server = await startTestServer({ env: { TESSERA_OUTBOUND_ALLOW_LOOPBACK: 'true' } });
      const session = await installAndSignIn(server);
      const endpoint = await admin(server, session, 'POST', '/admin/webhooks', {
        url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks?tenant=t1`,
        description: 'traced',
        eventTypes: ['user.created'],
      });
      expect(endpoint.status).toBe(201);
      const created = await admin(server, session, 'POST', '/admin/users', {
        email: 'hook@example.com',
        name: 'Hook',
      });
      expect(created.status).toBe(201);
      const queued = await (await fetch(`${server.adminUrl}/metrics`)).text();
      expect(queued).toMatch(/^tessera_webhook_queue_depth 1$/m);

      expect((await server.context.webhooks.delivery.runOnce()).delivered).toBe(1);
      await tracing!.shutdown();
      tracing = null;

      const delivery = receiver.spans.find((span) => span.name === 'webhook delivery');
      expect(delivery?.attributes).toMatchObject({
        'tessera.webhook.event_type': 'user.created',
        'tessera.webhook.attempt': 1,
        'tessera.webhook.delivered': true,
      });
      const children = receiver.spans.filter((span) => span.parentSpanId === delivery!.spanId);
      // Its statements (the endpoint read, the attempt's record) and the POST itself.
      expect(children.some((span) => span.attributes['db.system.name'] === 'postgresql')).toBe(true);
      const post = children.find((span) => span.name === 'POST');
      expect(post?.attributes).toMatchObject({
        'http.request.method': 'POST',
        'server.address': '127.0.0.1',
        'url.path': '/hooks',
        'http.response.status_code': 204,
      });
      const exported = receiver.bodies.map((body) => body.toString('utf8')).join('\n');
      expect(exported).not.toContain('tenant=t1');
      expect(exported).not.toContain('whsec_');
      expect(exported).not.toContain('hook@example.com');
    } finally {
      await new Promise((resolve) => hooks.close(resolve));
    }
  });

  it('sends protobuf by default', async () => {
    receiver = await OtlpReceiver.start();
    tracing = startTracing({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.endpoint}/v1/traces` });
    server = await startTestServer();
    expect((await fetch(`${server.publicUrl}/healthz`)).status).toBe(200);
    await tracing!.shutdown();
    tracing = null;
    expect(receiver.contentTypes).toContain('application/x-protobuf');
    // The span's name is a protobuf string field: its bytes appear as they are.
    expect(Buffer.concat(receiver.bodies).includes('GET /healthz')).toBe(true);
  });

  it('records nothing while it is off', async () => {
    expect(tracingActive()).toBe(false);
    server = await startTestServer();
    expect((await fetch(`${server.publicUrl}/healthz`)).status).toBe(200);
    expect(server.logs.entries().some((entry) => 'trace_id' in entry)).toBe(false);
  });
});
