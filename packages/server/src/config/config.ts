import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Process configuration: what must be known before the database is reachable. Runtime settings live in the database. */
export interface Config {
  environment: 'development' | 'production';
  baseUrl: string;
  /** Whether TESSERA_BASE_URL was given; if not, a base URL chosen at install applies from the next start. */
  baseUrlExplicit: boolean;
  adminUrl: string;
  publicPort: number;
  adminPort: number;
  publicHost: string;
  adminHost: string;
  dataDir: string;
  /** Keyring text from TESSERA_KEK (`<base64url>` or `v2:<base64url>,v1:<base64url>`); null means use the key file. */
  kek: string | null;
  kekFile: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /**
   * How long a node keeps answering from its caches (client secrets and configuration) after it last proved that
   * change notifications reach it; past this it reads the database instead, or answers 503 (docs/operations.md).
   */
  cacheTrustSeconds: number;
  /** Passed to Fastify's `trustProxy`: false, true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  bodyLimitBytes: number;
  /** How long a stopping process lets in-flight requests finish before it closes the connections left. */
  shutdownGraceSeconds: number;
  /**
   * Lets upstream requests (federation) reach loopback addresses, over http too, for tests and local development
   * (outbound/fetch.ts). Refused with TESSERA_ENV=production.
   */
  outboundAllowLoopback: boolean;
}

/** Thrown for an invalid or missing value; the message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Source = Record<string, string | undefined>;

/** Each option: the environment variable, the config-file key, and a parser that throws a one-line reason. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function parsePort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535)
    throw new Error('must be a port number from 0 to 65535');
  return Number(value);
}

export function parseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('must use http or https');
  if (url.search || url.hash) throw new Error('must not contain a query or fragment');
  if (url.username || url.password) throw new Error('must not contain credentials');
  // The issuer identifier has no trailing slash (OIDC Discovery §4.3 compares it character by character).
  return url.href.replace(/\/$/, '');
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false' || value === '') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((entry) => entry.trim());
  for (const entry of list) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))
      throw new Error(`'${entry}' is not an IP address or CIDR`);
  }
  return list;
}

/** At least two seconds: the notification connection proves itself once a second (db/pg-notifications.ts). */
function parseCacheTrustSeconds(value: string): number {
  if (!/^\d{1,3}$/.test(value) || Number(value) < 2 || Number(value) > 300)
    throw new Error('must be a whole number of seconds from 2 to 300');
  return Number(value);
}

function parseSize(value: string): number {
  const match = /^(\d+)\s*(b|kib|kb|mib|mb)?$/i.exec(value.trim());
  if (!match) throw new Error('must be a size such as 1048576, 512KiB or 1MiB');
  const unit = (match[2] ?? 'b').toLowerCase();
  const factor = unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 * 1024 : 1;
  const bytes = Number(match[1]) * factor;
  if (bytes < 1024) throw new Error('must be at least 1KiB');
  return bytes;
}

function parseGraceSeconds(value: string): number {
  if (!/^\d{1,3}$/.test(value) || Number(value) > 600) throw new Error('must be whole seconds from 0 to 600');
  return Number(value);
}

function parseBoolean(value: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error("must be 'true' or 'false'");
}

function readConfigFile(path: string): Source {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`TESSERA_CONFIG: cannot read config file ${path}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`TESSERA_CONFIG: ${path} is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`TESSERA_CONFIG: ${path} must hold a JSON object`);
  }
  const source: Source = {};
  for (const [key, value] of Object.entries(parsed)) {
    const envName = FILE_KEYS[key];
    if (!envName) throw new ConfigError(`TESSERA_CONFIG: unknown key '${key}' in ${path}`);
    source[envName] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return source;
}

/** Config-file keys (camelCase) and the environment variables they stand for. */
const FILE_KEYS: Record<string, string> = {
  environment: 'TESSERA_ENV',
  baseUrl: 'TESSERA_BASE_URL',
  adminUrl: 'TESSERA_ADMIN_URL',
  publicPort: 'TESSERA_PUBLIC_PORT',
  adminPort: 'TESSERA_ADMIN_PORT',
  publicHost: 'TESSERA_PUBLIC_HOST',
  adminHost: 'TESSERA_ADMIN_HOST',
  dataDir: 'TESSERA_DATA_DIR',
  kekFile: 'TESSERA_KEK_FILE',
  databaseUrl: 'DATABASE_URL',
  redisUrl: 'REDIS_URL',
  cacheTrustSeconds: 'TESSERA_CACHE_TRUST_SECONDS',
  trustProxy: 'TESSERA_TRUST_PROXY',
  logLevel: 'TESSERA_LOG_LEVEL',
  bodyLimit: 'TESSERA_BODY_LIMIT',
  shutdownGraceSeconds: 'TESSERA_SHUTDOWN_GRACE_SECONDS',
  outboundAllowLoopback: 'TESSERA_OUTBOUND_ALLOW_LOOPBACK',
};

function read<T>(
  source: Source,
  name: string,
  fallback: string | null,
  parse: (value: string) => T,
): T | null {
  const raw = source[name];
  const value = raw === undefined || raw === '' ? fallback : raw;
  if (value === null) return null;
  try {
    return parse(value);
  } catch (error) {
    throw new ConfigError(`${name}: ${(error as Error).message} (got '${value.slice(0, 80)}')`);
  }
}

