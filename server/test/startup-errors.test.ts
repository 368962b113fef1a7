import { sql } from 'drizzle-orm';
import { describeError } from '../src/db/log-safe';
import { openTestDatabase } from './helpers/database';

// A start that fails says why: drizzle's "Failed query: …" alone hid the database's own error.
it('describes a failed query with its cause and code, never its parameters', async () => {
  const database = await openTestDatabase();
  const secret = 'a-password-hash-that-must-not-be-printed';
  try {
    const failure = await database.db.execute(sql`select ${secret}::int as n`).catch((e: unknown) => e);
    const text = describeError(failure);
    expect(text).toMatch(/^\w+: Failed query: select \$1::int as n\n {2}caused by \w+: invalid input syntax/);
    expect(text).toContain('(22P02)');
    expect(text).not.toContain(secret);
  } finally {
    await database.close();
  }
});

it('lists each error of an aggregate (every address a connection was refused on)', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  const text = describeError(new Error('could not start', { cause: new AggregateError([refused], '') }));
  expect(text).toContain('could not start');
  expect(text).toContain('connect ECONNREFUSED 127.0.0.1:1 (ECONNREFUSED)');
});
