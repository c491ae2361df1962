import { eq, like, sql } from 'drizzle-orm';
import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Sealer } from '../crypto/seal.js';
import { serverSecrets } from '../crypto/tables.js';
import type { ChangeBus } from '../db/change-bus.js';
import type { Database } from '../db/client.js';
import { afterCommit } from '../db/transactions.js';
import { settings as settingsTable } from './tables.js';

export interface SettingDefinition<S extends TSchema = TSchema> {
  schema: S;
  default: Static<S>;
  description: string;
  /** Secure settings (passwords) are sealed by their owner and never returned in plaintext. */
  secure?: boolean;
  /** Managed through their own admin endpoints (email templates), so left out of the generic settings API. */
  hidden?: boolean;
  /** The title of the group that owns it (its module's `settingsTitle`), set when app/modules.ts collects them. */
  group?: string;
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

export interface SettingsServiceOptions {
  /**
   * Awaited between a reload's read and its use (`key` undefined: every setting). Tests hold a reload here to let a
   * later write finish first; the server sets nothing.
   */
  afterReloadRead?: (key: string | undefined) => Promise<void>;
}

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
 * Settings cached in memory. Writes go to the database and are announced on the change bus; every node, the writer
 * included, reloads the changed key when the notification arrives (well under a second on a shared database).
 *
 * Reloads and writes may finish in another order than they began (one query is slower than the next), so each is
 * numbered when it begins and a key keeps the newest: a reload's read replaces a key only if nothing that began
 * later (another reload, or a write of this node, numbered when it is applied) has already set it. So on this node
 * the next `get` after `set` or `reset` answers that write, and every node ends with what the last reload to begin
 * read, which came after the last notification: the database's value.
 */
export class SettingsService {
  private readonly values = new Map<string, unknown>();
  private readonly definitions: ReadonlyMap<string, SettingDefinition>;
  /** Numbers reloads as they begin and this node's writes as they are applied. */
  private sequence = 0;
  /** Per key: the number of the reload or write whose value `values` holds. */
  private readonly appliedAt = new Map<string, number>();
  /** Per key: the number of the last reload of that key that began; `everyKeyBegunAt`: of every key. */
  private readonly begunAt = new Map<string, number>();
  private everyKeyBegunAt = 0;

  /** `definitions`: every setting the running modules define (`collectSettings` in app/modules.ts). */
  constructor(
    private readonly database: Database,
    private readonly bus: ChangeBus,
    private readonly sealer: Sealer,
    definitions: SettingDefinitions,
    private readonly options: SettingsServiceOptions = {},
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
    group: string;
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
          group: definition.group ?? key.split('.')[0]!,
        };
      });
  }

  /** Removes a stored value, so the setting follows its default again (also a later release's default). */
  async reset(key: SettingKey): Promise<void> {
    const begun = this.sequence;
    if (this.definition(key).secure === true) {
      await this.database.db.delete(serverSecrets).where(eq(serverSecrets.name, secretName(key)));
    } else {
      await this.database.db.delete(settingsTable).where(eq(settingsTable.key, key));
    }
    await afterCommit(this.database.db, () => this.applyWrite(key, undefined, begun));
    await this.bus.publish('settings', key);
  }

  async set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
    const definition = this.validate(key, value);
    const begun = this.sequence;
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
    await afterCommit(this.database.db, () => this.applyWrite(key, value, begun));
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

  /**
   * Applies this node's committed write (`value` undefined: a reset). `begun`: the sequence when the write began.
   * A reload of the key that began meanwhile may have read another node's change committed after this write; its
   * read no longer counts (it began before now), so the key is read again: a read that begins now sees this write
   * or a newer one.
   */
  private async applyWrite(key: string, value: unknown, begun: number): Promise<void> {
    this.appliedAt.set(key, ++this.sequence);
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
    if (Math.max(this.begunAt.get(key) ?? 0, this.everyKeyBegunAt) > begun) {
      // Through the bus, as a notification would: a failed read makes it reload every cache until one succeeds.
      await this.bus.deliverHere('settings', key);
    }
  }

  /** Reads one setting (or every one, `key` undefined) from the database and caches it unless a newer one was. */
  private async reload(key?: string): Promise<void> {
    const begun = ++this.sequence;
    if (key === undefined) this.everyKeyBegunAt = begun;
    else this.begunAt.set(key, begun);
    const stored = await this.readStored(key);
    await this.options.afterReloadRead?.(key);
    for (const name of key === undefined ? this.definitions.keys() : [key]) {
      const definition = this.definitions.get(name);
      // A key another release defines, or one set since from a newer read or write, stays as it is.
      if (!definition || (this.appliedAt.get(name) ?? 0) > begun) continue;
      this.appliedAt.set(name, begun);
      const value = stored.get(name);
      // A stored value that no longer validates (an older release's shape) falls back to the default.
      if (stored.has(name) && Value.Check(definition.schema, value)) this.values.set(name, value);
      else this.values.delete(name);
    }
  }

  /** The stored values by key, secure ones unsealed: of one setting, or of every one when `key` is undefined. */
  private async readStored(key?: string): Promise<Map<string, unknown>> {
    const rows = await this.database.db
      .select()
      .from(settingsTable)
      .where(key === undefined ? undefined : eq(settingsTable.key, key));
    const secrets = await this.database.db
      .select()
      .from(serverSecrets)
      .where(
        key === undefined
          ? like(serverSecrets.name, `${SECRET_PREFIX}%`)
          : eq(serverSecrets.name, secretName(key)),
      );
    const stored = new Map<string, unknown>(rows.map((row) => [row.key, row.value]));
    for (const secret of secrets) {
      stored.set(
        secret.name.slice(SECRET_PREFIX.length),
        this.sealer.openText(secret.valueSealed, secretContext(secret.name)),
      );
    }
    return stored;
  }
}
