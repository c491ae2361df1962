import { eq, like, sql } from 'drizzle-orm';
import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Sealer } from '../crypto/seal.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Database } from '../db/client.js';
import { serverSecrets, settings as settingsTable } from '../db/schema/index.js';
import { afterCommit } from '../db/transactions.js';
import { TemplateContentSchema } from '../email/templates.js';

interface SettingDefinition<S extends TSchema = TSchema> {
  schema: S;
  default: Static<S>;
  description: string;
  /** Secure settings (passwords) are sealed by their owner and never returned in plaintext. */
  secure?: boolean;
  /** Managed through their own admin endpoints (email templates), so left out of the generic settings API. */
  hidden?: boolean;
}

function define<S extends TSchema>(
  schema: S,
  defaultValue: Static<S>,
  description: string,
): SettingDefinition<S> {
  return { schema, default: defaultValue, description };
}

/** An admin's version of an email template; null means the built-in one (see the email-template endpoints). */
const TemplateOverrideSchema = Type.Union([TemplateContentSchema, Type.Null()]);

function emailTemplateOverride(template: string): SettingDefinition<typeof TemplateOverrideSchema> {
  return {
    schema: TemplateOverrideSchema,
    default: null,
    description: `The ${template} email's subject, paragraphs and action label, when an admin changed them.`,
    hidden: true,
  };
}

