import { eq, like, sql } from 'drizzle-orm';
import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Sealer } from '../crypto/seal.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Database } from '../db/client.js';
import { serverSecrets, settings as settingsTable } from '../db/schema/index.js';
import { afterCommit } from '../db/transactions.js';

export interface SettingDefinition<S extends TSchema = TSchema> {
  schema: S;
  default: Static<S>;
  description: string;
  /** Secure settings (passwords) are sealed by their owner and never returned in plaintext. */
  secure?: boolean;
  /** Managed through their own admin endpoints (email templates), so left out of the generic settings API. */
  hidden?: boolean;
}

/** Setting definitions by key, as a slice's module lists them (`settings`). */
export type SettingDefinitions = Readonly<Record<string, SettingDefinition>>;

export function defineSetting<S extends TSchema>(
  schema: S,
  defaultValue: Static<S>,
  description: string,
): SettingDefinition<S> {
  return { schema, default: defaultValue, description };
}

/** The settings no slice owns: the product's name and the signing-key lifecycle of crypto/. */
export const CORE_SETTINGS = {
  'product.name': defineSetting(
    Type.String({ minLength: 1, maxLength: 80 }),
    'Tessera',
    'Product name shown in the UI.',
  ),
  'signing.jwks_max_age_seconds': defineSetting(
    Type.Integer({ minimum: 0, maximum: 86_400 }),
    600,
    'Cache-Control max-age of the JWKS document; relying parties may keep a key set this long.',
  ),
  'signing.next_key_publish_seconds': defineSetting(
    Type.Integer({ minimum: 0, maximum: 30 * 86_400 }),
    86_400,
    'How long a new signing key is published before rotation may start signing with it (OIDC Core §10.1.1).',
  ),
  'signing.retired_key_keep_seconds': defineSetting(
    Type.Integer({ minimum: 0, maximum: 90 * 86_400 }),
    86_400,
    'How long a retired key stays published: at least the longest token lifetime plus the JWKS cache time.',
  ),
} satisfies SettingDefinitions;

type CoreSettingDefinitions = typeof CORE_SETTINGS;

/**
 * Every setting's definition type by key, so `settings.get(key)` is typed. A slice adds its keys in its own
 * `settings.ts` by declaration merging, beside the definitions its module lists:
 * `declare module '../config/settings.js' { interface SettingCatalogue extends OtpSettings {} }`.
 * `app/modules.test.ts` checks that these keys and the listed modules' definitions are the same set.
 */
export interface SettingCatalogue extends CoreSettingDefinitions {}

export type SettingKey = keyof SettingCatalogue;

const SECRET_PREFIX = 'setting:';
const secretName = (key: string) => `${SECRET_PREFIX}${key}`;
const secretContext = (name: string) => ({ table: 'server_secrets', column: 'value_sealed', row: name });
export type SettingValue<K extends SettingKey> = Static<SettingCatalogue[K]['schema']>;

export class SettingValidationError extends Error {
  override name = 'SettingValidationError';
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Settings cached in memory. Writes go to the database and are announced on the change bus; every node reloads the
 * changed key when the notification arrives (well under a second on a shared database).
 */
export class SettingsService {
  private readonly values = new Map<string, unknown>();
  private readonly definitions: ReadonlyMap<string, SettingDefinition>;

  /** `definitions`: every setting the running modules define (`collectSettings` in app/modules.ts). */
  constructor(
    private readonly database: Database,
    private readonly bus: ChangeBus,
    private readonly sealer: Sealer,
    definitions: SettingDefinitions,
  ) {
    this.definitions = new Map(Object.entries(definitions));
    bus.on('settings', (key) => this.reload(key === '*' ? undefined : key));
  }

  async load(): Promise<void> {
    await this.reload();
  }

  /** Whether `key` names a setting of this process. */
  isKey(key: string): key is SettingKey {
    return this.definitions.has(key);
  }

  /** Whether a setting is managed by its own endpoints rather than the generic settings API. */
  isHidden(key: SettingKey): boolean {
    return this.definition(key).hidden === true;
  }

  get<K extends SettingKey>(key: K): SettingValue<K> {
    if (this.values.has(key)) return this.values.get(key) as SettingValue<K>;
    return this.definition(key).default as SettingValue<K>;
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
    return [...this.definitions.entries()]
      .filter(([, definition]) => definition.hidden !== true)
      .map(([name, definition]) => {
        const key = name as SettingKey;
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
    if (this.definition(key).secure === true) {
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
    const definition = this.validate(key, value);
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

  private definition(key: string): SettingDefinition {
    const definition = this.definitions.get(key);
    // A typed key without a definition means its slice's module is missing from app/modules.ts.
    if (!definition) throw new SettingValidationError(key, `unknown setting '${key}'`);
    return definition;
  }

  private validate(key: string, value: unknown): SettingDefinition {
    const definition = this.definition(key);
    if (!Value.Check(definition.schema, value)) {
      const first = Value.Errors(definition.schema, value)[0];
      throw new SettingValidationError(
        key,
        `invalid value for '${key}': ${first?.message ?? 'does not match its type'}`,
      );
    }
    return definition;
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
      const definition = this.definitions.get(row.key);
      if (definition && Value.Check(definition.schema, row.value)) {
        this.values.set(row.key, row.value);
      }
    }
    if (key !== undefined && !rows.some((row) => row.key === key)) this.values.delete(key);
  }
}
