/**
 * Renders docs/settings.md, the reference of every runtime setting and named rate limit, from the definitions the
 * running server collects (`SETTING_DEFINITIONS` and `RATE_LIMIT_RULES` in packages/server/src/app/modules.ts).
 * `npm run docs:settings` writes it (scripts/generate-settings-doc.ts); scripts/settings-doc.test.ts fails while
 * the committed file differs from what this renders.
 */

import { CORE_SETTINGS_TITLE, MODULES, RATE_LIMIT_RULES } from '../packages/server/src/app/modules.js';
import type { RateLimitRules } from '../packages/server/src/app/rate-limits.js';
import {
  CORE_SETTINGS,
  type SettingDefinition,
  type SettingDefinitions,
} from '../packages/server/src/config/settings.js';

export const SETTINGS_DOC_PATH = 'docs/settings.md';

/** One group of the reference: a slice's settings (or the core ones), in the order the server lists them. */
export interface SettingsGroup {
  name: string;
  /** The owning module's `settingsTitle` (app/modules.ts), as the admin portal shows it too. */
  title: string;
  settings: SettingDefinitions;
}

interface JsonSchema {
  type?: string;
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** Whom a rate limit counts, from the suffix of its name (`sign-in-ip`, `otp-account`, `invites-user`). */
const COUNTED_PER: Readonly<Record<string, string>> = {
  ip: 'client IP address',
  account: 'account',
  user: 'signed-in user',
  session: 'signed-in session',
};

const integer = (value: number) => value.toLocaleString('en-US');

/** A whole number of seconds, minutes or hours as the largest unit that divides it evenly (`43200` → `12 h`). */
function duration(value: number, unit: 'seconds' | 'minutes' | 'hours'): string {
  const seconds = value * { seconds: 1, minutes: 60, hours: 3600 }[unit];
  for (const [size, name] of [
    [86_400, 'd'],
    [3600, 'h'],
    [60, 'min'],
  ] as const) {
    if (seconds >= size && seconds % size === 0) return `${integer(seconds / size)} ${name}`;
  }
  return `${integer(seconds)} s`;
}

function durationUnit(key: string): 'seconds' | 'minutes' | 'hours' | undefined {
  const match = /_(seconds|minutes|hours)$/.exec(key);
  return match ? (match[1] as 'seconds' | 'minutes' | 'hours') : undefined;
}

const code = (value: unknown) => `\`${JSON.stringify(value)}\``;

/** The type and the values a setting accepts, from its JSON Schema. */
function describeSchema(key: string, schema: JsonSchema): { type: string; allowed: string } {
  if (schema.anyOf?.every((member) => member.const !== undefined)) {
    return { type: 'one of', allowed: schema.anyOf.map((member) => code(member.const)).join(', ') };
  }
  switch (schema.type) {
    case 'boolean':
      return { type: 'boolean', allowed: '`true`, `false`' };
    case 'integer': {
      if (schema.minimum === undefined || schema.maximum === undefined)
        throw new Error(`setting '${key}': an integer setting needs both bounds`);
      const unit = durationUnit(key);
      const bound = (value: number) =>
        unit === undefined || value === 0 ? integer(value) : `${integer(value)} (${duration(value, unit)})`;
      return { type: 'integer', allowed: `${bound(schema.minimum)} to ${bound(schema.maximum)}` };
    }
    case 'string': {
      const min = schema.minLength ?? 0;
      if (schema.maxLength === undefined)
        throw new Error(`setting '${key}': a string setting needs a maxLength`);
      return {
        type: 'string',
        allowed:
          min === 0
            ? `up to ${integer(schema.maxLength)} characters`
            : `${min} to ${integer(schema.maxLength)} characters`,
      };
    }
    case 'object':
      // A structured value (ui.messages): its shape is in the setting's description and JSON Schema.
      return { type: 'object', allowed: 'a JSON object, as described' };
    default:
      throw new Error(`setting '${key}': no rendering for its schema ${JSON.stringify(schema)}`);
  }
}

function describeDefault(key: string, definition: SettingDefinition): string {
  if (definition.secure === true) return 'empty';
  const value = definition.default;
  const unit = durationUnit(key);
  if (typeof value === 'number' && unit !== undefined && value !== 0)
    return `${code(value)} (${duration(value, unit)})`;
  return code(value);
}

/** Table cells may not hold a pipe or a line break. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function settingsTable(group: SettingsGroup): string[] {
  const lines = ['| Key | Type | Default | Allowed values | What it does |', '|---|---|---|---|---|'];
  for (const [key, definition] of Object.entries(group.settings)) {
    if (definition.hidden === true) continue;
    const { type, allowed } = describeSchema(key, definition.schema as JsonSchema);
    let what = definition.description;
    if (definition.secure === true)
      what += ' Write-only: `GET /admin/settings` reports only whether it is set.';
    lines.push(
      `| \`${key}\` | ${type} | ${describeDefault(key, definition)} | ${cell(allowed)} | ${cell(what)} |`,
    );
  }
  return lines;
}

function rateLimitTable(rules: RateLimitRules, settings: SettingDefinitions): string[] {
  const lines = [
    '| Limit | Counted per | Window | Allowed hits per window (setting, default) |',
    '|---|---|---|---|',
  ];
  for (const [name, rule] of Object.entries(rules)) {
    const per = COUNTED_PER[name.slice(name.lastIndexOf('-') + 1)];
    if (per === undefined)
      throw new Error(`rate limit '${name}': its name must end in -ip, -account, -user or -session`);
    const setting = settings[rule.setting];
    if (setting === undefined) throw new Error(`rate limit '${name}': no setting '${rule.setting}'`);
    lines.push(
      `| \`${name}\` | ${per} | ${duration(rule.windowSeconds, 'seconds')} | \`${rule.setting}\`, ${code(setting.default)} |`,
    );
  }
  return lines;
}

/** docs/settings.md for these groups of settings and these rate limits. */
export function renderSettingsDoc(groups: readonly SettingsGroup[], rateLimits: RateLimitRules): string {
  const all: SettingDefinitions = Object.assign({}, ...groups.map((group) => group.settings));
  const visible = Object.values(all).filter((definition) => definition.hidden !== true).length;
  const hidden = Object.entries(all).filter(([, definition]) => definition.hidden === true);
  const lines = [
    '# Runtime settings',
    '',
    '<!-- Generated by `npm run docs:settings` (scripts/generate-settings-doc.ts) from the settings each module',
    '     defines; scripts/settings-doc.test.ts fails when this file is out of date. Do not edit by hand. -->',
    '',
    'Runtime settings are what an administrator may change while the service runs. They are not process',
    'configuration (environment variables and the config file, [configuration.md](configuration.md)): they live in',
    'the database, in the `settings` table (a secure one sealed under the KEK in `server_secrets`), typed and',
    'validated, cached in memory on every node and reloaded on every node within a second of a change (PostgreSQL',
    '`LISTEN/NOTIFY`); the node that made the change answers with it from its next read. A node that was cut off',
    'from the database reloads them all when it reconnects. A setting never stored follows its default, also a later',
    "release's default; a stored value that no longer fits the setting's type is ignored in favour of the default.",
    '',
    'Change them in the admin portal (Settings) or through the admin API: `GET /admin/settings` lists each with its',
    'value, default, description and JSON Schema; `PUT /admin/settings/{key}` with `{"value": …}` changes one (a',
    "write admin; the value is checked against the setting's type, 400 `invalid_setting` otherwise, and the change",
    'is audited as `setting.changed`).',
    '',
    `${visible} settings, by the module that owns them:`,
    '',
  ];
  for (const group of groups) {
    if (!Object.values(group.settings).some((definition) => definition.hidden !== true)) continue;
    if (group.title.trim() === '') throw new Error(`settings group '${group.name}' has no title`);
    lines.push(`## ${group.title}`, '', ...settingsTable(group), '');
  }
  lines.push(
    '`system.public_base_url` is written by the install and is not changed through `PUT /admin/settings/{key}`;',
    '`TESSERA_BASE_URL`, when set, wins over it ([configuration.md](configuration.md#environment-variables)).',
    '',
    '## Rate limits',
    '',
    'Each named limit counts hits in fixed windows against one of the settings above; a request over the limit is',
    'answered 429 `rate_limited` with `Retry-After` (the seconds left in the window), except where the answer must not',
    'differ (a password-reset request over its per-account limit gets the usual answer and no email). The counts',
    'are shared by every node in Redis when `REDIS_URL` is set, and kept by each node otherwise',
    '([operations.md](operations.md#redis-outage)).',
    '',
    ...rateLimitTable(rateLimits, all),
    '',
    '## Settings managed elsewhere',
    '',
    'These are stored as settings but changed only through their own pages and endpoints; `GET /admin/settings`',
    'does not list them and `PUT /admin/settings/{key}` refuses them.',
    '',
    '| Key | Default | What it holds |',
    '|---|---|---|',
    ...hidden.map(
      ([key, definition]) =>
        `| \`${key}\` | ${code(definition.default)} | ${cell(definition.description)} ([admin.md](admin.md#email-templates)) |`,
    ),
    '',
  );
  return lines.join('\n');
}

/** docs/settings.md as the server's modules define their settings and rate limits today. */
export function currentSettingsDoc(): string {
  const groups: SettingsGroup[] = [
    { name: 'core', title: CORE_SETTINGS_TITLE, settings: CORE_SETTINGS },
    ...MODULES.flatMap((module) =>
      module.settings
        ? [{ name: module.name, title: module.settingsTitle ?? module.name, settings: module.settings }]
        : [],
    ),
  ];
  return renderSettingsDoc(groups, RATE_LIMIT_RULES);
}
