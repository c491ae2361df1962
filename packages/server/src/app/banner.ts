import { hostname } from 'node:os';
import type { Config } from '../config/config.js';

export interface BannerFacts {
  version: string;
  workers: number;
  /** The first-run install token, when the service is not installed yet. */
  installToken: string | null;
  /** How the operator runs the `tessera` command from where the server was started. */
  commandLine: string;
}

/**
 * What development mode relaxes, as this configuration uses it (docs/configuration.md, TESSERA_ENV): production
 * refuses an http issuer, a missing KEK and loopback outbound requests, and refuses to send email without SMTP.
 */
export function developmentRelaxations(config: Config): string[] {
  if (config.environment === 'production') return [];
  return [
    ...(config.kek === null
      ? [
          `the key-encryption key file is created when missing (${config.kekFile}); production needs TESSERA_KEK`,
        ]
      : []),
    ...(config.baseUrl.startsWith('https://') ? [] : [`an http issuer is allowed (${config.baseUrl})`]),
    'without SMTP, emails (password reset and verification links, invites) are written to the log, not sent',
    ...(config.outboundAllowLoopback ? ['outbound requests to loopback addresses are allowed'] : []),
  ];
}

/**
 * The start-up banner. Production logs are read by machines: there it is one JSON line shaped like the pino log
 * lines around it (level 30, info), written whatever TESSERA_LOG_LEVEL says. Development gets text for a person,
 * naming what the mode relaxes.
 */
export function startBanner(config: Config, facts: BannerFacts): string {
  const storage = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  const installUrl = facts.installToken ? `${config.adminUrl}/setup#token=${facts.installToken}` : null;
  if (config.environment === 'production') {
    return `${JSON.stringify({
      level: 30,
      time: Date.now(),
      pid: process.pid,
      hostname: hostname(),
      msg: 'Tessera is running',
      version: facts.version,
      mode: 'production',
      processes: facts.workers,
      storage: config.databaseUrl ? 'postgresql' : 'embedded',
      ...(config.databaseUrl ? {} : { data_dir: config.dataDir }),
      public_url: config.baseUrl,
      public_listen: `${config.publicHost}:${config.publicPort}`,
      admin_url: config.adminUrl,
      admin_listen: `${config.adminHost}:${config.adminPort}`,
      ...(installUrl ? { install_url: installUrl, install_valid_hours: 24 } : {}),
    })}\n`;
  }
  const relaxations = developmentRelaxations(config);
  return [
    '',
    `Tessera is running (${facts.version}, development mode, ${facts.workers} process${facts.workers > 1 ? 'es' : ''}, ${storage}).`,
    `  Public:  ${config.baseUrl}  (issuer; listening on ${config.publicHost}:${config.publicPort})`,
    `  Admin:   ${config.adminUrl}  (listening on ${config.adminHost}:${config.adminPort}; keep it private)`,
    `  Hosted UI: ${config.baseUrl}/ui/`,
    '',
    'Development mode (TESSERA_ENV=production to leave it):',
    ...relaxations.map((line) => `  - ${line}`),
    ...(installUrl
      ? [
          '',
          'First-run install: open this one-time link (valid 24 hours) to create the first admin:',
          `  ${installUrl}`,
          `  or run '${facts.commandLine} install --admin-email you@example.com' with the password on standard input.`,
        ]
      : []),
    '',
  ].join('\n');
}
