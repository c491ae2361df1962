// The SSRF cases against the outbound fetch. The production policy (the default) must refuse every
// internal target before a byte is sent; loopback servers with the development flag prove that the connection goes
// to the address that was checked and that redirects are not followed.
import { createServer as createTcpServer } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoopbackServers, tableResolver } from '../testing/loopback-servers.js';
import {
  OutboundConnectionFailed,
  OutboundRequestRefused,
  OutboundTimeout,
  OutboundTooLarge,
} from './errors.js';
import { createOutboundFetch } from './fetch.js';

const PUBLIC_ADDRESS = '93.184.215.14';
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

/** A TCP server that accepts connections and counts them; nothing should ever reach it. */
const trap = { port: 0, connections: 0 };

beforeAll(async () => {
  trap.port = await servers.listen(
    createTcpServer((socket) => {
      trap.connections += 1;
      socket.destroy();
    }),
  );
});

afterAll(() => servers.closeAll());

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
    // An option given as undefined keeps its default, as an absent one does.
    const error = await refusal(
      createOutboundFetch({ resolve: undefined })(`https://localhost:${trap.port}/`),
    );
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

  it('never reaches the address a changed DNS answer gives after the check', async () => {
    // The first answer is public (3ffe::/16, the returned 6bone block: in 2000::/3, routed nowhere), every later
    // one is loopback where the trap listens. The fetch must fail on the checked address, not reach the trap.
    let lookups = 0;
    const rebinding = createOutboundFetch({
      connectTimeoutMs: 300,
      resolve: async () => {
        lookups += 1;
        return lookups === 1 ? ['3ffe:ffff::1'] : ['127.0.0.1'];
      },
    });
    const error = await rebinding(`https://rebind.test:${trap.port}/`).catch((caught: unknown) => caught);
    expect(error).toSatisfy(
      (caught) => caught instanceof OutboundTimeout || caught instanceof OutboundConnectionFailed,
    );
    expect(lookups).toBe(1);
    expect(trap.connections).toBe(0);
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

describe('private-network hosts an operator named (webhooks.private_hosts)', () => {
  const named = new Set(['hooks.internal.test', 'named-loopback.test', 'named-metadata.test']);
  const outbound = createOutboundFetch({
    allowPrivateNetworkHost: (hostname) => named.has(hostname),
    connectTimeoutMs: 300,
    totalTimeoutMs: 600,
    resolve: tableResolver({
      'hooks.internal.test': ['10.255.255.1'],
      'other.internal.test': ['10.255.255.1'],
      'named-loopback.test': ['127.0.0.1'],
      'named-metadata.test': ['169.254.169.254'],
    }).resolve,
  });

  it('lets a named host reach its private address over https, and no other host', async () => {
    const error = await outbound('https://hooks.internal.test/hooks').then(
      () => null,
      (caught: unknown) => caught,
    );
    // The policy let it through: it failed only because nothing answers at that address.
    expect(error).not.toBeInstanceOf(OutboundRequestRefused);
    expect(
      error === null || error instanceof OutboundConnectionFailed || error instanceof OutboundTimeout,
    ).toBe(true);
    const other = await refusal(outbound('https://other.internal.test/hooks'));
    expect(other).toMatchObject({ reason: 'address-not-allowed', refusedAddress: { range: 'private' } });
    expect((await refusal(outbound('https://10.255.255.1/hooks'))).reason).toBe('address-not-allowed');
  });

  it('never allows plain http, loopback or link-local for a named host', async () => {
    expect((await refusal(outbound('http://hooks.internal.test/hooks'))).reason).toBe('scheme-not-allowed');
    expect((await refusal(outbound('https://named-loopback.test/'))).refusedAddress?.range).toBe('loopback');
    expect((await refusal(outbound('https://named-metadata.test/'))).refusedAddress?.range).toBe(
      'link-local',
    );
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

  it('connects to the address it checked: one lookup, no second answer (DNS rebinding)', async () => {
    // Two servers on the same port of two loopback addresses: the resolver's first answer names the first one,
    // every later answer the second. Reaching the first with a single lookup proves the connection used the
    // checked answer; any second resolution (ours or Node's own DNS, which does not know the name) would not.
    const first = await servers.http((_request, response) => response.end('checked'), '127.0.0.1');
    const second = await servers.http(
      (_request, response) => response.end('rebound'),
      '127.0.0.2',
      first.port,
    );
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
    const upstream = await servers.http((_request, response) => response.end('reached'));
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
    const target = await servers.http((_request, response) => response.end('followed'));
    const redirecting = await servers.http((request, response) => {
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
});

describe('every refusal is logged at warn with the rule that refused it and the host', () => {
  /** A pino logger at warn writing into `lines`, as the service's logger is set up (app/logging.ts). */
  function capturedLogger() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        callback();
      },
    });
    return { logger: pino({ level: 'warn' }, stream), lines };
  }
  const { resolve } = tableResolver({ 'intranet.test': ['10.1.2.3'], 'public.test': [PUBLIC_ADDRESS] });

  it('names the rule, the scheme and the host, never the path, query or credentials', async () => {
    const { logger, lines } = capturedLogger();
    const outbound = createOutboundFetch({ resolve, logger });
    const cases: [url: string, rule: string, host: string | null][] = [
      [`http://public.test/token?code=${SECRET}`, 'scheme', 'public.test'],
      [`file:///etc/passwd?${SECRET}`, 'scheme', null],
      [`https://127.0.0.1:${trap.port}/x?${SECRET}`, 'loopback', `127.0.0.1:${trap.port}`],
      [`https://intranet.test/token?code=${SECRET}`, 'private', 'intranet.test'],
      [`https://169.254.169.254/latest/meta-data/${SECRET}`, 'link_local', '169.254.169.254'],
      [`https://user:${SECRET}@public.test/`, 'credentials_in_url', 'public.test'],
      [`https://nowhere.test/${SECRET}`, 'resolution_failed', 'nowhere.test'],
    ];
    for (const [url, rule, host] of cases) {
      await refusal(outbound(url, { headers: { authorization: `Bearer ${SECRET}` } }));
      expect(lines.at(-1), url).toMatchObject({ level: 40, outbound: { rule, host } });
    }
    expect(lines).toHaveLength(cases.length);
    expect(
      lines.find((line) => line.outbound && (line.outbound as { rule: string }).rule === 'private'),
    ).toMatchObject({ outbound: { address: '10.1.2.3', scheme: 'https' } });
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(JSON.stringify(lines)).not.toContain('/etc/passwd');
    expect(trap.connections).toBe(0);
  });

  it('logs a response over the size limit, a timeout and a redirect not followed', async () => {
    const { logger, lines } = capturedLogger();
    const large = await servers.http((_request, response) => response.end('x'.repeat(2048)));
    const slow = await servers.http(() => {
      // Never answers: the total timeout ends the exchange.
    });
    const redirecting = await servers.http((_request, response) => {
      response.statusCode = 302;
      response.setHeader('location', `https://169.254.169.254/?${SECRET}`);
      response.end();
    });
    const outbound = createOutboundFetch({
      allowLoopbackForDevelopment: true,
      maxResponseBytes: 1024,
      totalTimeoutMs: 300,
      logger,
    });
    await expect(outbound(`http://127.0.0.1:${large.port}/?${SECRET}`)).rejects.toBeInstanceOf(
      OutboundTooLarge,
    );
    await expect(outbound(`http://127.0.0.1:${slow.port}/`)).rejects.toBeInstanceOf(OutboundTimeout);
    expect(
      (await outbound(`http://127.0.0.1:${redirecting.port}/?${SECRET}`, { redirect: 'manual' })).status,
    ).toBe(302);
    expect(lines.map((line) => [line.level, line.outbound])).toEqual([
      [40, { rule: 'too_large', scheme: 'http', host: `127.0.0.1:${large.port}` }],
      [40, { rule: 'timeout', scheme: 'http', host: `127.0.0.1:${slow.port}` }],
      [40, { rule: 'redirect', scheme: 'http', host: `127.0.0.1:${redirecting.port}` }],
    ]);
    expect(JSON.stringify(lines)).not.toContain(SECRET);
  });
});
