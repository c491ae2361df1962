/**
 * The query plans of the hot statements on a database of realistic size (docs/performance.md#query-plans): the
 * tables are seeded in bulk (testing/scale-seed.ts), analyzed, and then the real requests run through the server
 * (password sign-in, the authorization-code flow, refresh, introspection, userinfo, the admin user search, client
 * list and audit log, the account page's apps, SCIM filters, a housekeeping run) while every statement they send
 * is recorded. Each recorded statement is then explained with its own values (the plan PostgreSQL picks for an
 * unnamed statement and for the first runs of a prepared one) and, when it is prepared, as a generic plan (the
 * one it may settle on): none may read users, sessions, tokens, grants, codes, clients, audit events or SCIM users
 * by a sequential scan, and a lookup of one row by its key (an address, a SCIM userName, externalId or email) must
 * probe that key's index.
 *
 * PostgreSQL only (vitest.config.ts leaves it out of the embedded pass): the planner and its statistics are
 * PostgreSQL's; `npm run bench:scale-data` measures the embedded database.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_CAP } from '../accounts/users.js';
import { codeFlowTokens, introspection, refreshGrant } from '../testing/code-flow.js';
import { testDatabaseKind } from '../testing/database.js';
import { basicAuthorization, formPost, registerClient, signInUser } from '../testing/oauth.js';
import { loginWithPassword, registerWithPassword } from '../testing/opaque-client.js';
import { SEEDED_SCIM_GROUP, scaleSeedStatements, seededEmail } from '../testing/scale-seed.js';
import { admin, connectionWithToken, installAndSignIn, scim } from '../testing/scim.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * Large enough that the planner prices a sequential scan well above an index probe, small enough to seed in
 * seconds on a busy two-core machine; `npm run bench:scale-data` runs the same statements on a million users.
 */
const COUNTS = {
  users: 50_000,
  clients: 20_000,
  refreshTokens: 100_000,
  auditEvents: 100_000,
  scimUsers: 20_000,
};

/** Tables that grow with users and traffic: none of them may be read whole by a hot statement. */
const GROWING_TABLES = new Set([
  'users',
  'sessions',
  'grants',
  'refresh_tokens',
  'authorization_codes',
  'clients',
  'client_secrets',
  'audit_events',
  'scim_users',
  'scim_group_members',
  'organization_members',
]);

/** What the recording saw of one statement text: the first values it was sent with. */
interface Recorded {
  text: string;
  values: unknown[];
  /** Sent as a named (prepared) statement, which PostgreSQL may come to run with a generic plan. */
  named: boolean;
}

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** With ANALYZE: what the node returned and what its conditions threw away, per loop. */
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

type Explained = [{ 'QUERY PLAN': [{ Plan: PlanNode }] }];

function sequentialScans(node: PlanNode, found: string[] = []): string[] {
  if (
    node['Node Type'] === 'Seq Scan' &&
    node['Relation Name'] &&
    GROWING_TABLES.has(node['Relation Name'])
  ) {
    found.push(node['Relation Name']);
  }
  for (const child of node.Plans ?? []) sequentialScans(child, found);
  return found;
}

/** With ANALYZE: the rows a plan's scans of growing tables read, kept or filtered out, in every loop. */
function rowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] && GROWING_TABLES.has(node['Relation Name'])
      ? ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1)
      : 0;
  return (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), own);
}

function indexesUsed(node: PlanNode, found: string[] = []): string[] {
  if (node['Index Name']) found.push(node['Index Name']);
  for (const child of node.Plans ?? []) indexesUsed(child, found);
  return found;
}

/**
 * How a statement reads its rows: the index of each index scan, or the kind and table of any other scan, leaving
 * out what its InitPlans and SubPlans read (a keyset's anchor row, looked up by its key).
 */
function rowSources(node: PlanNode, found: string[] = []): string[] {
  if (node['Index Name']) found.push(node['Index Name']);
  else if (node['Relation Name'] && node['Node Type'] !== 'Bitmap Heap Scan')
    found.push(`${node['Node Type']} on ${node['Relation Name']}`);
  for (const child of node.Plans ?? []) {
    if (child['Parent Relationship'] !== 'InitPlan' && child['Parent Relationship'] !== 'SubPlan')
      rowSources(child, found);
  }
  return found;
}

