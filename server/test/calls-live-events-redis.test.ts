import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app';
import { createTestApp, type TestContext } from './helpers/app';
import { callHistory } from './helpers/dashboard';
import { openCallEvents } from './helpers/event-stream';
import { forwardLegReport, giveNumber, newUser } from './helpers/telephony';

// Two API nodes on one database and one Redis (REDIS_URL, or the local 127.0.0.1:6379): a webhook
// answered by one node reaches the call history open on the other.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let nodeA: TestContext;
let nodeB: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  nodeA = await createTestApp({
    env: { REDIS_URL, REDIS_PREFIX: `forwardly-test-${randomBytes(4).toString('hex')}` },
  });
  nodeB = await buildApp(nodeA.deps);
  await Promise.all([nodeA.app.ready(), nodeB.ready()]);
});
afterAll(async () => {
  await nodeB.close();
  await nodeA.close();
});

it("delivers a call's change made on one node to the account's stream on another", async () => {
  const owner = await newUser(nodeA);
  await giveNumber(nodeA, owner, '+16465550500', '+16465559999');
  const onB = await openCallEvents(
    await nodeB.listen({ port: 0, host: '127.0.0.1' }),
    owner.headers.authorization,
  );
  expect(onB.res.status).toBe(200);

  expect(
    (await forwardLegReport(nodeA, { sid: 'CAnodes1', number: '+16465550500' }, 'ringing')).statusCode,
  ).toBe(204);
  const [call] = (await callHistory(nodeA, owner)).calls;
  expect(await onB.next()).toEqual({ event: 'call', data: JSON.stringify({ id: call.id }) });
  await onB.close();
});