/** Every runtime setting, with its type, default and description. Slices add theirs here. */
export const SETTING_DEFINITIONS = {
  'system.public_base_url': define(
    Type.String({ maxLength: 2000 }),
    '',
    'Public base URL (issuer) chosen at install; used from the next start unless TESSERA_BASE_URL is set.',
  ),
  'product.name': define(
    Type.String({ minLength: 1, maxLength: 80 }),
    'Tessera',
    'Product name shown in the UI.',
  ),
  'signing.jwks_max_age_seconds': define(
    Type.Integer({ minimum: 0, maximum: 86_400 }),
    600,
    'Cache-Control max-age of the JWKS document; relying parties may keep a key set this long.',
  ),
  'signing.next_key_publish_seconds': define(
    Type.Integer({ minimum: 0, maximum: 30 * 86_400 }),
    86_400,
    'How long a new signing key is published before rotation may start signing with it (OIDC Core §10.1.1).',
  ),
  'signing.retired_key_keep_seconds': define(
    Type.Integer({ minimum: 0, maximum: 90 * 86_400 }),
    86_400,
    'How long a retired key stays published: at least the longest token lifetime plus the JWKS cache time.',
  ),
  'tokens.access_token_ttl_seconds': define(
    Type.Integer({ minimum: 30, maximum: 86_400 }),
    600,
    'Default access-token lifetime (clients may override).',
  ),
  'tokens.id_token_ttl_seconds': define(
    Type.Integer({ minimum: 30, maximum: 86_400 }),
    600,
    'Default ID-token lifetime (clients may override).',
  ),
  'tokens.refresh_token_ttl_seconds': define(
    Type.Integer({ minimum: 60, maximum: 365 * 86_400 }),
    30 * 86_400,
    'Absolute lifetime of a refresh-token family from the authorization that started it (clients may override).',
  ),
  'accounts.self_registration': define(
    Type.Boolean(),
    false,
    'Whether anyone may create an account from the sign-in page (chosen at install).',
  ),
  'accounts.require_email_verification': define(
    Type.Boolean(),
    true,
    'Whether a self-registered account must confirm its email address before it can sign in.',
  ),
  'smtp.host': define(
    Type.String({ maxLength: 255 }),
    '',
    'SMTP server host; empty means email is not configured.',
  ),
  'smtp.port': define(Type.Integer({ minimum: 1, maximum: 65535 }), 587, 'SMTP server port.'),
  'smtp.security': define(
    Type.Union([Type.Literal('starttls'), Type.Literal('tls'), Type.Literal('none')]),
    'starttls',
    'starttls (upgrade, required), tls (implicit TLS, usually port 465) or none (loopback relays only).',
  ),
  'smtp.user': define(Type.String({ maxLength: 255 }), '', 'SMTP user name (empty: no authentication).'),
  'smtp.password': {
    ...define(Type.String({ maxLength: 2000 }), '', 'SMTP password, sealed at rest; never returned.'),
    secure: true,
  },
  'smtp.from': define(
    Type.String({ maxLength: 320 }),
    '',
    'Sender address, e.g. "Acme ID <id@acme.example>".',
  ),
  'rate_limits.sign_in_per_minute': define(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    10,
    'Sign-in attempts allowed per minute per account.',
  ),
  'rate_limits.sign_in_per_ip_per_minute': define(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    60,
    'Sign-in attempts allowed per minute per client IP.',
  ),
  'rate_limits.registration_per_hour': define(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    20,
    'Self-registrations allowed per hour per client IP.',
  ),
  'rate_limits.password_reset_per_hour': define(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    10,
    'Password-reset requests allowed per hour per client IP.',
  ),
  'rate_limits.password_reset_per_account_per_hour': define(
    Type.Integer({ minimum: 1, maximum: 1000 }),
    3,
    'Reset emails sent per hour per account (further requests get the same answer but no email).',
  ),
  'rate_limits.email_verification_per_hour': define(
    Type.Integer({ minimum: 1, maximum: 1000 }),
    5,
    'Verification emails sent per hour per account.',
  ),
  'admin.sessions.idle_seconds': define(
    Type.Integer({ minimum: 60, maximum: 86_400 }),
    30 * 60,
    'An admin session unused this long ends.',
  ),
  'admin.sessions.absolute_seconds': define(
    Type.Integer({ minimum: 300, maximum: 7 * 86_400 }),
    12 * 3600,
    'An admin session ends this long after sign-in, however active.',
  ),
  'otp.required_for_admins': define(Type.Boolean(), true, 'Admins must use TOTP as a second factor.'),
  'otp.required_for_users': define(Type.Boolean(), false, 'Every user must use TOTP as a second factor.'),
  'otp.algorithm': define(
    Type.Union([Type.Literal('SHA1'), Type.Literal('SHA256'), Type.Literal('SHA512')]),
    'SHA1',
    'TOTP hash for new enrolments (SHA1 works with every authenticator app).',
  ),
  'otp.digits': define(
    Type.Union([Type.Literal(6), Type.Literal(8)]),
    6,
    'TOTP code length for new enrolments.',
  ),
  'otp.period_seconds': define(
    Type.Integer({ minimum: 15, maximum: 120 }),
    30,
    'TOTP time step for new enrolments.',
  ),
  'otp.window_steps': define(
    Type.Integer({ minimum: 0, maximum: 3 }),
    1,
    'Steps of clock drift accepted either way.',
  ),
  'otp.backup_code_count': define(
    Type.Integer({ minimum: 5, maximum: 20 }),
    10,
    'Backup codes issued at enrolment.',
  ),
  'otp.max_failures': define(
    Type.Integer({ minimum: 1, maximum: 100 }),
    5,
    'Failed codes before the factor locks.',
  ),
  'otp.lock_minutes': define(
    Type.Integer({ minimum: 1, maximum: 1440 }),
    15,
    'How long a locked factor stays locked.',
  ),
  'otp.step_up_seconds': define(
    Type.Integer({ minimum: 60, maximum: 3600 }),
    300,
    'How long a second-factor proof (reauth) allows sensitive actions.',
  ),
  'rate_limits.otp_per_minute': define(
    Type.Integer({ minimum: 1, maximum: 100_000 }),
    10,
    'Second-factor code checks allowed per minute per account (on top of the lockout).',
  ),
  'orgs.users_may_create': define(
    Type.Boolean(),
    false,
    'Whether signed-in users may create organizations (the creator becomes its admin).',
  ),
  'rate_limits.invites_per_hour': define(
    Type.Integer({ minimum: 1, maximum: 10_000 }),
    50,
    'Organization invitations (each one an email) a user may send per hour.',
  ),
  'orgs.invite_ttl_hours': define(
    Type.Integer({ minimum: 1, maximum: 30 * 24 }),
    7 * 24,
    'How long an organization invitation link stays valid.',
  ),
  'sessions.idle_seconds': define(
    Type.Integer({ minimum: 60, maximum: 30 * 86_400 }),
    12 * 3600,
    'A session unused this long ends.',
  ),
  'sessions.absolute_seconds': define(
    Type.Integer({ minimum: 300, maximum: 365 * 86_400 }),
    14 * 86_400,
    'A session ends this long after sign-in, however active.',
  ),
  'email.templates.verification': emailTemplateOverride('verification'),
  'email.templates.password_reset': emailTemplateOverride('password reset'),
  'email.templates.email_change': emailTemplateOverride('email change'),
  'email.templates.existing_account': emailTemplateOverride('existing account'),
  'email.templates.organization_invite': emailTemplateOverride('organization invitation'),
} satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;

const SECRET_PREFIX = 'setting:';
const secretName = (key: string) => `${SECRET_PREFIX}${key}`;
const secretContext = (name: string) => ({ table: 'server_secrets', column: 'value_sealed', row: name });
export type SettingValue<K extends SettingKey> = Static<(typeof SETTING_DEFINITIONS)[K]['schema']>;

