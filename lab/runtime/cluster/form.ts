// Forms the cluster from started nodes the way redis-cli --cluster create does, with the lab
// choosing every role (so `primary-2` is the node it started as primary-2): distinct config
// epochs, each primary its slot range, CLUSTER MEET through the first node's proxies, then
// CLUSTER REPLICATE; then waits until every node agrees: all slots covered, every node
// known, each replica following its primary with its replication link up.
//
// MEET is given the first node's announced (proxy) address, so every bus connection and every
// replication link the nodes open goes through Toxiproxy (topologies.md §3).

import type { Redis } from 'ioredis';
import { LabError, errorMessage } from '../../errors/index.ts';
import { CLUSTER_SLOTS, type NodePlan } from './layout.ts';
import { clusterInfo, clusterNodes } from './admin.ts';

export interface FormingNode {
  plan: NodePlan;
  client: Redis;
  announcedHost: string;
  announcedPort: number;
  announcedBusPort: number;
}

const POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Polls `check` until it answers undefined (done) or the deadline passes; the last reason is the error.
const waitFor = async (what: string, deadline: number, check: () => Promise<string | undefined>, signal?: AbortSignal): Promise<void> => {
  let reason: string | undefined = 'not checked yet';
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    reason = await check().catch((error: unknown) => errorMessage(error));
    if (reason === undefined) return;
    await sleep(POLL_MS);
  }
  throw new LabError('E_RUNTIME_START', `The cluster did not form: ${what}: ${reason}`, {
    hint: 'Every node announces its proxy address; check that Toxiproxy forwards the client and bus ports (a node log line "Connection with Node ... at ... failed" names the one that does not).',
  });
};

/** Returns each node's id by name once the cluster is whole and healthy. */
export const formCluster = async (nodes: FormingNode[], timeoutMs: number, signal?: AbortSignal): Promise<Map<string, string>> => {
  const deadline = Date.now() + timeoutMs;
  const ids = new Map<string, string>();
  for (const node of nodes) ids.set(node.plan.name, String(await node.client.call('CLUSTER', 'MYID')));
  const primaries = nodes.filter((n) => n.plan.role === 'primary');
  for (const [index, node] of primaries.entries()) {
    await node.client.call('CLUSTER', 'SET-CONFIG-EPOCH', String(index + 1));
    const { first, last } = node.plan.slots!;
    await node.client.call('CLUSTER', 'ADDSLOTSRANGE', String(first), String(last));
  }
  const [seed, ...others] = nodes;
  for (const node of others) {
    await node.client.call('CLUSTER', 'MEET', seed!.announcedHost, String(seed!.announcedPort), String(seed!.announcedBusPort));
  }
  await waitFor('every node knows every other', deadline, async () => {
    for (const node of nodes) {
      const known = (await clusterNodes(node.client)).filter((l) => !l.flags.includes('handshake')).length;
      if (known < nodes.length) return `${node.plan.name} knows ${known} of ${nodes.length}`;
    }
    return undefined;
  }, signal);
  const primaryOf = (shard: number) => ids.get(primaries.find((p) => p.plan.shard === shard)!.plan.name)!;
  for (const node of nodes.filter((n) => n.plan.role === 'replica')) {
    await waitFor(`${node.plan.name} replicates its primary`, deadline, async () => {
      await node.client.call('CLUSTER', 'REPLICATE', primaryOf(node.plan.shard));
      return undefined;
    }, signal);
  }
  await waitFor('every node sees the whole cluster healthy', deadline, async () => {
    for (const node of nodes) {
      const info = await clusterInfo(node.client);
      if (info.cluster_state !== 'ok') return `${node.plan.name}: cluster_state ${info.cluster_state}`;
      if (Number(info.cluster_slots_ok) !== CLUSTER_SLOTS) return `${node.plan.name}: ${info.cluster_slots_ok} slots ok`;
      const lines = await clusterNodes(node.client);
      for (const replica of nodes.filter((n) => n.plan.role === 'replica')) {
        const line = lines.find((l) => l.id === ids.get(replica.plan.name));
        if (line?.primaryId !== primaryOf(replica.plan.shard)) return `${node.plan.name} does not yet see ${replica.plan.name} as a replica of primary-${replica.plan.shard}`;
      }
      if (node.plan.role === 'replica') {
        const replication = String(await node.client.info('replication'));
        if (!replication.includes('master_link_status:up')) return `${node.plan.name}: replication link not up`;
      }
    }
    return undefined;
  }, signal);
  return ids;
};
