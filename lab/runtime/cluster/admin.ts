// Plain connections to one cluster node, for the lab's own commands (creation, CLUSTER INFO,
// CLUSTER NODES): no retries, no offline queue, every failure surfaces.

import { Redis } from 'ioredis';
import type { Endpoint } from '../types.ts';

export const adminClient = async (endpoint: Endpoint): Promise<Redis> => {
  const client = new Redis({
    host: endpoint.host,
    port: endpoint.port,
    ...(endpoint.password === undefined ? {} : { password: endpoint.password }),
    lazyConnect: true,
    connectTimeout: 2_000,
    // A frozen node (SIGSTOP) never answers: every lab command gives up after this.
    commandTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => {
    // failures surface through the commands that fail
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw error;
  }
  return client;
};

export interface NodesLine {
  id: string;
  /** `ip:port` as announced. */
  address: string;
  busPort: number;
  flags: string[];
  /** The primary's id for a replica, undefined for a primary. */
  primaryId: string | undefined;
  linkState: string;
}

// One line of CLUSTER NODES: `<id> <ip:port@cport[,hostname]> <flags> <master|-> <ping> <pong> <epoch> <link> <slots...>`.
const parseNodesLine = (line: string): NodesLine | undefined => {
  const [id, addr, flags, primary, , , , linkState] = line.trim().split(' ');
  if (!id || !addr || !flags || !primary || !linkState) return undefined;
  const [address = '', bus = ''] = addr.split(',')[0]!.split('@');
  return { id, address, busPort: Number(bus), flags: flags.split(','), primaryId: primary === '-' ? undefined : primary, linkState };
};

export const clusterNodes = async (client: Redis): Promise<NodesLine[]> => {
  const text = String(await client.call('CLUSTER', 'NODES'));
  return text.split('\n').map(parseNodesLine).filter((l): l is NodesLine => l !== undefined);
};

// CLUSTER INFO as a field map (cluster_state, cluster_slots_assigned, ...).
export const clusterInfo = async (client: Redis): Promise<Record<string, string>> => {
  const text = String(await client.call('CLUSTER', 'INFO'));
  return Object.fromEntries(text.split('\r\n').filter((l) => l.includes(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)]));
};

/** `master` or `slave` (ROLE's first element), or undefined when the node does not answer. */
export const nodeRole = async (client: Redis): Promise<string | undefined> => {
  try {
    const role = (await client.call('ROLE')) as unknown[];
    return String(role[0]);
  } catch {
    return undefined;
  }
};
