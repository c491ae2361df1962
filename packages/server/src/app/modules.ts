import { accountsModule } from '../accounts/index.js';
import { adminModule } from '../admin/index.js';
import { type AuditAction, CORE_AUDIT_ACTIONS } from '../audit/actions.js';
import { brandingModule } from '../branding/index.js';
import { clientRegistrationModule } from '../client-registration/index.js';
import { clientsModule } from '../clients/index.js';
import { CORE_SETTINGS, type SettingDefinitions } from '../config/settings.js';
import { CORE_SEALED_COLUMNS, type SealedColumn } from '../crypto/sealed-columns.js';
import { emailModule } from '../email/index.js';
import { federationModule } from '../federation/index.js';
import { housekeepingModule } from '../housekeeping/index.js';
import { keysModule } from '../keys/index.js';
import { logoutModule } from '../logout/index.js';
import { oauthModule } from '../oauth/index.js';
import { organizationsModule } from '../orgs/index.js';
import { otpModule } from '../otp/index.js';
import { passkeysModule } from '../passkeys/index.js';
import { scimModule } from '../scim/index.js';
import { webhooksModule } from '../webhooks/index.js';
import { mergeByKey, type SliceModule } from './module.js';
import type { RateLimitRules } from './rate-limits.js';

/**
 * Every slice of the service, in dependency order: the context builds their services in this order (a module may
 * use the services of those above it), and each port registers their routes in it, after its own infrastructure
 * (health, OpenAPI, the access hook) and before its static UI.
 */
const LISTED_MODULES = [
  emailModule,
  accountsModule,
  clientsModule,
  organizationsModule,
  brandingModule,
  keysModule,
  passkeysModule,
  oauthModule,
  clientRegistrationModule,
  otpModule,
  scimModule,
  federationModule,
  adminModule,
  housekeepingModule,
  webhooksModule,
  logoutModule,
] as const satisfies readonly SliceModule[];

export const MODULES: readonly SliceModule[] = LISTED_MODULES;

/** The title of the core settings' group (config/settings.ts: the product and the signing keys). */
export const CORE_SETTINGS_TITLE = 'Product and signing keys';

/** Each definition with the title of the group that owns it (its module's `settingsTitle`). */
function titled(settings: SettingDefinitions | undefined, group: string): SettingDefinitions {
  return Object.fromEntries(
    Object.entries(settings ?? {}).map(([key, definition]) => [key, { ...definition, group }]),
  );
}

/** Every runtime setting: the core ones, then each module's, each with its group's title. */
export const SETTING_DEFINITIONS: SettingDefinitions = mergeByKey('setting', [
  titled(CORE_SETTINGS, CORE_SETTINGS_TITLE),
  ...MODULES.map((module) => titled(module.settings, module.settingsTitle ?? module.name)),
]);

/** Every named rate limit. */
export const RATE_LIMIT_RULES: RateLimitRules = mergeByKey(
  'rate limit',
  MODULES.map((module) => module.rateLimits),
);

/** Every column sealed under the KEK, for `tessera kek rotate`. */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  ...CORE_SEALED_COLUMNS,
  ...MODULES.flatMap((module) => module.sealedColumns ?? []),
];

/** Every action the audit log records: the floors' own, then each module's, each once, sorted. */
export const AUDIT_ACTIONS = Object.keys(
  mergeByKey('audit action', [
    Object.fromEntries(CORE_AUDIT_ACTIONS.map((action) => [action, true])),
    ...MODULES.map((module) =>
      Object.fromEntries((module.auditActions ?? []).map((action) => [action, true])),
    ),
  ]),
).sort() as AuditAction[];

/** The names of the listed modules; `keyof SliceServices` must be exactly these. */
export type ListedModuleName = (typeof LISTED_MODULES)[number]['name'];

type KeysOfEach<T> = T extends unknown ? keyof T : never;
type ModuleWith<Field extends keyof SliceModule> = Extract<
  (typeof LISTED_MODULES)[number],
  Record<Field, unknown>
>;

/** The setting keys the listed modules define (with the core ones); `SettingKey` must be exactly these. */
export type DefinedSettingKey = keyof typeof CORE_SETTINGS | KeysOfEach<ModuleWith<'settings'>['settings']>;
/** The audit actions the listed modules define (with the core ones); `AuditAction` must be exactly these. */
export type DefinedAuditAction =
  | (typeof CORE_AUDIT_ACTIONS)[number]
  | ModuleWith<'auditActions'>['auditActions'][number];
/** The rate-limit names the listed modules define; `RateLimitName` must be exactly these. */
export type DefinedRateLimitName = KeysOfEach<ModuleWith<'rateLimits'>['rateLimits']>;
