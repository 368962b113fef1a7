import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { twoNodesOnRedis } from './helpers/two-nodes';
import { callHistory } from './helpers/dashboard';
import { openCallEvents } from './helpers/event-stream';
import { forwardLegReport, giveNumber, newUser } from './helpers/telephony';

// Two API nodes on one database and one Redis: a webhook answered by one node reaches the call
// history open on the other.
const nodes = twoNodesOnRedis();

it("delivers a call's change made on one node to the account's stream on another", async () => {
  const owner = await newUser(nodes.nodeA);
  await giveNumber(nodes.nodeA, owner, '+16465550500', '+16465559999');
  const onB = await openCallEvents(
    await nodes.nodeB.listen({ port: 0, host: '127.0.0.1' }),
    owner.headers.authorization,
  );
  expect(onB.res.status).toBe(200);

  expect(
    (await forwardLegReport(nodes.nodeA, { sid: 'CAnodes1', number: '+16465550500' }, 'ringing')).statusCode,
  ).toBe(204);
  const [call] = (await callHistory(nodes.nodeA, owner)).calls;
  expect(await onB.next()).toEqual({ event: 'call', data: JSON.stringify({ id: call.id }) });
  await onB.close();
});

it('drops a malformed message on the channel and goes on delivering', async () => {
  const owner = await newUser(nodes.nodeA);
  await giveNumber(nodes.nodeA, owner, '+16465550501', '+16465559998');
  // Node B listens since the test above.
  const { port } = nodes.nodeB.server.address() as AddressInfo;
  const onB = await openCallEvents(`http://127.0.0.1:${port}`, owner.headers.authorization);
  const outsider = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const channel = `${nodes.nodeA.deps.config.redisPrefix}:call-changed`;
  await outsider.publish(channel, 'not json');
  await outsider.publish(channel, JSON.stringify({ userId: 1, callId: null }));
  await outsider.quit();

  await forwardLegReport(nodes.nodeA, { sid: 'CAnodes2', number: '+16465550501' }, 'ringing');
  const [call] = (await callHistory(nodes.nodeA, owner)).calls;
  expect(await onB.next()).toEqual({ event: 'call', data: JSON.stringify({ id: call.id }) });
  await onB.close();
});
