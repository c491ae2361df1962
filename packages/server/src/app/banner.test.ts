import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { startBanner } from './banner.js';

const KEK = Buffer.alloc(32, 7).toString('base64url');
const facts = { version: '9.8.7', workers: 1, installToken: 'tok_123', commandLine: 'tessera' };

describe('start banner', () => {
  it('is one JSON log line in production mode, naming the mode, the version and the URLs', () => {
    const config = loadConfig({
      TESSERA_ENV: 'production',
      TESSERA_BASE_URL: 'https://id.example.com',
      TESSERA_KEK: KEK,
      DATABASE_URL: 'postgres://tessera@db/tessera',
    });
    const banner = startBanner(config, facts);
    expect(banner.endsWith('\n')).toBe(true);
    expect(banner.trimEnd().split('\n')).toHaveLength(1);
    // A log pipeline reads it like the pino lines around it.
    expect(JSON.parse(banner)).toMatchObject({
      level: 30,
      msg: 'Tessera is running',
      version: '9.8.7',
      mode: 'production',
      storage: 'postgresql',
      public_url: 'https://id.example.com',
      install_url: 'http://localhost:9081/setup#token=tok_123',
    });
    expect(typeof JSON.parse(banner).time).toBe('number');
  });

  it('names development mode and each thing it relaxes', () => {
    const config = loadConfig({ TESSERA_DATA_DIR: '/srv/tessera', TESSERA_OUTBOUND_ALLOW_LOOPBACK: 'true' });
    const banner = startBanner(config, facts);
    expect(banner).toContain(
      'Tessera is running (9.8.7, development mode, 1 process, embedded database in /srv/tessera).',
    );
    expect(banner).toContain('the key-encryption key file is created when missing (/srv/tessera/kek.json)');
    expect(banner).toContain('an http issuer is allowed (http://localhost:9080)');
    expect(banner).toContain(
      'emails (password reset and verification links, invites) are written to the log',
    );
    expect(banner).toContain('outbound requests to loopback addresses are allowed');
    expect(banner).toContain("or run 'tessera install --admin-email you@example.com'");
  });

  it('leaves out what this development configuration does not relax', () => {
    const config = loadConfig({ TESSERA_BASE_URL: 'https://id.example.com', TESSERA_KEK: KEK });
    const banner = startBanner(config, { ...facts, installToken: null });
    expect(banner).toContain('development mode');
    expect(banner).not.toMatch(/key file is created|http issuer|loopback|First-run install/);
  });
});
