import { openTestDatabase } from './helpers/database';
import { createTestApp, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('hides the details of an unexpected failure behind a 500 with a sentence', async () => {
  // Point the app at a database that is already closed, so the health query throws.
  const closed = await openTestDatabase();
  await closed.close();
  const broken = await (await import('../src/app')).buildApp({ ...ctx.deps, db: closed.db });
  const res = await broken.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({
    error: 'internal_error',
    message: 'Something went wrong on our side. Please try again.',
  });
  await broken.close();
});
