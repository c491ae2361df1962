/**
 * The embedded database's statements (db/pglite-statements.ts): a named statement, and text run as the unnamed
 * statement, answer exactly as PGlite's own query does (rows, types, affected rows, errors); a named one is prepared
 * once; each joins the transaction it runs in, and outside one waits for an open transaction as PGlite's query does.
 */
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withPreparedStatements } from './pglite-statements.js';

let pglite: PGlite;

const NAMED: Record<string, string> = {
  'SELECT id, label, made_at, details, active, amount FROM things WHERE id = $1': 'thing_by_id',
  'SELECT id, label, made_at, details, active, amount FROM things WHERE label = $1 AND made_at > $2':
    'thing_by_label_since',
  'INSERT INTO things (id, label, made_at, details, active, amount) VALUES ($1, $2, $3, $4, $5, $6)':
    'thing_insert',
  'UPDATE things SET active = $2 WHERE label = $1': 'things_set_active',
  'SELECT count(*)::int AS n FROM things': 'things_count',
  'SELEC broken': 'broken_statement',
};
const THING_BY_ID = 'SELECT id, label, made_at, details, active, amount FROM things WHERE id = $1';
const INSERT =
  'INSERT INTO things (id, label, made_at, details, active, amount) VALUES ($1, $2, $3, $4, $5, $6)';
const COUNT = 'SELECT count(*)::int AS n FROM things';
/** Drizzle's parsers for its queries: times as the database's text (drizzle maps them itself). */
const drizzleLike = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };

beforeAll(async () => {
  pglite = new PGlite();
  await pglite.exec(`CREATE TABLE things (
    id int PRIMARY KEY, label text NOT NULL, made_at timestamptz NOT NULL, details jsonb, active boolean, amount bigint
  )`);
  await pglite.query(INSERT, [1, 'one', '2026-11-25T10:00:00.000Z', '{"a":[1,2]}', true, '9007199254740993']);
  await pglite.query(INSERT, [2, 'two', new Date('2026-11-25T11:00:00.000Z'), null, false, null]);
});
afterAll(async () => {
  await pglite?.close();
});

const client = () => withPreparedStatements(pglite, (text) => NAMED[text]);