function required<T>(value: T | null, name: string): T {
  if (value === null) throw new ConfigError(`${name}: required but not set`);
  return value;
}

/**
 * Loads configuration from the environment, over an optional JSON config file named by TESSERA_CONFIG
 * (the environment wins). Throws ConfigError with one line naming the offending variable.
 */
/** The variables the configuration is read from: the environment over the config file (TESSERA_CONFIG). */
export function configurationSource(env: Source = process.env): Source {
  const fileSource = env.TESSERA_CONFIG ? readConfigFile(env.TESSERA_CONFIG) : {};
  return { ...fileSource, ...env };
}

export function loadConfig(env: Source = process.env): Config {
  const source = configurationSource(env);

  const environment = required(
    read(source, 'TESSERA_ENV', 'development', (value) => {
      if (value !== 'development' && value !== 'production')
        throw new Error("must be 'development' or 'production'");
      return value;
    }),
    'TESSERA_ENV',
  );
  const publicPort = required(read(source, 'TESSERA_PUBLIC_PORT', '9080', parsePort), 'TESSERA_PUBLIC_PORT');
  const adminPort = required(read(source, 'TESSERA_ADMIN_PORT', '9081', parsePort), 'TESSERA_ADMIN_PORT');
  if (publicPort === adminPort && publicPort !== 0) {
    throw new ConfigError(`TESSERA_ADMIN_PORT: must differ from TESSERA_PUBLIC_PORT (both ${publicPort})`);
  }
  const productionDefault = environment === 'production' ? null : `http://localhost:${publicPort}`;
  const baseUrl = required(read(source, 'TESSERA_BASE_URL', productionDefault, parseUrl), 'TESSERA_BASE_URL');
  if (environment === 'production' && !baseUrl.startsWith('https://')) {
    throw new ConfigError(`TESSERA_BASE_URL: must use https in production (got '${baseUrl}')`);
  }
  const adminUrl = required(
    read(source, 'TESSERA_ADMIN_URL', `http://localhost:${adminPort}`, parseUrl),
    'TESSERA_ADMIN_URL',
  );
  const dataDir = resolve(required(read(source, 'TESSERA_DATA_DIR', './data', String), 'TESSERA_DATA_DIR'));
  const kek = read(source, 'TESSERA_KEK', null, String);
  if (environment === 'production' && kek === null && !source.TESSERA_KEK_FILE) {
    throw new ConfigError(
      'TESSERA_KEK: required in production (or set TESSERA_KEK_FILE to an existing key file)',
    );
  }
  const databaseUrl = read(source, 'DATABASE_URL', null, (value) => {
    if (!/^postgres(ql)?:\/\//.test(value)) throw new Error('must be a postgres:// or postgresql:// URL');
    return value;
  });
  const outboundAllowLoopback = required(
    read(source, 'TESSERA_OUTBOUND_ALLOW_LOOPBACK', 'false', parseBoolean),
    'TESSERA_OUTBOUND_ALLOW_LOOPBACK',
  );
  if (environment === 'production' && outboundAllowLoopback) {
    throw new ConfigError('TESSERA_OUTBOUND_ALLOW_LOOPBACK: refused in production (TESSERA_ENV=production)');
  }
  const redisUrl = read(source, 'REDIS_URL', null, (value) => {
    if (!/^rediss?:\/\//.test(value)) throw new Error('must be a redis:// or rediss:// URL');
    return value;
  });

  return {
    environment,
    baseUrl,
    baseUrlExplicit: Boolean(source.TESSERA_BASE_URL),
    adminUrl,
    publicPort,
    adminPort,
    publicHost: required(read(source, 'TESSERA_PUBLIC_HOST', '127.0.0.1', String), 'TESSERA_PUBLIC_HOST'),
    adminHost: required(read(source, 'TESSERA_ADMIN_HOST', '127.0.0.1', String), 'TESSERA_ADMIN_HOST'),
    dataDir,
    kek,
    kekFile: resolve(
      required(read(source, 'TESSERA_KEK_FILE', `${dataDir}/kek.json`, String), 'TESSERA_KEK_FILE'),
    ),
    databaseUrl,
    redisUrl,
    cacheTrustSeconds: required(
      read(source, 'TESSERA_CACHE_TRUST_SECONDS', '5', parseCacheTrustSeconds),
      'TESSERA_CACHE_TRUST_SECONDS',
    ),
    trustProxy: required(
      read(source, 'TESSERA_TRUST_PROXY', 'false', parseTrustProxy),
      'TESSERA_TRUST_PROXY',
    ),
    logLevel: required(
      read(source, 'TESSERA_LOG_LEVEL', 'info', (value) => {
        if (!(LOG_LEVELS as readonly string[]).includes(value))
          throw new Error(`must be one of ${LOG_LEVELS.join(', ')}`);
        return value as Config['logLevel'];
      }),
      'TESSERA_LOG_LEVEL',
    ),
    bodyLimitBytes: required(read(source, 'TESSERA_BODY_LIMIT', '1MiB', parseSize), 'TESSERA_BODY_LIMIT'),
    shutdownGraceSeconds: required(
      read(source, 'TESSERA_SHUTDOWN_GRACE_SECONDS', '10', parseGraceSeconds),
      'TESSERA_SHUTDOWN_GRACE_SECONDS',
    ),
    outboundAllowLoopback,
  };
}
