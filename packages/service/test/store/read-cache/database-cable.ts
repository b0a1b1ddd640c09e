/**
 * A TCP relay between a store and the test run's PostgreSQL that a test can unplug: while unplugged
 * it refuses new connections and cuts open ones, so node-postgres fails exactly as it does when the
 * network or the server goes away (ECONNREFUSED, "Connection terminated"), without stopping a server
 * other tests share.
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export interface DatabaseCable {
  /** The database URL through the relay. */
  url: string;
  unplug(): Promise<void>;
  plug(): Promise<void>;
  close(): Promise<void>;
}

export async function databaseCable(databaseUrl: string): Promise<DatabaseCable> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async (): Promise<void> => {
    const relay = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
    port = (relay.address() as AddressInfo).port;
    server = relay;
  };
  const unplug = async (): Promise<void> => {
    const relay = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (relay) await new Promise<void>((resolve) => relay.close(() => resolve()));
  };
  await listen();
  const url = new URL(databaseUrl);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  return { url: url.toString(), unplug, plug: listen, close: unplug };
}