export class SettingValidationError extends Error {
  override name = 'SettingValidationError';
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

/** Whether a setting is managed by its own endpoints rather than the generic settings API. */
export function isHiddenSetting(key: SettingKey): boolean {
  const definition: SettingDefinition = SETTING_DEFINITIONS[key];
  return definition.hidden === true;
}

export function validateSetting(key: string, value: unknown): void {
  if (!isSettingKey(key)) throw new SettingValidationError(key, `unknown setting '${key}'`);
  const definition: SettingDefinition = SETTING_DEFINITIONS[key];
  if (!Value.Check(definition.schema, value)) {
    const first = Value.Errors(definition.schema, value)[0];
    throw new SettingValidationError(
      key,
      `invalid value for '${key}': ${first?.message ?? 'does not match its type'}`,
    );
  }
}

/**
 * Settings cached in memory. Writes go to the database and are announced on the change bus; every node reloads the
 * changed key when the notification arrives (well under a second on a shared database).
 */
export class SettingsService {
  private readonly values = new Map<string, unknown>();

  constructor(
    private readonly database: Database,
    private readonly bus: ChangeBus,
    private readonly sealer: Sealer,
  ) {
    bus.on('settings', (key) => void this.reload(key === '*' ? undefined : key).catch(() => {}));
  }

  async load(): Promise<void> {
    await this.reload();
  }

  get<K extends SettingKey>(key: K): SettingValue<K> {
    if (this.values.has(key)) return this.values.get(key) as SettingValue<K>;
    return SETTING_DEFINITIONS[key].default as SettingValue<K>;
  }

  /**
   * Every setting of the generic settings API with its current value, default, description and JSON Schema (a
   * TypeBox schema is one), secure values masked.
   */
  list(): {
    key: SettingKey;
    value: unknown;
    default: unknown;
    description: string;
    secure: boolean;
    schema: TSchema;
  }[] {
    return (Object.keys(SETTING_DEFINITIONS) as SettingKey[])
      .filter((key) => !isHiddenSetting(key))
      .map((key) => {
        const definition: SettingDefinition = SETTING_DEFINITIONS[key];
        const secure = definition.secure === true;
        return {
          key,
          value: secure ? null : this.get(key),
          default: secure ? null : definition.default,
          description: definition.description,
          secure,
          schema: definition.schema,
        };
      });
  }

  /** Removes a stored value, so the setting follows its default again (also a later release's default). */
  async reset(key: SettingKey): Promise<void> {
    const definition: SettingDefinition = SETTING_DEFINITIONS[key];
    if (definition.secure === true) {
      await this.database.db.delete(serverSecrets).where(eq(serverSecrets.name, secretName(key)));
    } else {
      await this.database.db.delete(settingsTable).where(eq(settingsTable.key, key));
    }
    await afterCommit(this.database.db, () => {
      this.values.delete(key);
    });
    await this.bus.publish('settings', key);
  }

  async set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
    validateSetting(key, value);
    const definition: SettingDefinition = SETTING_DEFINITIONS[key];
    if (definition.secure) {
      // Secure settings are sealed in server_secrets (which `tessera kek rotate` re-seals), never in plain JSON.
      const name = secretName(key);
      const sealed = this.sealer.seal(String(value), secretContext(name));
      await this.database.db
        .insert(serverSecrets)
        .values({ name, valueSealed: sealed })
        .onConflictDoUpdate({ target: serverSecrets.name, set: { valueSealed: sealed } });
    } else {
      await this.database.db
        .insert(settingsTable)
        .values({ key, value })
        .onConflictDoUpdate({ target: settingsTable.key, set: { value, updatedAt: sql`now()` } });
    }
    // This node answers with the new value at once (the bus reloads it too, a moment later), but only once it is
    // committed: inside a transaction, get() keeps answering the old value until then.
    await afterCommit(this.database.db, () => {
      this.values.set(key, value);
    });
    await this.bus.publish('settings', key);
  }

  private async reload(key?: string): Promise<void> {
    const rows: { key: string; value: unknown }[] = await this.database.db.select().from(settingsTable);
    const secrets = await this.database.db
      .select()
      .from(serverSecrets)
      .where(like(serverSecrets.name, `${SECRET_PREFIX}%`));
    for (const secret of secrets) {
      rows.push({
        key: secret.name.slice(SECRET_PREFIX.length),
        value: this.sealer.openText(secret.valueSealed, secretContext(secret.name)),
      });
    }
    if (key === undefined) this.values.clear();
    for (const row of rows) {
      if (key !== undefined && row.key !== key) continue;
      // A stored value that no longer validates (an older release's shape) falls back to the default.
      if (isSettingKey(row.key) && Value.Check(SETTING_DEFINITIONS[row.key].schema, row.value)) {
        this.values.set(row.key, row.value);
      }
    }
    if (key !== undefined && !rows.some((row) => row.key === key)) this.values.delete(key);
  }
}
