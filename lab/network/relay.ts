// A loopback TCP relay in front of the fault proxy, for fault runs. A policy's client is the
// user's code (ioredis, node-redis, anything), so the lab cannot listen to its events; the relay
// sees every connection the client opens and the moment one closes, whatever the library, and
// can drop them all at the run's deadline. It passes bytes through unchanged, so byte-counted
// cuts at Toxiproxy land where they did without it.

import net from 'node:net';
import type { Endpoint } from '../contracts/index.ts';
import { forward, listenOnLoopback } from './forward.ts';

export interface Relay {
  /** Where the policy's client connects (127.0.0.1, an ephemeral port). */
  endpoint: Endpoint;
  /** Connections the client opened so far. */
  readonly connections: number;
  /** Calls `listener` whenever one of the client's connections closes. */
  onClose(listener: () => void): void;
  /** Destroys every connection and refuses new ones: the run is over for the client. */
  dropAll(): void;
  /** Closes the listener and every connection. */
  close(): Promise<void>;
}

/** `tap`: sees every byte a client writes, per connection (numbered from 0), before it is
 * forwarded; `replyTap`: every byte the server sends back, per connection. */
export const startRelay = async (target: Endpoint, tap?: (connection: number, chunk: Buffer) => void, replyTap?: (connection: number, chunk: Buffer) => void): Promise<Relay> => {
  const sockets = new Set<net.Socket>();
  const listeners: (() => void)[] = [];
  let connections = 0;
  let dropped = false;
  const server = net.createServer({ noDelay: true }, (client) => {
    if (dropped) return void client.destroy();
    const connection = connections;
    connections += 1;
    if (tap !== undefined) client.on('data', (chunk: Buffer) => tap(connection, chunk));
    sockets.add(client);
    const upstream = forward(client, target, () => {
      sockets.delete(client);
      sockets.delete(upstream);
      for (const listener of listeners) listener();
    });
    if (replyTap !== undefined) upstream.on('data', (chunk: Buffer) => replyTap(connection, chunk));
    sockets.add(upstream);
  });
  const port = await listenOnLoopback(server);
  const dropAll = () => {
    dropped = true;
    for (const socket of sockets) socket.destroy();
  };
  return {
    endpoint: { ...target, host: '127.0.0.1', port },
    get connections() {
      return connections;
    },
    onClose: (listener) => void listeners.push(listener),
    dropAll,
    close: async () => {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