/** The admin audit list's select up to its condition. */
const AUDIT_LIST = String.raw`select "id", "at", .* from "audit_events" where \(`;
/** Its time range, the first of its conditions when it has one. */
const AUDIT_RANGE = String.raw`"audit_events"."at" >= \$1 and "audit_events"."at" <= \$2`;

/** The users directory's search within an organization (orgs/directory.ts). */
const MEMBER_DIRECTORY_SEARCH = /"organization_members"."user_name_lower" like lower\(/;

/**
 * Statements that must probe one particular index, not merely avoid a sequential scan: an index scan that reads
 * every user of a SCIM connection, or every trigram posting list an address shares with the rest of its domain,
 * is no better at a million rows. `index` names it, or the indexes any of which answers alike. With `rows`, the
 * statement reads its rows through that index alone: an audit range read by walking the primary key back through
 * every later event is an index scan too, and took 9.8 s at ten million events.
 */
const PROBES: { statement: RegExp; index: string | string[]; rows?: true }[] = [
  // The admin search for a whole address: an equality probe of an address index (the unique one, or the prefix
  // index of the users directory, which holds the same keys and answers `=` as cheaply).
  {
    statement: /from "users" where "users"."email_normalized" = \$1$/,
    index: ['users_email_idx', 'users_email_prefix_idx'],
  },
  // A page of the admin client list after a cursor: one range of the (name, id) index, not a sort of the rest.
  {
    statement: /"clients"\."id"\) > \(\$\d+, \$\d+\)\)? order by "clients"\."name" asc, "clients"\."id" asc/,
    index: 'clients_name_id_idx',
  },
  // The account page's apps: only the clients shown there, from the partial index that holds them alone.
  {
    statement: /"clients"\."show_on_dashboard" and "clients"\."app_url" <> ''/,
    index: 'clients_dashboard_idx',
  },
  // A one- or two-character client search: a range of each prefix index, not every client's trigrams or row.
  { statement: /lower\("clients"\."name"\) like lower\(/, index: 'clients_name_prefix_idx' },
  { statement: /lower\("clients"\."id"\) like lower\(/, index: 'clients_id_prefix_idx' },
  { statement: /from "scim_users" where .*"user_name_normalized" = /, index: 'scim_users_user_name_idx' },
  { statement: /from "scim_users" where .*"external_id" = /, index: 'scim_users_external_id_idx' },
  { statement: /from "scim_users" where .*"email_index" @> /, index: 'scim_users_email_idx' },
  // A group's member PATCH: the memberships of the users it names (each a probe of either index), and whether any
  // other member remains (the group's first entry in its key order).
  {
    statement:
      /from "scim_group_members" where \("scim_group_members"."group_id" = \$1 and "scim_group_members"."scim_user_id" (in \(|= any\()/,
    index: ['scim_group_members_group_id_scim_user_id_pk', 'scim_group_members_user_idx'],
  },
  {
    statement:
      /from "scim_group_members" where \("scim_group_members"."group_id" = \$1 and "scim_group_members"."scim_user_id" not in/,
    index: 'scim_group_members_group_id_scim_user_id_pk',
  },
  // An audit range, its first page and a later one (the keyset compares (at, id) with the `before` event's).
  {
    statement: new RegExp(String.raw`${AUDIT_LIST}${AUDIT_RANGE}\) order by "audit_events"."at" desc`),
    index: 'audit_events_at_id_idx',
    rows: true,
  },
  {
    statement: new RegExp(
      String.raw`${AUDIT_LIST}${AUDIT_RANGE} and \("audit_events"."at", "audit_events"."id"\) < \(\(select`,
    ),
    index: 'audit_events_at_id_idx',
    rows: true,
  },
  // A range and an actor: the actor's few events, not the range's many.
  {
    statement: new RegExp(String.raw`${AUDIT_LIST}${AUDIT_RANGE} and "audit_events"."actor_id" = \$3\)`),
    index: 'audit_events_actor_idx',
    rows: true,
  },
  // The admin search's capped matches of a fragment: the trigram index, not the address index read whole.
  { statement: /with matched as materialized/, index: 'users_email_trgm_idx' },
  // The admin listing's keyset page: a range of the address index.
  { statement: /from "users" where "users"."email_normalized" > \$1 order by/, index: 'users_email_idx' },
  // A page of a broad search: the address index in order, a bounded stretch of it.
  { statement: /order by "users"."email_normalized" limit \$\d+\s*\) scanned/, index: 'users_email_idx' },
  // The users directory's prefix search: a range of each prefix index, not the trigram indexes, nor the address
  // index walked in order (2.4 s for a prefix a tenth of a million users share); how much of each range it reads
  // is checked by running it (DIRECTORY_READS below).
  {
    statement: /lower\("users"."name"\) like lower\(/,
    index: ['users_email_prefix_idx', 'users_name_prefix_idx'],
    rows: true,
  },
  // The directory within an organization: a range of each of the organization's own directory indexes (whose keys
  // the memberships hold), not the users' indexes walked until the members turn up.
  { statement: MEMBER_DIRECTORY_SEARCH, index: 'organization_members_directory_email_idx' },
  { statement: MEMBER_DIRECTORY_SEARCH, index: 'organization_members_directory_name_idx' },
  // A code's redemption: the code by its hash, even when the statistics know only codes long expired and so price
  // "unexpired" at next to no rows (they lag behind codes that live a minute).
  { statement: /update "authorization_codes" set "consumed_at"/, index: 'authorization_codes_pkey' },
];

/**
 * The users directory's search reads each prefix index in order and stops after `limit` rows
 * (orgs/directory.ts): the matches of both kinds, and the inactive users in between (one in fifty of the
 * seeded), at most about twice the limit, however many users share the prefix.
 */
const DIRECTORY_READS = (limit: number) => 3 * limit;
/** Within an organization each match is read twice: its membership, then its user. */
const MEMBER_DIRECTORY_READS = (limit: number) => 2 * DIRECTORY_READS(limit);
/** An organization whose members are the seeded users numbered 9, 90-99, 900-999, ...: all late in address order. */
const LATE_ORGANIZATION = 'seed-org-late';

/** The first `limit` active seeded users by `order`, of those `matches` keeps, as the directory answers them. */
function seededMatches(
  limit: number,
  matches: (n: number) => boolean,
  order: (n: number) => string,
): string[] {
  return Array.from({ length: COUNTS.users }, (_, index) => index + 1)
    .filter((n) => n % 50 !== 0 && matches(n))
    .sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
    .slice(0, limit)
    .map((n) => `seed-u-${n}`);
}

/** The time `hours` hours ago, for an audit range in the seeded day. */
function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * 3_600_000).toISOString();
}

/** A statement value as an SQL literal, for EXECUTE of the generic plan. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return `'\\x${Buffer.from(value).toString('hex')}'`;
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** The users directory's search statement (orgs/directory.ts). */
const DIRECTORY_SEARCH = /lower\("users"."name"\) like lower\(/;

describe('query plans at scale', () => {
  let server: TestServer;
  const recorded = new Map<string, Recorded>();
  /** Every statement text sent while capturing, in order, repeats included. */
  const sent: string[] = [];
  /** The users directory's searches sent while capturing, each with its values. */
  const directorySearches: Omit<Recorded, 'named'>[] = [];
  const originalQuery = pg.Client.prototype.query;
  let capturing = false;

  /**
   * Records the statements the server sends while capturing. The pool binds a connection's `query` when it opens
   * the connection (db/pool-telemetry.ts), so the recorder is in place before the server starts.
   */
  function installRecorder(): void {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (capturing) {
        const [first, second] = args as [unknown, unknown];
        const config =
          typeof first === 'object' ? (first as { text?: string; values?: unknown[]; name?: string }) : {};
        const text = typeof first === 'string' ? first : config.text;
        const values = Array.isArray(second) ? second : (config.values ?? []);
        // A set operation starts with its first branch in parentheses.
        if (text && /^\s*\(?(select|insert|update|delete|with)\b/i.test(text)) {
          sent.push(text);
          if (DIRECTORY_SEARCH.test(text) || MEMBER_DIRECTORY_SEARCH.test(text))
            directorySearches.push({ text, values });
          if (!recorded.has(text)) recorded.set(text, { text, values, named: Boolean(config.name) });
        }
      }
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  }

  async function recording(fn: () => Promise<void>): Promise<void> {
    capturing = true;
    try {
      await fn();
    } finally {
      capturing = false;
    }
  }

  beforeAll(async () => {
    // vitest.config.ts runs this file in the PostgreSQL pass only.
    if (testDatabaseKind() !== 'postgres')
      throw new Error('the query-plan test needs PostgreSQL (TEST_DATABASE_URL)');
    installRecorder();
    server = await startTestServer();
    await server.context.settings.set('accounts.self_registration', true);
  }, 120_000);
  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await server?.close();
  });

  it('reads users, tokens and audit events by index on a seeded database', async () => {
    /** What the admin search for one whole address sent: a probe of the address index, no substring search. */
    const wholeAddressSearch: string[] = [];
    const password = 'correct horse battery staple';
    expect((await registerWithPassword(server, 'planned@example.com', password)).status).toBe(200);
    const session = await installAndSignIn(server);
    const { token: scimToken, connectionId } = await connectionWithToken(server, session, 'Planned');
    const client = await registerClient(server);
    const directoryClient = await server.context.clients.registry.create({
      name: 'Directory',
      type: 'confidential',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      scopes: [{ scope: 'service.users:read', description: 'the users directory' }],
    });
    const directoryGrant = await formPost(
      server,
      '/token',
      { grant_type: 'client_credentials' },
      { authorization: basicAuthorization(directoryClient.client.id, directoryClient.secret!) },
    );
    const directoryToken = directoryGrant.json.access_token as string;
    const seeded = server.database;
    await seeded.withConnection(async (connection) => {
      // The address confirmed, as its emailed link would (the mail is not what this test is about).
      await connection.exec(
        `update users set email_verified = true where email_normalized = 'planned@example.com'`,
      );
      for (const statement of scaleSeedStatements(COUNTS, connectionId)) await connection.exec(statement);
      await connection.exec(
        `insert into organizations (id, name, slug) values ('${LATE_ORGANIZATION}', 'Late', '${LATE_ORGANIZATION}')`,
      );
      await connection.exec(
        `insert into organization_members (id, organization_id, user_id, status)
           select 'seed-m-' || g, '${LATE_ORGANIZATION}', 'seed-u-' || g, 'active'
           from generate_series(1, ${COUNTS.users}) g where g::text like '9%'`,
      );
      await connection.exec('analyze organization_members');
    });

    await recording(async () => {
      const login = await loginWithPassword(server, 'planned@example.com', password);
      expect(login.finish?.status).toBe(200);
      const user = await signInUser(server);
      const tokens = await codeFlowTokens(server, user, client);
      const refreshed = await refreshGrant(server, client, tokens.refresh_token);
      expect(refreshed.status).toBe(200);
      const accessToken = (refreshed.json as { access_token: string }).access_token;
      expect((await introspection(server, client, accessToken)).active).toBe(true);
      const userinfo = await fetch(`${server.publicUrl}/userinfo`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(userinfo.status).toBe(200);

      const sentBefore = sent.length;
      const search = await admin(server, session, 'GET', `/admin/users?query=${seededEmail(12_345)}`);
      expect(search.status).toBe(200);
      expect(search.json.total).toBe(1);
      expect((search.json.users as { id: string }[]).map((user) => user.id)).toEqual(['seed-u-12345']);
      wholeAddressSearch.push(...sent.slice(sentBefore));
      // A fragment of addresses: 4242 and 42420 to 42429.
      const substring = await admin(server, session, 'GET', '/admin/users?query=user-4242');
      expect(substring.json.total).toBe(11);
      expect((substring.json.users as { email: string }[]).map((user) => user.email)).toContain(
        'Seed-User-4242@scale.example',
      );
      const first = await admin(server, session, 'GET', '/admin/users?limit=50');
      expect(first.json.total_kind).toBe('estimate');
      const second = await admin(
        server,
        session,
        'GET',
        `/admin/users?limit=50&after=${first.json.next_after}`,
      );
      expect((second.json.users as unknown[]).length).toBe(50);
      // A fragment that thousands of addresses contain (1, 10 to 19, 100 to 199, ...): the total at the cap, the
      // page read from the address index in order.
      const broad = await admin(server, session, 'GET', '/admin/users?query=user-1&limit=50');
      expect([broad.json.total, broad.json.total_kind]).toEqual([MATCH_CAP, 'at_least']);
      expect((broad.json.users as unknown[]).length).toBe(50);
      // The users directory for apps, a whole address as a prefix (a client granted service.users:read).
      const directory = await fetch(
        `${server.publicUrl}/api/user/directory/users?query=${seededEmail(4_242)}`,
        { headers: { authorization: `Bearer ${directoryToken}` } },
      );
      expect(((await directory.json()) as { users: { id: string }[] }).users.map((user) => user.id)).toEqual([
        'seed-u-4242',
      ]);
      // Prefixes thousands of users share: 9, 90-99, 900-999, 9000-9999, all late in address order; every user's
      // address and name; names alone. Addresses and names are compared byte by byte (docs/users.md#for-apps).
      const directorySearch = async (query: string) => {
        const answer = await fetch(
          `${server.publicUrl}/api/user/directory/users?query=${encodeURIComponent(query)}&limit=20`,
          { headers: { authorization: `Bearer ${directoryToken}` } },
        );
        return ((await answer.json()) as { users: { id: string }[] }).users.map((user) => user.id);
      };
      expect(await directorySearch('seed-user-9')).toEqual(
        seededMatches(20, (n) => String(n).startsWith('9'), seededEmail),
      );
      expect(await directorySearch('s')).toEqual(seededMatches(20, () => true, seededEmail));
      expect(await directorySearch('Seeded Person 9')).toEqual(
        seededMatches(
          20,
          (n) => String(n).startsWith('9'),
          (n) => `seeded person ${n}`,
        ),
      );

      // The same within an organization whose members all come late in address order: a prefix every user shares,
      // one that thousands share and no member does, and a name.
      const memberSearch = async (query: string) =>
        (
          await server.context.orgs.directory.search(query, 20, {
            kind: 'organization',
            organizationId: LATE_ORGANIZATION,
          })
        ).map((user) => user.id);
      const isMember = (n: number) => String(n).startsWith('9');
      expect(await memberSearch('s')).toEqual(seededMatches(20, isMember, seededEmail));
      expect(await memberSearch('seed-user-1')).toEqual([]);
      expect(await memberSearch('Seeded Person 95')).toEqual(
        seededMatches(
          20,
          (n) => String(n).startsWith('95'),
          (n) => `seeded person ${n}`,
        ),
      );

      // The admin client list: the first page, a page from its cursor, a search; each page one statement.
      const clientStatements = (from: number) => sent.slice(from).filter((text) => /"clients"/.test(text));
      const beforeClients = sent.length;
      const clientPage = await admin(server, session, 'GET', '/admin/clients?limit=50');
      expect((clientPage.json.clients as unknown[]).length).toBe(50);
      expect(clientStatements(beforeClients)).toHaveLength(1);
      const beforeNext = sent.length;
      const nextClients = await admin(
        server,
        session,
        'GET',
        `/admin/clients?limit=50&after=${encodeURIComponent(clientPage.json.next_after as string)}`,
      );
      expect((nextClients.json.clients as unknown[]).length).toBe(50);
      expect(clientStatements(beforeNext)).toHaveLength(1);
      const clientSearch = await admin(server, session, 'GET', '/admin/clients?query=client%201234');
      // Seeded client 1234, and 12340 to 12349.
      expect(
        (clientSearch.json.clients as { client_id: string }[]).map((client) => client.client_id),
      ).toEqual(['seed-c-1234', ...Array.from({ length: 10 }, (_, digit) => `seed-c-1234${digit}`)]);
      // The account page's apps: the seeded clients shown there (one in two thousand), by name.
      const dashboard = await fetch(`${server.publicUrl}/api/user/apps`, {
        headers: { cookie: user.cookie },
      });
      expect(dashboard.status).toBe(200);
      const shownApps = ((await dashboard.json()) as { apps: { client_id: string }[] }).apps;
      const shownNumbers = Array.from({ length: COUNTS.clients / 2000 }, (_, n) => String(n * 2000 + 1000));
      expect(shownApps.map((app) => app.client_id)).toEqual(shownNumbers.sort().map((n) => `seed-c-${n}`));
      // Two characters that start no client's name or ID.
      const shortSearch = await admin(server, session, 'GET', '/admin/clients?query=zq');
      expect(shortSearch.json.clients).toEqual([]);
      const page = await admin(server, session, 'GET', '/admin/audit?limit=50');
      expect(page.status).toBe(200);
      const next = page.json.next_before as number;
      expect((await admin(server, session, 'GET', `/admin/audit?limit=50&before=${next}`)).status).toBe(200);
      const byActor = await admin(server, session, 'GET', '/admin/audit?limit=50&actor=seed-u-4242');
      expect((byActor.json.events as unknown[]).length).toBeGreaterThan(0);
      // An hour well back in the seeded day (one event a second), its next page, the same hour by an actor (whose
      // events are a day apart: none in it), and its export, which pages the same statements by 500.
      const hour = `from=${hoursAgo(20)}&to=${hoursAgo(19)}`;
      const ranged = await admin(server, session, 'GET', `/admin/audit?limit=50&${hour}`);
      expect((ranged.json.events as unknown[]).length).toBe(50);
      const rangedNext = await admin(
        server,
        session,
        'GET',
        `/admin/audit?limit=50&${hour}&before=${ranged.json.next_before}`,
      );
      expect((rangedNext.json.events as unknown[]).length).toBe(50);
      const rangedByActor = await admin(
        server,
        session,
        'GET',
        `/admin/audit?limit=50&${hour}&actor=seed-u-4242`,
      );
      expect(rangedByActor.status).toBe(200);
      const exported = await fetch(`${server.adminUrl}/admin/audit/export?format=jsonl&${hour}`, {
        headers: { cookie: session.cookie },
      });
      expect((await exported.text()).trim().split('\n').length).toBeGreaterThan(3_000);

      const byUserName = await scim(
        server,
        scimToken,
        'GET',
        `/Users?filter=${encodeURIComponent(`userName eq "${seededEmail(13_337)}"`)}`,
      );
      expect(byUserName.json.totalResults).toBe(1);
      const byExternalId = await scim(
        server,
        scimToken,
        'GET',
        `/Users?filter=${encodeURIComponent('externalId eq "ext-4711"')}`,
      );
      expect(byExternalId.json.totalResults).toBe(1);
      const byEmail = await scim(
        server,
        scimToken,
        'GET',
        `/Users?filter=${encodeURIComponent(`emails[type eq "work"].value eq "${seededEmail(8_191)}"`)}`,
      );
      expect(byEmail.json.totalResults).toBe(1);
      const byEmailValue = await scim(
        server,
        scimToken,
        'GET',
        `/Users?filter=${encodeURIComponent(`emails.value eq "${seededEmail(8_192)}"`)}`,
      );
      expect(byEmailValue.json.totalResults).toBe(1);
      // Entra keeping a large group in step: one member in, then out again.
      for (const op of ['Add', 'Remove'])
        expect(
          (
            await scim(server, scimToken, 'PATCH', `/Groups/${SEEDED_SCIM_GROUP}`, {
              schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
              Operations: [{ op, path: 'members', value: [{ value: 'seed-scim-1' }] }],
            })
          ).status,
        ).toBe(204);

      await server.context.housekeeping.runOnce();
    });
    // The statistics after the purge, as autovacuum takes them once a run deleted its backlog: what every later run
    // of housekeeping is planned with.
    await seeded.withConnection((connection) => connection.exec('analyze'));

    const offenders: string[] = [];
    const probed = new Set<RegExp>();
    /** A statement that must probe an index and whose plan does not use it. */
    const missedProbe = (text: string, plan: PlanNode, kind: string): void => {
      for (const { statement, index, rows } of PROBES) {
        if (!statement.test(text)) continue;
        probed.add(statement);
        const wanted = typeof index === 'string' ? [index] : index;
        if (!indexesUsed(plan).some((used) => wanted.includes(used)))
          offenders.push(`not by ${wanted.join(' or ')} (${kind} plan): ${text}`);
        const sources = rowSources(plan);
        if (rows && sources.some((source) => !wanted.includes(source)))
          offenders.push(
            `rows by ${sources.join(', ')}, not ${wanted.join(' or ')} alone (${kind} plan): ${text}`,
          );
      }
    };
    await seeded.withConnection(async (probe) => {
      for (const [index, { text, values, named }] of [...recorded.values()].entries()) {
        const [custom] = (await probe.query(`explain (format json) ${text}`, values)) as Explained;
        const customScans = sequentialScans(custom['QUERY PLAN'][0].Plan);
        if (customScans.length) offenders.push(`${customScans.join(', ')} (custom plan): ${text}`);
        missedProbe(text, custom['QUERY PLAN'][0].Plan, 'custom');
        // An unnamed statement is planned with its values every time; only a prepared one may go generic.
        if (!named) continue;
        await probe.exec(`prepare planned_${index} as ${text}`);
        await probe.exec('set plan_cache_mode = force_generic_plan');
        const args = values.length ? `(${values.map(literal).join(', ')})` : '';
        const [generic] = (await probe.query(
          `explain (format json) execute planned_${index}${args}`,
        )) as Explained;
        await probe.exec(`reset plan_cache_mode; deallocate planned_${index}`);
        const genericScans = sequentialScans(generic['QUERY PLAN'][0].Plan);
        if (genericScans.length) offenders.push(`${genericScans.join(', ')} (generic plan): ${text}`);
        missedProbe(text, generic['QUERY PLAN'][0].Plan, 'generic');
      }
    });
    // The directory's searches, run: each reads a bounded stretch of its prefix ranges, whatever the prefix.
    expect(directorySearches).toHaveLength(7);
    await seeded.withConnection(async (probe) => {
      for (const { text, values } of directorySearches) {
        const [analyzed] = (await probe.query(`explain (analyze, format json) ${text}`, values)) as Explained;
        const read = rowsRead(analyzed['QUERY PLAN'][0].Plan);
        const bound = MEMBER_DIRECTORY_SEARCH.test(text) ? MEMBER_DIRECTORY_READS(20) : DIRECTORY_READS(20);
        if (read > bound) offenders.push(`${read} rows read for ${JSON.stringify(values)}: ${text}`);
      }
    });
    expect(offenders).toEqual([]);
    expect([...probed].map(String).sort()).toEqual(
      [...new Set(PROBES.map(({ statement }) => String(statement)))].sort(),
    );
    // The whole address was found by the probe alone: no substring (trigram) statement was sent for it.
    expect(wholeAddressSearch.some((text) => PROBES[0]!.statement.test(text))).toBe(true);
    expect(wholeAddressSearch.filter((text) => / like /.test(text))).toEqual([]);

    // The recording saw the hot statements of every step above.
    const texts = [...recorded.keys()];
    for (const statement of [
      /from "users" where "users"."email_normalized" = \$1/, // sign-in by email
      /from "sessions"/, // session lookup
      /update "authorization_codes" set "consumed_at"/, // code redemption
      /update "refresh_tokens" set "used_at"/, // refresh token rotation
      /from "grants" inner join "users"/, // grant status: introspection, userinfo
      /from "users" where \("users"."email_normalized" like/, // admin user search
      /from "users" where "users"."email_normalized" > \$1 order by/, // admin listing by keyset
      /lower\("users"."name"\) like lower\(/, // users directory
      MEMBER_DIRECTORY_SEARCH, // users directory within an organization
      /from "audit_events" where "audit_events"."id" < \$1/, // audit page by keyset
      /from "clients" .*left join lateral .*"clients"."name", "clients"."id"\) > /, // client page by keyset
      /from "clients" .*"clients"."name" ilike /, // admin client search
      /from "clients" .*"show_on_dashboard" and /, // the account page's apps
      /from "clients" .*lower\("clients"."name"\) like /, // a short admin client search
      /from "scim_users" where .*"user_name_normalized" = /, // SCIM userName filter
      /from "scim_users" where .*"external_id" = /, // SCIM externalId filter
      /from "scim_users" where .*"email_index" @> /, // SCIM emails filter
      /delete from "refresh_tokens"/, // housekeeping
      /delete from "grants"/,
      /delete from "sessions"/,
      /delete from "authorization_codes"/,
    ]) {
      expect(texts.some((text) => statement.test(text))).toBe(true);
    }
  }, 120_000);
});
