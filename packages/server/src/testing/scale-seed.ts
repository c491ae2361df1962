/**
 * Bulk rows for measuring Tessera at scale: users with sessions, clients with their secrets, grants with
 * refresh-token families, redeemed authorization codes, audit events and SCIM-provisioned users, written with
 * `generate_series` in a few statements (no API, no per-row round trip). Used by the query-plan test (db/query-plans.test.ts) and by
 * `npm run bench:scale-data` (bench/scale-data.mjs), which imports this file directly: it has no imports of its own.
 *
 * A third of the grants and their tokens are long expired (housekeeping's work), the rest live; every seeded row's
 * identifier starts with `seed-` so nothing collides with rows the server creates.
 */

export interface ScaleCounts {
  users: number;
  clients: number;
  refreshTokens: number;
  auditEvents: number;
  /** SCIM users provisioned into `scimConnectionId` (the first ones of the seeded users); 0 for none. */
  scimUsers: number;
}

/** Rows per INSERT statement: large enough to be bulk, small enough that one statement's work stays bounded. */
const CHUNK = 250_000;

/** `[from, to]` ranges of at most CHUNK rows covering 1..count. */
function chunks(count: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let from = 1; from <= count; from += CHUNK) ranges.push([from, Math.min(count, from + CHUNK - 1)]);
  return ranges;
}

/** The seeded user number `n`'s email, as the seed writes it. */
export function seededEmail(n: number): string {
  return `seed-user-${n}@scale.example`;
}

/**
 * The statements that seed `counts` rows, in order (sessions: one per user; grants: one per two refresh tokens,
 * each of a seeded user and client). `scimConnectionId` must exist when `counts.scimUsers` > 0.
 */
/** The seeded group of SCIM users: `seed-scim-2` to `seed-scim-10000` are its members, `seed-scim-1` is not. */
export const SEEDED_SCIM_GROUP = 'seed-scim-group';

