import { createServer } from 'node:net';
import { CallEventHub } from '../src/calls/call-events';

// A port nothing listens on: Redis down when the node starts and while it runs.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it('starts without Redis and still tells this node’s open histories that a call changed', async () => {
  const warnings: string[] = [];
  const hub = new CallEventHub(
    { redisUrl: `redis://127.0.0.1:${await closedPort()}`, redisPrefix: 'down', redisCommandTimeoutMs: 100 },
    { info: () => {}, warn: (_, message) => void warnings.push(message) },
  );
  try {
    await hub.ready(200);
    const heard = new Promise<string>((resolve) => hub.subscribe('user-1', resolve));
    hub.publish('user-1', 'call-1');
    expect(await heard).toBe('call-1');
    expect(warnings).toEqual(['Redis unreachable: call changes stay on this node']);
  } finally {
    hub.close();
  }
});
