import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { CHANGE_CHANNEL, ChangeBus } from './change-bus.js';
import type { Database } from './client.js';
import { afterCommit, inTransaction, runInTransaction } from './transactions.js';

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await testDatabase.open();
  await database.db.execute(sql`CREATE TABLE notes (text text PRIMARY KEY)`);
});

afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM notes`);
});

const add = (text: string) => database.db.execute(sql`INSERT INTO notes (text) VALUES (${text})`);

async function notes(): Promise<string[]> {
  const rows = await database.withConnection((connection) =>
    connection.query<{ text: string }>('SELECT text FROM notes ORDER BY text'),
  );
  return rows.map((row) => row.text);
}

class Refused extends Error {}

describe('ambient transactions', () => {
  it('commit every write made through the database view inside, from any caller', async () => {
    await runInTransaction(database.db, async () => {
      await add('a');
      await add('b');
    });
    expect(await notes()).toEqual(['a', 'b']);
  });

  it('roll back every write made inside when the work throws', async () => {
    await expect(
      runInTransaction(database.db, async () => {
        await add('a');
        await add('b');
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await notes()).toEqual([]);
  });

  it('roll back the earlier writes when a later statement fails in the database', async () => {
    await expect(
      runInTransaction(database.db, async () => {
        await add('a');
        await add('a'); // unique violation
      }),
    ).rejects.toThrow();
    expect(await notes()).toEqual([]);
  });

  it('make a nested transaction a savepoint: its failure leaves the outer writes', async () => {
    await runInTransaction(database.db, async () => {
      await add('outer');
      await expect(
        database.db.transaction(async () => {
          await add('inner');
          throw new Refused();
        }),
      ).rejects.toBeInstanceOf(Refused);
      await add('after');
    });
    expect(await notes()).toEqual(['after', 'outer']);
  });

  it('undo a released savepoint when its outer transaction rolls back', async () => {
    await expect(
      runInTransaction(database.db, async () => {
        await database.db.transaction(async () => {
          await add('inner');
        });
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await notes()).toEqual([]);
  });

  it('run after-commit actions once committed, never for a rollback or a rolled-back savepoint', async () => {
    const ran: string[] = [];
    await runInTransaction(database.db, async () => {
      await afterCommit(database.db, () => {
        ran.push('outer');
      });
      await database.db.transaction(async () => {
        await afterCommit(database.db, () => {
          ran.push('released savepoint');
        });
      });
      await database.db
        .transaction(async () => {
          await afterCommit(database.db, () => {
            ran.push('rolled-back savepoint');
          });
          throw new Refused();
        })
        .catch(() => {});
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['outer', 'released savepoint']);

    await runInTransaction(database.db, async () => {
      await afterCommit(database.db, () => {
        ran.push('rolled back');
      });
      throw new Refused();
    }).catch(() => {});
    expect(ran).toEqual(['outer', 'released savepoint']);

    await afterCommit(database.db, () => {
      ran.push('no transaction');
    });
    expect(ran).toEqual(['outer', 'released savepoint', 'no transaction']);
  });

  it('tell whether a transaction is open here, also to work that outlives it', async () => {
    expect(inTransaction(database.db)).toBe(false);
    let spawned: Promise<void> = Promise.resolve();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await runInTransaction(database.db, async () => {
      expect(inTransaction(database.db)).toBe(true);
      // Started inside, runs after the commit: it must use the database again, not the finished transaction.
      spawned = (async () => {
        await released;
        expect(inTransaction(database.db)).toBe(false);
        await add('later');
      })();
    });
    release();
    await spawned;
    expect(await notes()).toEqual(['later']);
  });

  it('deliver change notifications published inside only when the transaction commits', async () => {
    const bus = new ChangeBus(database, { trustMs: 5000 });
    const received: string[] = [];
    const unlisten = await database.listen(CHANGE_CHANNEL, {
      onPayload: (payload) => received.push(payload),
      onResubscribed: () => {},
    });
    const arrived = async (count: number) => {
      for (let waited = 0; received.length < count && waited < 2000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await runInTransaction(database.db, async () => {
      await bus.publish('clients', 'rolled-back');
      throw new Refused();
    }).catch(() => {});
    await runInTransaction(database.db, async () => {
      await bus.publish('clients', 'committed');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toEqual([]);
    });
    await arrived(1);
    // Give a wrongly delivered rollback notification time to show up too.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual(['clients:committed']);
    await unlisten();
  });
});
