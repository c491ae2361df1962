import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      environment: 'development',
      baseUrl: 'http://localhost:9080',
      publicPort: 9080,
      adminPort: 9081,
      trustProxy: false,
      databaseUrl: null,
      bodyLimitBytes: 1024 * 1024,
      cacheTrustSeconds: 5,
      shutdownGraceSeconds: 10,
      outboundAllowLoopback: false,
    });
    expect(config.kekFile.endsWith('/data/kek.json')).toBe(true);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      TESSERA_BASE_URL: 'https://id.example.com/',
      TESSERA_PUBLIC_PORT: '8000',
      TESSERA_ADMIN_PORT: '8001',
      TESSERA_DATA_DIR: '/var/lib/tessera',
      DATABASE_URL: 'postgres://db/tessera',
      REDIS_URL: 'redis://cache:6379',
      TESSERA_TRUST_PROXY: '10.0.0.0/8,192.168.1.1',
      TESSERA_BODY_LIMIT: '2MiB',
      TESSERA_LOG_LEVEL: 'warn',
      TESSERA_CACHE_TRUST_SECONDS: '3',
      TESSERA_SHUTDOWN_GRACE_SECONDS: '25',
      TESSERA_OUTBOUND_ALLOW_LOOPBACK: 'true',
    });
    expect(config.baseUrl).toBe('https://id.example.com');
    expect(config.publicPort).toBe(8000);
    expect(config.dataDir).toBe('/var/lib/tessera');
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(config.bodyLimitBytes).toBe(2 * 1024 * 1024);
    expect(config.cacheTrustSeconds).toBe(3);
    expect(config.shutdownGraceSeconds).toBe(25);
    expect(config.outboundAllowLoopback).toBe(true);
    expect(loadConfig({ TESSERA_SHUTDOWN_GRACE_SECONDS: '0' }).shutdownGraceSeconds).toBe(0);
    expect(loadConfig({ TESSERA_TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each([
    [{ TESSERA_PUBLIC_PORT: 'eighty' }, /^TESSERA_PUBLIC_PORT: must be a port number/],
    [{ TESSERA_ADMIN_PORT: '70000' }, /^TESSERA_ADMIN_PORT: /],
    [{ TESSERA_PUBLIC_PORT: '9000', TESSERA_ADMIN_PORT: '9000' }, /^TESSERA_ADMIN_PORT: must differ/],
    [{ TESSERA_BASE_URL: 'id.example.com' }, /^TESSERA_BASE_URL: must be an absolute/],
    [{ TESSERA_BASE_URL: 'https://id.example.com/?x=1' }, /^TESSERA_BASE_URL: must not contain a query/],
    [{ TESSERA_BASE_URL: 'ftp://id.example.com' }, /^TESSERA_BASE_URL: must use http or https/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: /],
    [{ REDIS_URL: 'http://x' }, /^REDIS_URL: /],
    [{ TESSERA_TRUST_PROXY: 'everyone' }, /^TESSERA_TRUST_PROXY: /],
    [{ TESSERA_LOG_LEVEL: 'loud' }, /^TESSERA_LOG_LEVEL: /],
    [{ TESSERA_BODY_LIMIT: 'huge' }, /^TESSERA_BODY_LIMIT: /],
    [{ TESSERA_CACHE_TRUST_SECONDS: '1' }, /^TESSERA_CACHE_TRUST_SECONDS: /],
    [{ TESSERA_CACHE_TRUST_SECONDS: '2.5' }, /^TESSERA_CACHE_TRUST_SECONDS: /],
    [{ TESSERA_SHUTDOWN_GRACE_SECONDS: '2.5' }, /^TESSERA_SHUTDOWN_GRACE_SECONDS: must be whole seconds/],
    [{ TESSERA_SHUTDOWN_GRACE_SECONDS: '601' }, /^TESSERA_SHUTDOWN_GRACE_SECONDS: must be whole seconds/],
    [{ TESSERA_ENV: 'staging' }, /^TESSERA_ENV: /],
    [
      { TESSERA_OUTBOUND_ALLOW_LOOPBACK: 'yes' },
      /^TESSERA_OUTBOUND_ALLOW_LOOPBACK: must be 'true' or 'false'/,
    ],
    [
      {
        TESSERA_ENV: 'production',
        TESSERA_BASE_URL: 'https://id.example.com',
        TESSERA_KEK: 'x',
        TESSERA_OUTBOUND_ALLOW_LOOPBACK: 'true',
      },
      /^TESSERA_OUTBOUND_ALLOW_LOOPBACK: refused in production/,
    ],
    [{ TESSERA_ENV: 'production', TESSERA_KEK: 'x' }, /^TESSERA_BASE_URL: required/],
    [
      { TESSERA_ENV: 'production', TESSERA_BASE_URL: 'http://id.example.com', TESSERA_KEK: 'x' },
      /^TESSERA_BASE_URL: must use https in production/,
    ],
    [
      { TESSERA_ENV: 'production', TESSERA_BASE_URL: 'https://id.example.com' },
      /^TESSERA_KEK: required in production/,
    ],
  ])('rejects %j with one line naming the variable', (env, pattern) => {
    const message = errorOf(env);
    expect(message).toMatch(pattern);
    expect(message).not.toContain('\n');
  });

  it('reads a JSON config file, with the environment taking precedence', () => {
    const directory = mkdtempSync(join(tmpdir(), 'tessera-config-'));
    const path = join(directory, 'tessera.json');
    writeFileSync(
      path,
      JSON.stringify({ baseUrl: 'https://file.example.com', publicPort: 7000, adminPort: 7001 }),
    );
    const config = loadConfig({ TESSERA_CONFIG: path, TESSERA_ADMIN_PORT: '7002' });
    expect(config.baseUrl).toBe('https://file.example.com');
    expect(config.publicPort).toBe(7000);
    expect(config.adminPort).toBe(7002);
    writeFileSync(path, JSON.stringify({ publicPrt: 1 }));
    expect(errorOf({ TESSERA_CONFIG: path })).toMatch(/^TESSERA_CONFIG: unknown key 'publicPrt'/);
    writeFileSync(path, '{nope');
    expect(errorOf({ TESSERA_CONFIG: path })).toMatch(/^TESSERA_CONFIG: .* is not valid JSON/);
  });
});