describe('a named statement on the embedded database', () => {
  it("answers as PGlite's query does, in both row shapes and with the caller's parsers", async () => {
    const prepared = client();
    for (const options of [undefined, drizzleLike, { rowMode: 'object' as const }]) {
      for (const id of [1, 2, 3]) {
        const mine = await prepared.query(THING_BY_ID, [id], options);
        const theirs = await pglite.query(THING_BY_ID, [id], options);
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
    }
    // Text without a name, run as the unnamed statement, answers alike too.
    const unnamed = 'SELECT id, details, made_at FROM things WHERE id = ANY($1) ORDER BY id';
    for (const options of [undefined, drizzleLike]) {
      const mine = await prepared.query(unnamed, [[1, 2]], options);
      expect(mine.rows).toEqual((await pglite.query(unnamed, [[1, 2]], options)).rows);
      expect(mine.rows).toHaveLength(2);
    }
    const [row] = (await prepared.query<Record<string, unknown>>(THING_BY_ID, [1])).rows;
    expect(row).toMatchObject({ label: 'one', details: { a: [1, 2] }, active: true });
    expect(row!.made_at).toBeInstanceOf(Date);
    const [raw] = (await prepared.query<unknown[]>(THING_BY_ID, [1], drizzleLike)).rows;
    expect(typeof raw![2]).toBe('string');
  });

  it('serializes parameters by their types: a Date, JSON text, a boolean, a bigint as text, null', async () => {
    const prepared = client();
    const insert = await prepared.query(INSERT, [
      10,
      'ten',
      new Date('2026-11-25T12:00:00.000Z'),
      '{"b":true}',
      false,
      '1234567890123456789',
    ]);
    expect(insert.affectedRows).toBe(1);
    expect((await pglite.query(THING_BY_ID, [10])).rows).toEqual(
      (await prepared.query(THING_BY_ID, [10])).rows,
    );
    const since = await prepared.query<{ id: number }>(textOf('thing_by_label_since'), [
      'ten',
      new Date('2026-11-25T11:59:59.000Z'),
    ]);
    expect(since.rows.map((thing) => thing.id)).toEqual([10]);
    const updated = await prepared.query(textOf('things_set_active'), ['ten', null]);
    expect(updated.affectedRows).toBe(1);
    expect((await pglite.query<{ active: unknown }>(THING_BY_ID, [10])).rows[0]!.active).toBeNull();
  });

  it('is prepared once: each later execution is one exchange with the backend', async () => {
    const prepared = client();
    const exchanges = vi.spyOn(pglite, 'execProtocolStream');
    try {
      await prepared.query(textOf('things_count'), []);
      const first = exchanges.mock.calls.length;
      await prepared.query(textOf('things_count'), []);
      await prepared.query(textOf('things_count'), []);
      expect(exchanges.mock.calls.length - first).toBe(2);
      // Text without a name is parsed as the unnamed statement every time: two exchanges (PGlite's query: six).
      exchanges.mockClear();
      await prepared.query('SELECT 1 AS one', []);
      expect(exchanges.mock.calls.length).toBe(2);
      exchanges.mockClear();
      await pglite.query('SELECT 1 AS one', []);
      expect(exchanges.mock.calls.length).toBe(6);
    } finally {
      exchanges.mockRestore();
    }
  });

  it("fails as PGlite's query does, and the statement still works afterwards", async () => {
    const prepared = client();
    const duplicate = await prepared
      .query(INSERT, [1, 'again', new Date(), null, true, null])
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505' });
    expect((await prepared.query(THING_BY_ID, [1])).rows).toHaveLength(1);
    // A statement the database refuses is not remembered: it fails again the same way.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(prepared.query('SELEC broken', [])).rejects.toMatchObject({ code: '42601' });
    }
    // An unnamed one fails alike, as at parse (a syntax error) or at execution (a constraint), and leaves nothing
    // behind for the next statement.
    await expect(prepared.query('SELEC unnamed broken', [])).rejects.toMatchObject({ code: '42601' });
    await expect(
      prepared.query('INSERT INTO things (id, label, made_at) VALUES ($1, $2, now())', [1, 'again']),
    ).rejects.toMatchObject({ code: '23505' });
    expect(
      (await prepared.query<{ n: number }>('SELECT count(*)::int AS n FROM things WHERE id = $1', [1])).rows,
    ).toEqual([{ n: 1 }]);
    expect((await prepared.query<{ n: number }>(COUNT, [])).rows[0]!.n).toBeGreaterThan(0);
  });

  it('joins the transaction it runs in: a rollback undoes its write', async () => {
    const prepared = client();
    const before = (await prepared.query<{ n: number }>(COUNT, [])).rows[0]!.n;
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query(INSERT, [20, 'twenty', new Date(), null, true, null]);
        expect((await tx.query<{ n: number }>(COUNT, [])).rows[0]!.n).toBe(before + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await prepared.query<{ n: number }>(COUNT, [])).rows[0]!.n).toBe(before);
  });

  it('outside a transaction, waits for an open one to end instead of running inside it', async () => {
    const prepared = client();
    const before = (await prepared.query<{ n: number }>(COUNT, [])).rows[0]!.n;
    let outside: Promise<number> | undefined;
    let outsideDone = false;
    await prepared.transaction(async (tx) => {
      await tx.query(INSERT, [30, 'thirty', new Date(), null, true, null]);
      outside = prepared.query<{ n: number }>(COUNT, []).then((result) => {
        outsideDone = true;
        return result.rows[0]!.n;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideDone).toBe(false);
    });
    // It ran after the commit, so it counts the committed row, never an uncommitted one inside the transaction.
    expect(await outside).toBe(before + 1);
  });
});

describe('a closed embedded database', () => {
  it("refuses with PGlite's own error, named or not", async () => {
    const closing = new PGlite();
    await closing.exec('CREATE TABLE things (id int)');
    const prepared = withPreparedStatements(closing, (text) => NAMED[text]);
    await closing.close();
    for (const text of [COUNT, 'SELECT 1']) {
      await expect(prepared.query(text, [])).rejects.toThrow('PGlite is closed');
    }
  });
});

function textOf(name: string): string {
  return Object.keys(NAMED).find((text) => NAMED[text] === name)!;
}
