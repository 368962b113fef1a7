import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app';
import { CallEventHub } from '../../src/calls/call-events';
import { createTestApp, type TestContext } from './app';

// Two API nodes on one database and one Redis (REDIS_URL, or the local 127.0.0.1:6379), with a key
// prefix of their own: what one node does, the other must see.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TwoNodes {
  nodeA: TestContext;
  nodeB: Awaited<ReturnType<typeof buildApp>>;
}

/** Starts both nodes before the file's tests and closes them after; read them once started. */
export function twoNodesOnRedis(): TwoNodes {
  const nodes = {} as TwoNodes;
  beforeAll(async () => {
    nodes.nodeA = await createTestApp({
      env: { REDIS_URL, REDIS_PREFIX: `forwardly-test-${randomBytes(4).toString('hex')}` },
    });
    // Each node its own call events: what one publishes reaches the other only through Redis.
    const callEvents = new CallEventHub(nodes.nodeA.deps.config);
    nodes.nodeB = await buildApp({ ...nodes.nodeA.deps, callEvents });
    nodes.nodeB.addHook('onClose', async () => callEvents.close());
    await Promise.all([nodes.nodeA.app.ready(), nodes.nodeB.ready()]);
  });
  afterAll(async () => {
    await nodes.nodeB.close();
    await nodes.nodeA.close();
  });
  return nodes;
}
