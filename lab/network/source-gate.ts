// A loopback TCP relay that can refuse one source address: the piece Toxiproxy lacks for a
// real partition of a cluster node (topologies.md §5). Disabling a node's proxies only cuts
// traffic INTO it; the node still dials every peer's bus and peers keep hearing from it. Each
// cluster node dials out from its own loopback address (`bind-source-addr`), every peer's bus
// is announced at a gate in front of that peer's bus proxy, and a gate that blocks a node's
// address cuts that node's outbound bus traffic. Bytes pass through unchanged and still cross
// the peer's Toxiproxy bus proxy, so the shaped link stays in the path.

import net from 'node:net';
import { forward, listenOnLoopback } from './forward.ts';

export interface SourceGate {
  /** The gate's port on 127.0.0.1. */
  port: number;
  /** Destroys open connections from `address` and refuses new ones from it. */
  block(address: string): void;
  unblock(address: string): void;
  close(): Promise<void>;
}

// Node reports IPv4 peers as-is on an IPv4 listener; strip an IPv4-mapped prefix in case.
const plainAddress = (address: string | undefined): string => (address ?? '').replace(/^::ffff:/, '');

export const startSourceGate = async (target: { host: string; port: number }): Promise<SourceGate> => {
  const open = new Map<net.Socket, net.Socket>();
  const blocked = new Set<string>();
  const server = net.createServer({ noDelay: true }, (client) => {
    if (blocked.has(plainAddress(client.remoteAddress))) return void client.destroy();
    open.set(client, forward(client, target, () => open.delete(client)));
  });
  const port = await listenOnLoopback(server);
  return {
    port,
    block(address) {
      blocked.add(address);
      for (const [client, upstream] of open) {
        if (plainAddress(client.remoteAddress) !== address) continue;
        client.destroy();
        upstream.destroy();
      }
    },
    unblock(address) {
      blocked.delete(address);
    },
    close: async () => {
      for (const [client, upstream] of open) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
