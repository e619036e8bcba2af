// Role selectors (contracts/role-selector.ts) on a cluster, resolved when their event fires: the
// primary of the selector's shard as its nodes say now (ROLE over straight connections, which no
// timeline cuts). Two nodes that both say master (a cut-off primary not yet told of the failover)
// are told apart by their config epoch: a failover gives the promoted replica a newer one.

import type { Redis } from 'ioredis';
import { LabError } from '../../errors/index.ts';
import { adminClient, nodeRole } from '../../runtime/cluster/index.ts';
import type { StartedRuntime } from '../../runtime/index.ts';
import { isRoleSelector, selectorShard, type TopologyEvent } from '../../contracts/index.ts';

const epochOf = async (client: Redis): Promise<number> => {
  const nodes = String(await client.call('CLUSTER', 'NODES').catch(() => ''));
  const myself = nodes.split('\n').find((line) => line.split(' ')[2]?.split(',').includes('myself'));
  return Number(myself?.split(' ')[6] ?? -1);
};

/** The node a selector names now (a node name is returned as written). */
const resolveOn = async (runtime: StartedRuntime, admins: ReadonlyMap<string, Redis>, selector: string): Promise<string> => {
  if (!isRoleSelector(selector)) return selector;
  const shard = selectorShard(selector);
  const nodes = runtime.nodes.filter((n) => n.shard === shard);
  const masters: { name: string; epoch: number }[] = [];
  for (const node of nodes) {
    const admin = admins.get(node.name);
    if (admin !== undefined && (await nodeRole(admin)) === 'master') masters.push({ name: node.name, epoch: await epochOf(admin) });
  }
  const newest = masters.sort((a, b) => b.epoch - a.epoch)[0];
  if (newest === undefined) {
    throw new LabError('E_REDIS', `${selector}: no node of shard ${shard} (${nodes.map((n) => n.name).join(', ')}) says it is a master`, { hint: 'the shard had no primary when the event fired; give the cluster time to settle, or name the node' });
  }
  return newest.name;
};

/** `event` with its role selector replaced by the node it names now, and that node (undefined: no selector). */
export const resolveClusterEvent = async (runtime: StartedRuntime, event: TopologyEvent, admins?: ReadonlyMap<string, Redis>): Promise<{ event: TopologyEvent; resolved?: string }> => {
  const { action } = event;
  const written = action.kind === 'link-fault' ? action.link : action.kind === 'partition' ? action.nodes[0] : undefined;
  if (written === undefined || !isRoleSelector(written)) return { event };
  const own = admins === undefined ? new Map<string, Redis>() : undefined;
  try {
    if (own !== undefined) for (const node of runtime.nodes) own.set(node.name, await adminClient(node.direct));
    const node = await resolveOn(runtime, admins ?? own!, written);
    const resolved = action.kind === 'link-fault' ? { ...action, link: node } : { ...action, nodes: [node] };
    return { event: { ...event, action: resolved as TopologyEvent['action'] }, resolved: node };
  } finally {
    own?.forEach((c) => c.disconnect());
  }
};