export function scaleSeedStatements(counts: ScaleCounts, scimConnectionId?: string): string[] {
  const users = Math.max(1, counts.users);
  const clients = Math.max(1, counts.clients);
  const grants = Math.max(1, Math.ceil(counts.refreshTokens / 2));
  // The rows reference each other correctly by construction: foreign-key triggers, one per row, would take most of
  // the time (needs a superuser, as on a test or bench database).
  const statements: string[] = [
    'set session_replication_role = replica',
    `set maintenance_work_mem = '256MB'`,
    ...deferIndexes(),
  ];
  for (const [from, to] of chunks(counts.users)) {
    statements.push(`
      insert into users (id, email, email_normalized, email_verified, name, status, created_at, updated_at)
      select 'seed-u-' || g, 'Seed-User-' || g || '@scale.example', 'seed-user-' || g || '@scale.example', true,
             'Seeded Person ' || g, case when g % 50 = 0 then 'disabled' else 'active' end,
             now() - (g % 1000) * interval '1 hour', now()
      from generate_series(${from}, ${to}) g`);
    statements.push(`
      insert into sessions (id, kind, public_id, user_id, auth_time, amr, acr, created_at, last_seen_at,
                            idle_expires_at, absolute_expires_at, ended_at)
      select 'seed-s-' || g, 'user', 'seed-sid-' || g, 'seed-u-' || g, now() - interval '1 hour', '["pwd"]',
             'urn:tessera:loa:1', now() - interval '1 hour', now(),
             case when g % 3 = 0 then now() - interval '40 days' else now() + interval '1 day' end,
             now() + interval '30 days', null
      from generate_series(${from}, ${to}) g`);
  }
  for (const [from, to] of chunks(counts.clients)) {
    statements.push(`
      insert into clients (id, name, type, redirect_uris, post_logout_redirect_uris, grant_types, scopes, app_url,
                           show_on_dashboard)
      select 'seed-c-' || g, 'Seeded client ' || g, 'confidential', '["https://rp.example.com/callback"]',
             '[]', '["authorization_code","refresh_token"]', '[]',
             -- One client in a thousand has an app URL, and every other one of those is hidden from the account
             -- page: one in two thousand is an app it offers.
             case when g % 1000 = 0 then 'https://app-' || g || '.example/' end, g % 2000 <> 0
      from generate_series(${from}, ${to}) g`);
    // Each client's secret, and every tenth one's older secret, revoked by a rotation: what the admin client list
    // reads beside each client. Their sealed value is a stand-in: a seeded client never authenticates.
    statements.push(`
      insert into client_secrets (id, client_id, secret_sealed, hint, created_at, last_used_at, revoked_at)
      select 'seed-cs-' || g, 'seed-c-' || g, 'seed-not-sealed', lpad((g % 10000)::text, 4, '0'),
             now() - interval '1 day', case when g % 2 = 0 then now() - interval '1 hour' end, null
      from generate_series(${from}, ${to}) g
      union all
      select 'seed-cs-old-' || g, 'seed-c-' || g, 'seed-not-sealed', 'old' || (g % 10),
             now() - interval '30 days', null, now() - interval '1 day'
      from generate_series(${from}, ${to}) g where g % 10 = 0`);
  }
  for (const [from, to] of chunks(grants)) {
    // Every third grant ended 60 days ago (expired and revoked): housekeeping's backlog.
    statements.push(`
      insert into grants (id, client_id, user_id, session_id, scope, auth_time, amr, acr, created_at, expires_at,
                          revoked_at)
      select 'seed-g-' || g, 'seed-c-' || (g % ${clients} + 1), 'seed-u-' || (g % ${users} + 1),
             'seed-s-' || (g % ${users} + 1), 'openid offline_access', now() - interval '1 day', '["pwd"]',
             'urn:tessera:loa:1', now() - interval '1 day',
             case when g % 3 = 0 then now() - interval '60 days' else now() + interval '30 days' end,
             case when g % 3 = 0 then now() - interval '60 days' else null end
      from generate_series(${from}, ${to}) g`);
    statements.push(`
      insert into authorization_codes (code_hash, client_id, user_id, session_id, redirect_uri, scope,
                                       code_challenge, auth_time, amr, acr, created_at, expires_at, consumed_at,
                                       grant_id)
      select 'seed-code-' || md5(g::text), 'seed-c-' || (g % ${clients} + 1), 'seed-u-' || (g % ${users} + 1),
             'seed-s-' || (g % ${users} + 1), 'https://rp.example.com/callback', 'openid', null,
             now() - interval '1 day', '["pwd"]', 'urn:tessera:loa:1', now() - interval '1 day',
             now() - interval '1 day' + interval '60 seconds', now() - interval '1 day', 'seed-g-' || g
      from generate_series(${from}, ${to}) g`);
  }
  for (const [from, to] of chunks(counts.refreshTokens)) {
    // Two tokens per grant: the older one used (rotated out), the newer one current.
    statements.push(`
      insert into refresh_tokens (token_hash, grant_id, client_id, created_at, expires_at, used_at)
      select 'seed-rt-' || md5(g::text) || md5((g * 7)::text), 'seed-g-' || ((g + 1) / 2),
             'seed-c-' || (((g + 1) / 2) % ${clients} + 1), now() - interval '1 day', now() + interval '30 days',
             case when g % 2 = 1 then now() - interval '1 hour' else null end
      from generate_series(${from}, ${to}) g`);
  }
  for (const [from, to] of chunks(counts.auditEvents)) {
    statements.push(`
      insert into audit_events (at, action, outcome, actor_type, actor_id, target_type, target_id, ip_address,
                                details)
      select now() - (${counts.auditEvents} - g) * interval '1 second',
             (array['user.sign_in','token.issued','user.updated','client.updated','session.ended'])[g % 5 + 1],
             case when g % 20 = 0 then 'failure' else 'success' end, 'user', 'seed-u-' || (g % ${users} + 1),
             'user', 'seed-u-' || (g % ${users} + 1), '192.0.2.' || (g % 250 + 1), '{}'
      from generate_series(${from}, ${to}) g`);
  }
  if (counts.scimUsers > 0 && scimConnectionId) {
    const connection = `'${scimConnectionId.replaceAll("'", "''")}'`;
    for (const [from, to] of chunks(Math.min(counts.scimUsers, counts.users))) {
      statements.push(`
        insert into scim_users (id, connection_id, user_id, owned, user_name, user_name_normalized, external_id,
                                display_name, active, email_index)
        select 'seed-scim-' || g, ${connection}, 'seed-u-' || g, true, 'Seed-User-' || g || '@scale.example',
               'seed-user-' || g || '@scale.example', 'ext-' || g, 'Seeded Person ' || g, true,
               jsonb_build_array(jsonb_build_object('type', 'work', 'value', 'seed-user-' || g || '@scale.example'))
        from generate_series(${from}, ${to}) g`);
    }
    // A group as large as a group gets, less one (resource.ts caps members at 10,000): `seed-scim-2` onwards as
    // its members, kept in step by PATCHes that add and remove a few members at a time, as Entra ID sends them.
    statements.push(
      `insert into scim_groups (id, connection_id, display_name, display_name_normalized)
       values ('${SEEDED_SCIM_GROUP}', ${connection}, 'Seeded everyone', 'seeded everyone')`,
      `insert into scim_group_members (group_id, scim_user_id)
       select '${SEEDED_SCIM_GROUP}', 'seed-scim-' || g
       from generate_series(2, ${Math.min(counts.scimUsers, counts.users, 10_000)}) g`,
    );
  }
  statements.push(...restoreIndexes());
  // As autovacuum leaves a table in steady state: statistics, the visibility map.
  statements.push('reset session_replication_role', 'reset maintenance_work_mem', 'vacuum analyze');
  return statements;
}

