// What every primary/replicas runtime (local processes, containers) sets on its nodes and waits
// for before a run: the replication settings that make a lab run prompt, the proxy address each
// node announces, the peer proxy a replica dials, and every replica's link up.

import { LabError } from '../errors/index.ts';
import { infoField, redisInfo } from './redis-info.ts';
import type { StartedNode } from './types.ts';

/** How long replicas get to report master_link_status:up after start. */
const LINK_UP_TIMEOUT_MS = 15_000;

/**
 * One node's replication settings as `[name, value...]`: the password to authenticate to its
 * primary, no 5 s diskless delay, 1 s pings so a cut link is noticed, the announced address (its
 * client proxy as the other nodes reach it), and for a replica the peer proxy it dials. A runtime
 * writes them as config lines (`name value`) or arguments (`--name value`).
 */
export const replicationSettings = (input: {
  password: string | undefined;
  announce: { host: string; port: number };
  replicaOf: { host: string; port: number } | undefined;
}): string[][] => [
  ...(input.password === undefined ? [] : [['masterauth', input.password]]),
  ['repl-diskless-sync', 'yes'],
  ['repl-diskless-sync-delay', '0'],
  ['repl-ping-replica-period', '1'],
  ['repl-timeout', '5'],
  ['replica-announce-ip', input.announce.host],
  ['replica-announce-port', String(input.announce.port)],
  ...(input.replicaOf === undefined ? [] : [['replicaof', input.replicaOf.host, String(input.replicaOf.port)]]),
];

/**
 * Waits for every replica's master_link_status:up (read straight from the replica) and for the
 * primary to list them all online; returns the primary's `slaveN:ip=..,port=..` address of each
 * replica (its announced one, when listed).
 */
export const awaitLinks = async (nodes: StartedNode[], signal: AbortSignal | undefined): Promise<Record<string, string>> => {
  const deadline = performance.now() + LINK_UP_TIMEOUT_MS;
  const replicas = nodes.filter((n) => n.role === 'replica');
  const primary = nodes.find((n) => n.role === 'primary') as StartedNode;
  for (;;) {
    signal?.throwIfAborted();
    const states = await Promise.all(replicas.map(async (r) => infoField((await redisInfo(r.direct, 'replication')) ?? '', 'master_link_status')));
    const primaryInfo = (await redisInfo(primary.direct, 'replication')) ?? '';
    const online = [...primaryInfo.matchAll(/^slave\d+:ip=([^,]+),port=(\d+),state=online/gm)].map((m) => `${m[1]}:${m[2]}`);
    if (states.every((s) => s === 'up') && online.length === replicas.length) {
      const announced: Record<string, string> = {};
      for (const replica of replicas) announced[replica.name] = online.find((a) => a === replica.announced) ?? online.join(' ');
      return announced;
    }
    if (performance.now() > deadline) {
      throw new LabError('E_RUNTIME_START', `Replication did not come up within ${LINK_UP_TIMEOUT_MS / 1000} s: replicas report master_link_status ${states.map((s, i) => `${replicas[i]?.name}=${s ?? 'no answer'}`).join(', ')}; the primary lists ${online.length} online`, {
        hint: 'Run the redis-server of a replica by hand with its replicaof pointing at the primary to see why the link fails.',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
