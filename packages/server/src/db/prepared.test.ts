import { eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import type { Database } from './client.js';
import { preparedQuery } from './prepared.js';
import { runInTransaction } from './transactions.js';

const notes = pgTable('prepared_notes', { text: text('text').primaryKey() });

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await testDatabase.open();
  await database.db.execute(sql`CREATE TABLE prepared_notes (text text PRIMARY KEY)`);
});

afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM prepared_notes`);
});

async function committedNotes(): Promise<string[]> {
  const rows = await database.withConnection((connection) =>
    connection.query<{ text: string }>('SELECT text FROM prepared_notes ORDER BY text'),
  );
  return rows.map((row) => row.text);
}

class Refused extends Error {}

describe('prepared queries', () => {
  const add = () =>
    preparedQuery(database.db, 'test_prepared_add', (db) =>
      db
        .insert(notes)
        .values({ text: sql.placeholder('text') })
        .returning({ text: notes.text }),
    );
  const find = () =>
    preparedQuery(database.db, 'test_prepared_find', (db) =>
      db
        .select()
        .from(notes)
        .where(eq(notes.text, sql.placeholder('text'))),
    );

  it('run with placeholder values outside a transaction, again and again', async () => {
    const insert = add();
    const select = find();
    expect(await insert({ text: 'a' })).toEqual([{ text: 'a' }]);
    expect(await insert({ text: 'b' })).toEqual([{ text: 'b' }]);
    expect(await select({ text: 'b' })).toEqual([{ text: 'b' }]);
    expect(await select({ text: 'c' })).toEqual([]);
    expect(await committedNotes()).toEqual(['a', 'b']);
  });

  it('join the ambient transaction: a write inside is rolled back with it', async () => {
    const insert = add();
    await expect(
      runInTransaction(database.db, async () => {
        await insert({ text: 'a' });
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await committedNotes()).toEqual([]);
  });

  it('join the ambient transaction: a read inside sees its uncommitted write', async () => {
    const select = find();
    let seen: unknown;
    await expect(
      runInTransaction(database.db, async () => {
        await database.db.insert(notes).values({ text: 'a' });
        seen = await select({ text: 'a' });
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(seen).toEqual([{ text: 'a' }]);
    expect(await committedNotes()).toEqual([]);
  });

  it('refuse a name already given to another statement text, and accept the same text again', () => {
    add();
    expect(() =>
      preparedQuery(database.db, 'test_prepared_add', (db) =>
        db
          .select()
          .from(notes)
          .where(eq(notes.text, sql.placeholder('text'))),
      ),
    ).toThrow(/already used for another query/);
  });
});
