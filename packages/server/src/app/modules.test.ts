import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AuditAction } from '../audit/actions.js';
import type { SettingKey } from '../config/settings.js';
import type { AppContext, SliceServices } from './app-context.js';
import { mergeByKey } from './module.js';
import {
  AUDIT_ACTIONS,
  type DefinedAuditAction,
  type DefinedRateLimitName,
  type DefinedSettingKey,
  type ListedModuleName,
  MODULES,
  RATE_LIMIT_RULES,
  SEALED_COLUMNS,
  SETTING_DEFINITIONS,
} from './modules.js';
import type { RateLimitName } from './rate-limits.js';

describe('the module list', () => {
  it('types exactly the setting keys and rate-limit names the listed modules define (checked by tsc)', () => {
    // A slice whose settings.ts types its keys but whose module is not listed (or the reverse) fails typecheck here.
    expectTypeOf<SettingKey>().toEqualTypeOf<DefinedSettingKey>();
    expectTypeOf<RateLimitName>().toEqualTypeOf<DefinedRateLimitName>();
    expectTypeOf<AuditAction>().toEqualTypeOf<DefinedAuditAction>();
    // Every group of the context comes from exactly one listed module.
    expectTypeOf<keyof SliceServices>().toEqualTypeOf<ListedModuleName>();
  });

  it('keeps the database and the stores out of the context (checked by tsc)', () => {
    // Handlers and slices go through services; only the composition root and src/testing/ hold the database.
    expectTypeOf<AppContext>().not.toHaveProperty('database');
    expectTypeOf<AppContext['oauth']>().not.toHaveProperty('store');
  });

  it('has one module per name', () => {
    const names = MODULES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('counts every rate limit against a defined numeric setting', () => {
    for (const [name, rule] of Object.entries(RATE_LIMIT_RULES)) {
      expect(typeof SETTING_DEFINITIONS[rule.setting]?.default, `${name} -> ${rule.setting}`).toBe('number');
    }
  });

  it('gathers every audit action from the modules, sorted, and refuses one two modules define', () => {
    expect(AUDIT_ACTIONS).toContain('oauth.token');
    expect(AUDIT_ACTIONS).toContain('kek.rotated');
    expect(AUDIT_ACTIONS).toEqual([...AUDIT_ACTIONS].sort());
    expect(() => mergeByKey('audit action', [{ 'user.created': true }, { 'user.created': true }])).toThrow(
      "audit action 'user.created' is defined twice",
    );
  });

  it('names each purged table once', () => {
    const tables = MODULES.flatMap((module) => (module.purges ?? []).map((purge) => purge.table));
    expect(tables).toContain('sessions');
    expect(new Set(tables).size).toBe(tables.length);
  });

  it('lists each sealed column once', () => {
    const columns = SEALED_COLUMNS.map(({ table, column }) => `${table}.${column}`);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('refuses a key two modules define', () => {
    expect(() => mergeByKey('setting', [{ 'a.b': 1 }, { 'a.c': 2 }, { 'a.b': 3 }])).toThrow(
      "setting 'a.b' is defined twice",
    );
    expect(mergeByKey('setting', [{ 'a.b': 1 }, undefined, { 'a.c': 2 }])).toEqual({ 'a.b': 1, 'a.c': 2 });
  });
});
