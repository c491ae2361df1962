import { lookup } from 'node:dns/promises';
import { existsSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { relative } from 'node:path';
import { type Config, ConfigError, configurationSource, loadConfig } from './config.js';

/**
 * `tessera doctor`: the configuration against the production checklist of docs/production.md. Each item is checked
 * from the configuration itself; SMTP, an admin setting, is read from the database (PostgreSQL only: an embedded
 * database already fails the checklist, and its directory may be held by a running server).
 */

export interface DoctorItem {
  name: string;
  ok: boolean;
  /** What is configured, or what is missing and how to fix it. */
  detail: string;
}

type Source = Record<string, string | undefined>;

/** Addresses only the machine itself or a private network reaches. */
const PRIVATE_RANGES = (() => {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('10.0.0.0', 8, 'ipv4');
  list.addSubnet('172.16.0.0', 12, 'ipv4');
  list.addSubnet('192.168.0.0', 16, 'ipv4');
  list.addSubnet('100.64.0.0', 10, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  return list;
})();

function isPrivateAddress(address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return PRIVATE_RANGES.check(address, family);
}

async function adminHostItem(host: string): Promise<DoctorItem> {
  const name = 'admin port private';
  if (host === '0.0.0.0' || host === '::' || host === '')
    return {
      name,
      ok: false,
      detail: `TESSERA_ADMIN_HOST=${host || "''"} listens on every interface; bind it to a loopback or private address`,
    };
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return { name, ok: false, detail: `TESSERA_ADMIN_HOST=${host} does not resolve` };
  }
  const exposed = addresses.filter((address) => !isPrivateAddress(address));
  return exposed.length === 0
    ? { name, ok: true, detail: `TESSERA_ADMIN_HOST=${host} (private)` }
    : {
        name,
        ok: false,
        detail: `TESSERA_ADMIN_HOST=${host} is a public address (${exposed.join(', ')}); bind it to a private one`,
      };
}

function kekItem(source: Source, config: Config): DoctorItem {
  const name = 'KEK from a secret';
  if (config.kek !== null) return { name, ok: true, detail: 'TESSERA_KEK' };
  if (!source.TESSERA_KEK_FILE)
    return {
      name,
      ok: false,
      detail: `no TESSERA_KEK: the key would be generated into ${config.kekFile}, beside the data; set TESSERA_KEK from your secret manager (or TESSERA_KEK_FILE to a mounted secret)`,
    };
  if (!existsSync(config.kekFile))
    return { name, ok: false, detail: `TESSERA_KEK_FILE=${config.kekFile} does not exist` };
  const inside = relative(config.dataDir, config.kekFile);
  if (!inside.startsWith('..'))
    return {
      name,
      ok: false,
      detail: `TESSERA_KEK_FILE=${config.kekFile} is inside the data directory, so backups of it carry the key; keep it apart (a mounted secret)`,
    };
  return { name, ok: true, detail: `TESSERA_KEK_FILE=${config.kekFile}` };
}

/** Whether an SMTP host is set, read from the settings table of the PostgreSQL database. */
async function smtpItem(config: Config): Promise<DoctorItem> {
  const name = 'SMTP';
  if (!config.databaseUrl)
    return { name, ok: false, detail: 'not checked: the embedded database is not for production' };
  const { openDatabase } = await import('../db/client.js');
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, embeddedDir: null, poolSize: 1 });
    try {
      const rows = await database.withConnection((connection) =>
        connection.query<{ value: unknown }>("SELECT value FROM settings WHERE key = 'smtp.host'"),
      );
      const host = rows[0]?.value;
      return typeof host === 'string' && host !== ''
        ? { name, ok: true, detail: `smtp.host=${host}` }
        : {
            name,
            ok: false,
            detail:
              'no SMTP server: set it in the admin portal (Settings, Email); without it no email is sent',
          };
    } finally {
      await database.close();
    }
  } catch (error) {
    return {
      name,
      ok: false,
      detail: `cannot read the settings from DATABASE_URL: ${(error as Error).message}`,
    };
  }
}

/** Every item of the checklist for the configuration `env` describes (the environment, with TESSERA_CONFIG). */
export async function checkProduction(env: Source): Promise<DoctorItem[]> {
  const source = configurationSource(env);
  // Read as development so that what production refuses at start is listed here, with the rest.
  const config = loadConfig({ ...source, TESSERA_ENV: 'development', TESSERA_CONFIG: undefined });
  const baseUrl = source.TESSERA_BASE_URL;
  return [
    source.TESSERA_ENV === 'production'
      ? { name: 'production mode', ok: true, detail: 'TESSERA_ENV=production' }
      : { name: 'production mode', ok: false, detail: 'set TESSERA_ENV=production' },
    baseUrl?.startsWith('https://')
      ? { name: 'https base URL', ok: true, detail: `TESSERA_BASE_URL=${config.baseUrl}` }
      : {
          name: 'https base URL',
          ok: false,
          detail: baseUrl
            ? `TESSERA_BASE_URL=${baseUrl} is not https`
            : 'set TESSERA_BASE_URL to the https URL clients reach',
        },
    kekItem(source, config),
    config.databaseUrl
      ? { name: 'PostgreSQL', ok: true, detail: 'DATABASE_URL' }
      : {
          name: 'PostgreSQL',
          ok: false,
          detail: 'no DATABASE_URL: the embedded database serves one process and does not flush to disk',
        },
    config.redisUrl
      ? { name: 'Redis', ok: true, detail: 'REDIS_URL' }
      : { name: 'Redis', ok: false, detail: 'no REDIS_URL: rate limits are counted per node' },
    await smtpItem(config),
    source.TESSERA_TRUST_PROXY !== undefined
      ? { name: 'trusted proxy', ok: true, detail: `TESSERA_TRUST_PROXY=${source.TESSERA_TRUST_PROXY}` }
      : {
          name: 'trusted proxy',
          ok: false,
          detail:
            'TESSERA_TRUST_PROXY is not set: name your TLS proxy (its addresses or hop count), or false when clients connect directly',
        },
    await adminHostItem(config.adminHost),
  ];
}

/** Prints the checklist; exit status 1 when an item is missing (a configuration that does not load, too). */
export async function runDoctorCommand(env: Source): Promise<number> {
  let items: DoctorItem[];
  try {
    items = await checkProduction(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stdout.write(`MISSING  configuration: ${error.message}\n`);
    return 1;
  }
  const width = Math.max(...items.map((item) => item.name.length));
  const lines = items.map(
    (item) => `${item.ok ? 'ok     ' : 'MISSING'}  ${item.name.padEnd(width)}  ${item.detail}`,
  );
  const missing = items.filter((item) => !item.ok).length;
  lines.push(
    '',
    'Not checked here: backups (tessera backup or pg_dump, with the KEK kept apart) and monitoring',
    '(/readyz, /metrics on the admin port); see docs/production.md.',
    missing === 0 ? 'ready for production' : `${missing} missing`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  return missing === 0 ? 0 : 1;
}
