// The outbound fetch against real servers on loopback (the only network these tests may use): the production
// policy must refuse every SSRF target of issue 16 before a byte is sent, and the development policy (loopback
// allowed) proves the positive path, DNS pinning, redirects, timeouts and size limits.
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  type AddressInfo,
  createServer as createTcpServer,
  type Socket,
  type Server as TcpServer,
} from 'node:net';
import type { TLSSocket } from 'node:tls';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSelfSignedCertificate } from '../testing/tls.js';
import {
  OutboundConnectionFailed,
  OutboundRequestRefused,
  OutboundTimeout,
  OutboundTooLarge,
} from './errors.js';
import { createOutboundFetch, type OutboundResolver } from './fetch.js';

const PUBLIC_ADDRESS = '93.184.215.14';
const SECRET = 's3cr3t-value';

const servers: (Server | TcpServer)[] = [];
const openSockets = new Set<Socket>();

async function listen<T extends Server | TcpServer>(
  server: T,
  host = '127.0.0.1',
  port = 0,
): Promise<number> {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    openSockets.add(socket);
    socket.once('close', () => openSockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** An HTTP server on loopback; `hits` counts the requests it received. */
async function httpServer(handler: RequestListener, host = '127.0.0.1', port = 0) {
  const state = { hits: 0, port: 0 };
  const server = createHttpServer((request, response) => {
    state.hits += 1;
    handler(request, response);
  });
  state.port = await listen(server, host, port);
  return state;
}

/** A resolver that answers from a table and counts its calls. */
function tableResolver(table: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve: OutboundResolver = async (hostname) => {
    calls.push(hostname);
    const answer = table[hostname];
    if (!answer) throw Object.assign(new Error(`no such host ${hostname}`), { code: 'ENOTFOUND' });
    return answer;
  };
  return { resolve, calls };
}

async function refusal(promise: Promise<unknown>): Promise<OutboundRequestRefused> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundRequestRefused);
  return error as OutboundRequestRefused;
}

/** A TCP server that accepts connections and counts them; nothing should ever reach it. */
let trap: { port: number; connections: number };

beforeAll(async () => {
  trap = { port: 0, connections: 0 };
  trap.port = await listen(
    createTcpServer((socket) => {
      trap.connections += 1;
      socket.destroy();
    }),
  );
});

