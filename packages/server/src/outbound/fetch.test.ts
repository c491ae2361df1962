// The outbound fetch as a transport, against real servers on loopback with the development flag: what it sends
// and returns, openid-client's customFetch over https, the timeouts, the size limit and its errors. The SSRF
// refusals are in ssrf.test.ts.
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer } from 'node:net';
import type { TLSSocket } from 'node:tls';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoopbackServers, tableResolver } from '../testing/loopback-servers.js';
import { createSelfSignedCertificate } from '../testing/tls.js';
import {
  OutboundConnectionFailed,
  OutboundRequestRefused,
  OutboundTimeout,
  OutboundTooLarge,
} from './errors.js';
import { createOutboundFetch } from './fetch.js';

const SECRET = 's3cr3t-value';
const servers = new LoopbackServers();

async function refusal(promise: Promise<unknown>): Promise<OutboundRequestRefused> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundRequestRefused);
  return error as OutboundRequestRefused;
}

afterAll(() => servers.closeAll());

describe('development policy (loopback allowed)', () => {
  it('sends method, headers and body, and returns status, headers and body', async () => {
    const upstream = await servers.http((request, response) => {
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

  it('cuts an upstream that never answers with the total timeout', async () => {
    const silent = await servers.http(() => {});
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true, totalTimeoutMs: 300 });
    const error = await outbound(`http://127.0.0.1:${silent.port}/`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundTimeout);
    expect((error as OutboundTimeout).phase).toBe('total');
  });

  it('cuts a body that trickles in with the total timeout', async () => {
    const trickling = await servers.http((_request, response) => {
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
    const mute = await servers.listen(createTcpServer(() => {}));
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
    const huge = await servers.http((_request, response) => {
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
    const sized = await servers.http((request, response) => {
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
    const upstream = await servers.http((_request, response) => response.end('v4'));
    const outbound = createOutboundFetch({
      allowLoopbackForDevelopment: true,
      resolve: async () => ['::1', '127.0.0.1'],
    });
    // Nothing listens on [::1] at this port: the connection falls back to the second checked address.
    expect(await (await outbound(`http://dual.test:${upstream.port}/`)).text()).toBe('v4');
  });

  it('sets Host, framing and encoding itself, whatever the caller sends, and accepts a Request', async () => {
    const upstream = await servers.http((request, response) => {
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
    const garbage = await servers.listen(
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

  it('refuses a status the Fetch standard cannot represent', async () => {
    const odd = await servers.listen(
      createTcpServer((socket) => socket.end('HTTP/1.1 999 Odd\r\nContent-Length: 0\r\n\r\n')),
    );
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true });
    const error = await refusal(outbound(`http://127.0.0.1:${odd}/`));
    expect(error.reason).toBe('invalid-response');
    expect(error.message).toContain('status 999');
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
    const gzipping = await servers.http((request, response) => {
      expect(request.headers['accept-encoding']).toBe('identity');
      response.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.from([0x1f, 0x8b]));
    });
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true });
    expect((await refusal(outbound(`http://127.0.0.1:${gzipping.port}/`))).reason).toBe(
      'unsupported-content-encoding',
    );
  });

  it('reports a refused connection as OutboundConnectionFailed and honours the caller’s abort signal', async () => {
    const closedPort = await servers.closedPort();
    const outbound = createOutboundFetch({ allowLoopbackForDevelopment: true });
    const error = await outbound(`http://127.0.0.1:${closedPort}/`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundConnectionFailed);
    expect((error as OutboundConnectionFailed).code).toBe('ECONNREFUSED');

    const silent = await servers.http(() => {});
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
    port = await servers.listen(server);
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
