import net from 'node:net';

export interface FaultyRedis {
  url: string;
  // Stops passing anything on (the connections stay open): Redis hangs, as under SIGSTOP.
  freeze(): void;
  thaw(): void;
  /** Resolves once no client is connected to it any more. */
  clientsGone(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP server on 127.0.0.1 between the app and Redis. Without `upstream` it accepts connections
 * and never answers (a Redis hung from the start); with it, it passes bytes both ways until frozen.
 */
export async function faultyRedis(upstream?: { host: string; port: number }): Promise<FaultyRedis> {
  let frozen = !upstream;
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  let lastClientGone = () => {};
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    clients.add(client);
    client.on('close', () => {
      clients.delete(client);
      if (clients.size === 0) lastClientGone();
    });
    if (!upstream) return;
    const redis = net.connect(upstream);
    track(redis);
    client.on('data', (bytes) => frozen || redis.write(bytes));
    redis.on('data', (bytes) => frozen || client.write(bytes));
    client.on('close', () => redis.destroy());
    redis.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => void (frozen = true),
    thaw: () => void (frozen = false),
    clientsGone: () =>
      clients.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (lastClientGone = resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The local Redis the tests use (REDIS_URL, or 127.0.0.1:6379). */
export function localRedis() {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  return { host: url.hostname, port: Number(url.port || 6379) };
}

export interface SlowSubscribe {
  url: string;
  /** Resolves once a client asked to subscribe to the channel (and its request is being held). */
  seen: Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP pass-through to Redis that holds, for `ms`, what a connection sends from its SUBSCRIBE to
 * `channel` on (the command reaches Redis late, so Redis sends that connection nothing published
 * meanwhile); everything else passes at once.
 */
export async function slowSubscribe(
  upstream: { host: string; port: number },
  channel: string,
  ms: number,
): Promise<SlowSubscribe> {
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let seen = () => {};
  const seenOnce = new Promise<void>((resolve) => (seen = resolve));
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const escaped = channel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const subscribe = new RegExp(`subscribe\\r\\n\\$\\d+\\r\\n${escaped}\\r\\n`, 'i');
  const server = net.createServer((client) => {
    track(client);
    const redis = net.connect(upstream);
    track(redis);
    let held: Buffer[] | null = null;
    client.on('data', (bytes) => {
      if (held) return void held.push(bytes);
      if (!subscribe.test(bytes.toString('latin1'))) return void redis.write(bytes);
      held = [bytes];
      seen();
      const timer = setTimeout(() => {
        timers.delete(timer);
        redis.write(Buffer.concat(held!));
        held = null;
      }, ms);
      timers.add(timer);
    });
    redis.on('data', (bytes) => client.write(bytes));
    client.on('close', () => redis.destroy());
    redis.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    seen: seenOnce,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
