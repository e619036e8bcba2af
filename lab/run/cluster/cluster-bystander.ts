// Where the bystander stands on a Redis Cluster (issue 27): one primary, reached by a plain
// connection to its client proxy (no Cluster client, no redirects), with a key whose slot that
// primary serves. When every key of the workload is in one slot (one fixed hash tag), the load
// sits on that slot's primary: the bystander's key carries the same hash tag, so it stands there
// and waits behind the whole load (head-of-line blocking). Otherwise the load is spread over the
// primaries and the bystander stands on the node of its own key, which holds only part of it.

import { keySlot } from '../../client/index.ts';
import type { Workload } from '../../contracts/index.ts';
import type { StartedNode } from '../../runtime/index.ts';
import { oneFixedSlot } from '../../scenario/cluster-requests.ts';
import { bystanderKey, type BystanderPlace } from '../bystander-runs.ts';

const ownerOf = (nodes: readonly StartedNode[], slot: number): StartedNode | undefined =>
  nodes.find((n) => n.role === 'primary' && n.slots !== undefined && slot >= n.slots.first && slot <= n.slots.last);

/** The bystander's place on a cluster of `nodes`, beside `workloads` (scoped to `prefix`). */
export const clusterBystanderPlace = (nodes: readonly StartedNode[], workloads: readonly Workload[], prefix: string): BystanderPlace => {
  const fixed = oneFixedSlot(workloads);
  const tagged = fixed === undefined ? undefined : `${prefix}bystander:{${fixed.hashed}}`;
  const onSlot = fixed !== undefined && tagged !== undefined && keySlot(tagged) === fixed.slot ? ownerOf(nodes, fixed.slot) : undefined;
  if (onSlot !== undefined && tagged !== undefined) {
    return {
      endpoint: onSlot.proxied,
      key: tagged,
      node: { name: onSlot.name, chosen: 'workload-slot' },
      note: `bystander: every key of the workload is in one slot (hash tag {${fixed?.hashed ?? ''}}), on ${onSlot.name}; the bystander's GETs went to ${onSlot.name} alone, through its client proxy on a plain connection, its key under the same hash tag: it waits behind the whole load (head-of-line blocking on that node); the other primaries were idle`,
    };
  }
  const key = bystanderKey(prefix);
  const own = ownerOf(nodes, keySlot(key));
  if (own === undefined) throw new Error(`no primary serves slot ${keySlot(key)} of the bystander's key`);
  return {
    endpoint: own.proxied,
    key,
    node: { name: own.name, chosen: 'own-key' },
    note: `bystander: the workload's keys are spread over the primaries; the bystander's GETs went to ${own.name} alone (the node of its own key), through its client proxy on a plain connection: it waits behind the part of the load on ${own.name} only, not behind the other primaries' part`,
  };
};