/** The tables the seed fills. */
const SEEDED_TABLES = [
  'users',
  'sessions',
  'clients',
  'client_secrets',
  'grants',
  'authorization_codes',
  'refresh_tokens',
  'audit_events',
  'scim_users',
  'scim_group_members',
];

/**
 * Drops the seeded tables' indexes that nothing depends on, remembering their definitions in a temporary table:
 * millions of rows inserted into a dozen btree and trigram indexes, most keyed by random hashes, cost many times
 * the sorted build of each index after the load (a row at a time, every page an index touches is rewritten and
 * written to the WAL again after each checkpoint). Primary keys go too, unless a foreign key references them (its
 * constraint stands on the index).
 */
function deferIndexes(): string[] {
  const tables = `array[${SEEDED_TABLES.map((table) => `'${table}'`).join(', ')}]`;
  return [
    'create temporary table seed_deferred_indexes (drop_statement text not null, create_statement text not null)',
    `insert into seed_deferred_indexes
       select format('drop index %s', i.indexrelid::regclass), pg_get_indexdef(i.indexrelid)
       from pg_index i join pg_class t on t.oid = i.indrelid
       where t.relname = any(${tables}) and t.relnamespace = current_schema()::regnamespace
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    `insert into seed_deferred_indexes
       select format('alter table %s drop constraint %I', c.conrelid::regclass, c.conname),
              format('alter table %s add constraint %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
       from pg_constraint c join pg_class t on t.oid = c.conrelid
       where c.contype = 'p' and t.relname = any(${tables}) and t.relnamespace = current_schema()::regnamespace
         and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)`,
    `do $$
     declare deferred record;
     begin
       for deferred in select drop_statement from seed_deferred_indexes loop execute deferred.drop_statement; end loop;
     end $$`,
  ];
}

/** Builds the indexes deferIndexes dropped, each from the loaded table. */
function restoreIndexes(): string[] {
  return [
    `do $$
     declare deferred record;
     begin
       for deferred in select create_statement from seed_deferred_indexes loop execute deferred.create_statement; end loop;
     end $$`,
    'drop table seed_deferred_indexes',
  ];
}