afterAll(async () => {
  for (const socket of openSockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('production policy (the default)', () => {
  const { resolve, calls } = tableResolver({
    'metadata.internal.test': ['169.254.169.254'],
    'intranet.test': ['10.1.2.3'],
    'mixed.test': [PUBLIC_ADDRESS, '127.0.0.1'],
    'mapped.test': ['::ffff:192.168.0.10'],
    'nat64.test': ['64:ff9b::a00:1'],
    'public.test': [PUBLIC_ADDRESS],
    'empty.test': [],
  });
  const outbound = createOutboundFetch({ resolve });

  it.each([
    ['https://127.0.0.1:{trap}/.well-known/openid-configuration', '127.0.0.1 is loopback'],
    ['https://127.1:{trap}/', '127.0.0.1 is loopback'],
    ['https://0x7f.1:{trap}/', '127.0.0.1 is loopback'],
    ['https://2130706433:{trap}/', '127.0.0.1 is loopback'],
    ['https://0177.0.0.1:{trap}/', '127.0.0.1 is loopback'],
    ['https://0x7f000001:{trap}/', '127.0.0.1 is loopback'],
    ['https://127.0.0.1.:{trap}/', '127.0.0.1 is loopback'],
    ['https://127.000.000.001:{trap}/', '127.0.0.1 is loopback'],
    ['https://[::1]:{trap}/', '::1 is loopback'],
    ['https://[::ffff:127.0.0.1]:{trap}/', '::ffff:7f00:1 is loopback'],
    ['https://[0:0:0:0:0:0:0:1]:{trap}/', '::1 is loopback'],
    ['https://10.0.0.1/token', '10.0.0.1 is private'],
    ['https://167772161/token', '10.0.0.1 is private'],
    ['https://172.16.5.4/', '172.16.5.4 is private'],
    ['https://192.168.1.1/', '192.168.1.1 is private'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is link-local'],
    ['https://2852039166/latest/meta-data/', '169.254.169.254 is link-local'],
    ['https://[fe80::1]/', 'fe80::1 is link-local'],
    ['https://100.64.0.1/', '100.64.0.1 is shared-address-space'],
    ['https://0.0.0.0:{trap}/', '0.0.0.0 is unspecified'],
    ['https://[::]:{trap}/', ':: is unspecified'],
    ['https://224.0.0.1/', '224.0.0.1 is multicast'],
    ['https://255.255.255.255/', '255.255.255.255 is broadcast'],
    ['https://[fd00::1]/', 'fd00::1 is unique-local'],
    ['https://[::ffff:a00:1]/', '::ffff:a00:1 is private'],
    ['https://[64:ff9b::a9fe:a9fe]/', '64:ff9b::a9fe:a9fe is nat64'],
    ['https://[2002:a00:1::]/', '2002:a00:1:: is 6to4-non-public'],
    ['https://metadata.internal.test/', '169.254.169.254 is link-local'],
    ['https://intranet.test/jwks', '10.1.2.3 is private'],
    ['https://mixed.test/', '127.0.0.1 is loopback'],
    ['https://mapped.test/', '::ffff:192.168.0.10 is private'],
    ['https://nat64.test/', '64:ff9b::a00:1 is nat64'],
  ])('refuses %s', async (template, detail) => {
    const url = template.replace('{trap}', String(trap.port));
    const error = await refusal(outbound(url));
    expect(error.reason).toBe('address-not-allowed');
    expect(error.message).toContain(detail);
  });

  it('checks what the system resolver answers when no resolver is given', async () => {
    const error = await refusal(createOutboundFetch()(`https://localhost:${trap.port}/`));
    expect(error.reason).toBe('address-not-allowed');
    expect(error.message).toMatch(/: (127\.0\.0\.1|::1) is loopback/);
  });

  it('refuses plain http, even to a public address', async () => {
    const error = await refusal(outbound('http://public.test/.well-known/openid-configuration'));
    expect(error.reason).toBe('scheme-not-allowed');
    expect((await refusal(outbound(`http://127.0.0.1:${trap.port}/`))).reason).toBe('address-not-allowed');
  });

  it('refuses other schemes, credentials in the URL and hosts that do not resolve', async () => {
    expect((await refusal(outbound('ftp://public.test/'))).reason).toBe('scheme-not-allowed');
    expect((await refusal(outbound('file:///etc/passwd'))).reason).toBe('scheme-not-allowed');
    expect((await refusal(outbound('https://user:pw@public.test/'))).reason).toBe('credentials-in-url');
    expect((await refusal(outbound('https://unknown.test/'))).reason).toBe('resolution-failed');
    expect((await refusal(outbound('https://empty.test/'))).reason).toBe('resolution-failed');
    expect((await refusal(outbound('not a url'))).reason).toBe('invalid-url');
    expect((await refusal(outbound('https://[fe80::1%25eth0]/'))).reason).toBe('invalid-url');
  });

  it('never puts the path, query, headers or body of the request into the error', async () => {
    const error = await refusal(
      outbound(`https://intranet.test/token?code=${SECRET}`, {
        method: 'POST',
        headers: { authorization: `Basic ${SECRET}` },
        body: new URLSearchParams({ client_secret: SECRET }),
      }),
    );
    expect(error.message).toBe(
      'outbound request refused: address-not-allowed: 10.1.2.3 is private (https://intranet.test)',
    );
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });

  it('sent nothing to the loopback trap for any refused request, and looked up only host names', () => {
    expect(trap.connections).toBe(0);
    expect(new Set(calls)).toEqual(
      new Set([
        'metadata.internal.test',
        'intranet.test',
        'mixed.test',
        'mapped.test',
        'nat64.test',
        'public.test',
        'unknown.test',
        'empty.test',
      ]),
    );
  });

  it('refuses the development flag when NODE_ENV is production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      expect(() => createOutboundFetch({ allowLoopbackForDevelopment: true })).toThrow(
        /NODE_ENV is production/,
      );
      expect(() => createOutboundFetch({ allowLoopbackForDevelopment: false })).not.toThrow();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses an invalid policy', () => {
    expect(() => createOutboundFetch({ totalTimeoutMs: 0 })).toThrow(/totalTimeoutMs/);
    expect(() => createOutboundFetch({ maxResponseBytes: Number.NaN })).toThrow(/maxResponseBytes/);
  });
});

describe('development policy (loopback allowed)', () => {
  it('still refuses every non-loopback internal address', async () => {
    const outbound = createOutboundFetch({
      allowLoopbackForDevelopment: true,
      resolve: tableResolver({ 'intranet.test': ['127.0.0.1', '10.0.0.7'] }).resolve,
    });
    expect((await refusal(outbound('http://10.0.0.1/'))).reason).toBe('address-not-allowed');
    expect((await refusal(outbound('https://169.254.169.254/'))).reason).toBe('address-not-allowed');
    expect((await refusal(outbound('http://intranet.test/'))).reason).toBe('address-not-allowed');
    expect((await refusal(outbound('http://[2002:7f00:1::]/'))).reason).toBe('address-not-allowed');
    expect((await refusal(outbound(`http://${PUBLIC_ADDRESS}/`))).reason).toBe('scheme-not-allowed');
  });

  it('sends method, headers and body, and returns status, headers and body', async () => {
    const upstream = await httpServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('set-cookie', ['a=1', 'b=2']);
        response.statusCode = 201;
        response.end(
          JSON.stringify({
            method: request.method,
            url: request.url,
            host: request.headers.host,
            authorization: request.headers.authorization,
            contentType: request.headers['content-type'],
            body,
          }),
        );
      });
    });
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true });
    const response = await outbound(`http://127.0.0.1:${upstream.port}/token?x=1`, {
      method: 'POST',
      headers: { authorization: 'Basic abc', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c1' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/token?x=1',
      host: `127.0.0.1:${upstream.port}`,
      authorization: 'Basic abc',
      contentType: 'application/x-www-form-urlencoded',
      body: 'grant_type=authorization_code&code=c1',
    });
  });

  it('connects to the address it checked: one lookup, no second answer (DNS rebinding)', async () => {
    // Two servers on the same port of two loopback addresses: the resolver's first answer names the first one,
    // every later answer the second. Reaching the first with a single lookup proves the connection used the
    // checked answer; any second resolution (ours or Node's own DNS, which does not know the name) would not.
    const first = await httpServer((_request, response) => response.end('checked'), '127.0.0.1');
    const second = await httpServer((_request, response) => response.end('rebound'), '127.0.0.2', first.port);
    let lookups = 0;
    const outbound = createOutboundFetch({
      allowLoopbackForDevelopment: true,
      resolve: async () => {
        lookups += 1;
        return lookups === 1 ? ['127.0.0.1'] : ['127.0.0.2'];
      },
    });
    const response = await outbound(`http://rebind.test:${first.port}/`);
    expect(await response.text()).toBe('checked');
    expect(lookups).toBe(1);
    expect(second.hits).toBe(0);
  });

  it('refuses a request whose single lookup answers a private address, whatever a later lookup would say', async () => {
    const upstream = await httpServer((_request, response) => response.end('reached'));
    let lookups = 0;
    const outbound = createOutboundFetch({
      allowLoopbackForDevelopment: true,
      resolve: async () => {
        lookups += 1;
        return lookups === 1 ? ['10.0.0.9'] : ['127.0.0.1'];
      },
    });
    expect((await refusal(outbound(`http://rebind.test:${upstream.port}/`))).reason).toBe(
      'address-not-allowed',
    );
    expect(lookups).toBe(1);
    expect(upstream.hits).toBe(0);
  });

  it('returns a redirect as it is and never follows it', async () => {
    const target = await httpServer((_request, response) => response.end('followed'));
    const redirecting = await httpServer((request, response) => {
      const location =
        request.url === '/metadata'
          ? 'http://169.254.169.254/latest/meta-data/'
          : `http://127.0.0.1:${target.port}/`;
      response.writeHead(302, { location }).end();
    });
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true });
    for (const path of ['/', '/metadata']) {
      for (const redirect of ['manual', 'follow'] as const) {
        const response = await outbound(`http://127.0.0.1:${redirecting.port}${path}`, { redirect });
        expect(response.status).toBe(302);
        expect(response.headers.get('location')).toMatch(/^http:\/\/(127\.0\.0\.1|169\.254\.169\.254)/);
      }
    }
    expect(redirecting.hits).toBe(4);
    expect(target.hits).toBe(0);
  });

  it('cuts an upstream that never answers with the total timeout', async () => {
    const silent = await httpServer(() => {});
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true, totalTimeoutMs: 300 });
    const error = await outbound(`http://127.0.0.1:${silent.port}/`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundTimeout);
    expect((error as OutboundTimeout).phase).toBe('total');
  });

  it('cuts a body that trickles in with the total timeout', async () => {
    const trickling = await httpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"keys":[');
      const timer = setInterval(() => response.write(' '), 50);
      response.on('close', () => clearInterval(timer));
    });
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true, totalTimeoutMs: 400 });
    const error = await outbound(`http://127.0.0.1:${trickling.port}/jwks`).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OutboundTimeout);
    expect((error as OutboundTimeout).phase).toBe('total');
  });

  it('cuts a TLS handshake that never completes with the connect timeout', async () => {
    // Accepts TCP and never answers the ClientHello: the connection is never established.
    const mute = await listen(createTcpServer(() => {}));
    const outbound = createOutboundFetch({
      allowLoopbackForDevelopment: true,
      connectTimeoutMs: 200,
      totalTimeoutMs: 20_000,
    });
    const error = await outbound(`https://127.0.0.1:${mute}/`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundTimeout);
    expect((error as OutboundTimeout).phase).toBe('connect');
  });

  it('stops reading a huge streamed body at the size limit and closes the connection', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => {
      upstreamClosed = resolve;
    });
    const huge = await httpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) {}
      };
      response.on('drain', pump);
      response.on('close', () => upstreamClosed());
      pump();
    });
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true, maxResponseBytes: 64 * 1024 });
    const error = await outbound(`http://127.0.0.1:${huge.port}/`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundTooLarge);
    expect((error as OutboundTooLarge).message).toContain('more than 65536 bytes');
    await closed;
  });

  it('refuses a declared Content-Length over the limit and accepts a body exactly at the limit', async () => {
    const sized = await httpServer((request, response) => {
      const length = Number(request.url?.slice(1));
      response.writeHead(200, { 'content-length': String(length) });
      response.end(Buffer.alloc(length, 0x61));
    });
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true, maxResponseBytes: 1000 });
    expect(
      await outbound(`http://127.0.0.1:${sized.port}/1001`).catch((caught: unknown) => caught),
    ).toBeInstanceOf(OutboundTooLarge);
    const response = await outbound(`http://127.0.0.1:${sized.port}/1000`);
    expect((await response.arrayBuffer()).byteLength).toBe(1000);
    // HEAD: the announced length is the GET body's, and no body follows.
    const head = await outbound(`http://127.0.0.1:${sized.port}/5000`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe('5000');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('counts a resolver that never answers against the connect timeout', async () => {
    const outbound = createOutboundFetch({
      allowLoopbackForDevelopment: true,
      connectTimeoutMs: 200,
      resolve: () => new Promise<string[]>(() => {}),
    });
    const error = await outbound('https://hanging-dns.test/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundTimeout);
    expect((error as OutboundTimeout).phase).toBe('connect');
  });

  it('tries every checked address of a dual-stack answer, and only those', async () => {
    const upstream = await httpServer((_request, response) => response.end('v4'));
    const outbound = createOutboundFetch({
      allowLoopbackForDevelopment: true,
      resolve: async () => ['::1', '127.0.0.1'],
    });
    // Nothing listens on [::1] at this port: the connection falls back to the second checked address.
    expect(await (await outbound(`http://dual.test:${upstream.port}/`)).text()).toBe('v4');
  });

  it('sets Host, framing and encoding itself, whatever the caller sends, and accepts a Request', async () => {
    const upstream = await httpServer((request, response) => {
      response.end(
        JSON.stringify({
          host: request.headers.host,
          encoding: request.headers['accept-encoding'],
          transfer: request.headers['transfer-encoding'] ?? null,
          length: request.headers['content-length'],
          custom: request.headers['x-custom'],
        }),
      );
    });
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true });
    const response = await outbound(
      new Request(`http://127.0.0.1:${upstream.port}/`, {
        method: 'POST',
        headers: {
          host: 'internal.example',
          'transfer-encoding': 'chunked',
          'accept-encoding': 'gzip',
          'x-custom': 'kept',
        },
        body: 'abc',
      }),
    );
    expect(await response.json()).toEqual({
      host: `127.0.0.1:${upstream.port}`,
      encoding: 'identity',
      transfer: null,
      length: '3',
      custom: 'kept',
    });
  });

  it('reports a malformed response by its code only, without the response bytes', async () => {
    const garbage = await listen(
      createTcpServer((socket) => {
        socket.end(`HTTP/1.1 200 OK\r\nBad Header\r\n\r\n{"access_token":"${SECRET}"}`);
      }),
    );
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true });
    const error = await outbound(`http://127.0.0.1:${garbage}/`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundConnectionFailed);
    expect((error as OutboundConnectionFailed).code).toMatch(/^HPE_/);
    expect((error as Error).cause).toBeUndefined();
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });

  it('refuses a request it cannot build without quoting its headers', async () => {
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true });
    const error = await refusal(
      outbound('http://127.0.0.1:1/', { headers: { authorization: `Bearer ${SECRET}\nx: y` } }),
    );
    expect(error.reason).toBe('invalid-request');
    expect(error.message).not.toContain(SECRET);
    expect(error.cause).toBeUndefined();
  });

  it('refuses an encoded body it did not ask for', async () => {
    const gzipping = await httpServer((request, response) => {
      expect(request.headers['accept-encoding']).toBe('identity');
      response.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.from([0x1f, 0x8b]));
    });
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true });
    expect((await refusal(outbound(`http://127.0.0.1:${gzipping.port}/`))).reason).toBe(
      'unsupported-content-encoding',
    );
  });

  it('reports a refused connection as OutboundConnectionFailed and honours the caller’s abort signal', async () => {
    const closedPort = await listen(createTcpServer());
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true });
    const error = await outbound(`http://127.0.0.1:${closedPort}/`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundConnectionFailed);
    expect((error as OutboundConnectionFailed).code).toBe('ECONNREFUSED');

    const silent = await httpServer(() => {});
    const controller = new AbortController();
    const pending = outbound(`http://127.0.0.1:${silent.port}/`, { signal: controller.signal });
    controller.abort(new Error('caller gave up'));
    await expect(pending).rejects.toThrow('caller gave up');
  });
});

