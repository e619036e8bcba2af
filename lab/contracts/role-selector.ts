// ROLE SELECTORS: a timeline's link fault or partition may name a node by the role it holds when
// the event fires, not by its name at start. After a failover `primary` is still the node named
// primary at start (now a replica); `current-primary` is the node that is primary then.
//
// - `current-primary`: primary/replicas (with or without sentinels): the node that is primary
//   when the event fires (after a commanded failover: the promoted replica; with sentinels: the
//   node the sentinels name). A cluster (3 shards or more) must say which shard's primary:
//   `current-primary@shard-2` (shard i = primary-i at start); `current-primary` alone is ambiguous.
// - Where a link fault names a node (its client proxy) or a partition lists nodes; not a peer link
//   (`replica-1->primary` stays by name), not `down` or `failover`.
// The run resolves the selector when the event fires and names the node it chose in its events.

import type { Topology } from './topology.ts';

const CURRENT_PRIMARY = 'current-primary';

const SHARD_SELECTOR = /^current-primary@shard-(\d+)$/;

/** Written as a role selector (valid or not on a given topology). */
export const isRoleSelector = (name: string): boolean => name === CURRENT_PRIMARY || SHARD_SELECTOR.test(name);

/** The shard a selector names (`current-primary@shard-2`: 2); 1 for `current-primary`. */
export const selectorShard = (selector: string): number => Number(SHARD_SELECTOR.exec(selector)?.[1] ?? 1);

/** The selectors a topology's timeline takes; none on a single node. */
export const roleSelectors = (topology: Topology): string[] => {
  if (topology.kind === 'single') return [];
  if (topology.kind === 'replicas') return [CURRENT_PRIMARY];
  return Array.from({ length: topology.primaries }, (_, i) => `${CURRENT_PRIMARY}@shard-${i + 1}`);
};

/** Why a selector is refused on `topology`, or undefined when it is valid there. */
export const selectorRefusal = (selector: string, topology: Topology): string | undefined => {
  const valid = roleSelectors(topology);
  if (valid.includes(selector)) return undefined;
  if (valid.length === 0) return `${selector} needs a topology past one node`;
  if (selector === CURRENT_PRIMARY) return `${selector} is ambiguous on a cluster of several shards: say whose primary (${valid.join(', ')})`;
  return `${selector} names no shard of this topology (valid selectors: ${valid.join(', ')})`;
};

/** One selector resolved when its event fired (ms after the run's t = 0). */
export interface RoleSelection {
  /** The event's name. */
  name: string;
  /** As written, e.g. `current-primary`. */
  selector: string;
  /** The node it resolved to. */
  node: string;
  atMs: number;
}
