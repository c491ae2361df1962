import type { SettingDefinitions } from '../config/settings.js';
import type { SealedColumn } from '../crypto/sealed-columns.js';
import type { ExpiredRowPurge } from '../db/purge.js';
import type { AppContext, SliceServices } from './app-context.js';
import type { App } from './app-types.js';
import type { Infrastructure } from './infrastructure.js';
import type { AdminPort } from './ports/admin-port.js';
import type { RateLimitRules } from './rate-limits.js';

/**
 * A slice (one capability folder) as the composition root sees it. Each slice's `index.ts` exports one, and
 * `app/modules.ts` lists them: the context, both ports and `tessera kek rotate` take what they need from that list,
 * so a new slice is one folder and one line there.
 */
export interface SliceModule<Name extends keyof SliceServices = keyof SliceServices> {
  /** The slice's folder, and where its services sit in the context (`context.<name>`). */
  readonly name: Name;
  /** Its runtime settings by key; its `settings.ts` also types the keys (SettingCatalogue). */
  readonly settings?: SettingDefinitions;
  /** The title of its settings group, as the admin portal and docs/settings.md show it ("Email (SMTP)"). */
  readonly settingsTitle?: string;
  /** Its named rate limits; its `settings.ts` also types the names (RateLimitCatalogue). */
  readonly rateLimits?: RateLimitRules;
  /** Columns of its tables sealed under the KEK, for `tessera kek rotate`. */
  readonly sealedColumns?: readonly SealedColumn[];
  /** The actions it records in the audit log; its `audit-actions.ts` also types them (AuditActionCatalogue). */
  readonly auditActions?: readonly string[];
  /** How the housekeeping job deletes its tables' rows that can never be used again. */
  readonly purges?: readonly ExpiredRowPurge[];
  /**
   * Builds its services from the infrastructure and, when it needs them, the services of modules listed before it
   * in app/modules.ts. `modules` is the whole list, for a service that gathers what every module declares.
   */
  createServices(
    infrastructure: Infrastructure,
    services: SliceServices,
    modules: readonly SliceModule[],
  ): Promise<SliceServices[Name]>;
  /** Registers its routes on the public port. */
  registerPublic?(app: App, context: AppContext): void;
  /**
   * Registers its routes on the admin port (the port's access hook is in place first). `port` carries that port's
   * session access, so no slice imports the admin slice for it.
   */
  registerAdmin?(app: App, context: AppContext, port: AdminPort): void;
}

/** Merges what the modules define by key (settings, rate limits); two definitions of one key are a mistake. */
export function mergeByKey<T>(kind: string, records: readonly (Readonly<Record<string, T>> | undefined)[]) {
  const merged: Record<string, T> = {};
  for (const record of records) {
    for (const [key, value] of Object.entries(record ?? {})) {
      if (Object.hasOwn(merged, key)) throw new Error(`${kind} '${key}' is defined twice`);
      merged[key] = value;
    }
  }
  return merged;
}

/**
 * Builds every slice's services in list order. A module may use the services of the modules listed before it;
 * reading a later one throws, naming the ordering mistake, instead of handing the module `undefined`.
 */
export async function createSliceServices(
  modules: readonly SliceModule[],
  infrastructure: Infrastructure,
): Promise<SliceServices> {
  const built: Partial<Record<keyof SliceServices, unknown>> = {};
  for (const module of modules) {
    const earlier = new Proxy(built, {
      get(target, group) {
        if (typeof group === 'string' && !Object.hasOwn(target, group)) {
          throw new Error(
            `the ${module.name} module uses the ${group} services before they exist: list ${group} earlier in app/modules.ts`,
          );
        }
        return Reflect.get(target, group);
      },
    });
    built[module.name] = await module.createServices(infrastructure, earlier as SliceServices, modules);
  }
  return built as SliceServices;
}