describe('https upstream with a self-signed certificate (development policy)', () => {
  const certificate = createSelfSignedCertificate(['upstream.test']);
  let port = 0;
  let issuer = '';
  const sniNames: (string | false | null)[] = [];
  const resolver = tableResolver({ 'upstream.test': ['127.0.0.1'], 'other-name.test': ['127.0.0.1'] });

  beforeAll(async () => {
    const server = createHttpsServer(
      { cert: certificate.cert, key: certificate.key },
      (request, response) => {
        sniNames.push((request.socket as TLSSocket).servername);
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
          }),
        );
      },
    );
    port = await listen(server);
    issuer = `https://upstream.test:${port}`;
  });

  it('serves openid-client discovery through customFetch, with SNI and the certificate checked on the hostname', async () => {
    const outbound = createOutboundFetch({
      allowLoopbackForDevelopment: true,
      resolve: resolver.resolve,
      extraCaCertificates: [certificate.cert],
    });
    const configuration = await client.discovery(new URL(issuer), 'tessera', undefined, undefined, {
      [client.customFetch]: outbound,
    });
    expect(configuration.serverMetadata().token_endpoint).toBe(`${issuer}/token`);
    expect(sniNames).toContain('upstream.test');
  });

  it('refuses a certificate that is not trusted, or not for the hostname', async () => {
    const untrusting = createOutboundFetch({ allowLoopbackForDevelopment: true, resolve: resolver.resolve });
    const untrusted = await untrusting(`${issuer}/`).catch((caught: unknown) => caught);
    expect(untrusted).toBeInstanceOf(OutboundConnectionFailed);
    expect((untrusted as OutboundConnectionFailed).code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');

    const trusting = createOutboundFetch({
      allowLoopbackForDevelopment: true,
      resolve: resolver.resolve,
      extraCaCertificates: [certificate.cert],
    });
    // Same server and address, another name: the check is on the URL's hostname, not on where it resolved.
    const wrongName = await trusting(`https://other-name.test:${port}/`).catch((caught: unknown) => caught);
    expect(wrongName).toBeInstanceOf(OutboundConnectionFailed);
    expect((wrongName as OutboundConnectionFailed).code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    const byAddress = await trusting(`https://127.0.0.1:${port}/`).catch((caught: unknown) => caught);
    expect(byAddress).toBeInstanceOf(OutboundConnectionFailed);
  });
});
