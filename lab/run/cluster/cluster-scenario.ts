// What the cluster runner reads from a parsed Scenario, read in place (no separate plan): its
// node timeout, its read target, each node's rtt, the node an event hits and its mode. The shared
// grammar (lab/scenario/topology.ts) refuses whatever a cluster cannot run, with a message at the
// field; what reaches here is runnable, so a mismatch is a bug in the validator, not input.

import { LabError } from '../../errors/index.ts';
import type { Mode, Scenario, Topology, TopologyEvent } from '../../contracts/index.ts';

/** cluster-node-timeout when the scenario leaves `topology.cluster.node-timeout` out. */
const NODE_TIMEOUT_MS = 2_000;

const SCALE_READS = { primary: 'master', replica: 'slave', all: 'all' } as const;

const unexpected = (scenario: Scenario, what: string): never => {
  throw new LabError('E_SCENARIO_INVALID', `${scenario.file ?? scenario.name}: the cluster runner cannot run ${what}`, {
    hint: 'Validate the scenario with parseScenario/loadScenarioFile first: it refuses, at the field, what a cluster cannot run.',
  });
};

/** The scenario's cluster topology, with its node timeout resolved. */
export const clusterTopologyOf = (scenario: Scenario): Extract<Topology, { kind: 'cluster' }> & { nodeTimeoutMs: number } => {
  const { topology } = scenario;
  if (topology?.kind !== 'cluster') return unexpected(scenario, `topology ${topology?.kind ?? 'single'}`);
  if (scenario.workloads.length !== 1) return unexpected(scenario, 'several workloads');
  return { ...topology, nodeTimeoutMs: topology.nodeTimeoutMs ?? NODE_TIMEOUT_MS };
};

/** ioredis scaleReads for the scenario's `replication.read-from`. */
export const scaleReadsOf = (scenario: Scenario): 'master' | 'slave' | 'all' => {
  const readFrom = scenario.replication?.readFrom ?? 'primary';
  return readFrom in SCALE_READS ? SCALE_READS[readFrom as keyof typeof SCALE_READS] : unexpected(scenario, `read-from ${readFrom}`);
};

/** The link's rtt every node has unless `network.nodes` names it (a cluster has one rtt, no axis). */
export const defaultRttMs = (scenario: Scenario): number => scenario.network.rttMs[0] ?? 0;

/** One node's rtt: its own link in `network.nodes`, else the default. */
export const nodeRttMs = (scenario: Scenario, node: string): number => scenario.network.nodes?.[node]?.rttMs ?? defaultRttMs(scenario);

/** The node an event hits: the replica a failover promotes, the primary a partition cuts off,
 * the node frozen, or the node whose client link takes a fault. */
export const eventNode = (event: TopologyEvent): string => {
  const { action } = event;
  switch (action.kind) {
    case 'failover':
      return action.promote;
    case 'partition':
      return action.nodes[0]!;
    case 'down':
      return action.node;
    case 'link-fault':
      return action.link;
  }
};

/** The mode of the one run after a failover: the event's own, else the scenario's first. */
export const failoverMode = (scenario: Scenario, event: TopologyEvent): Mode =>
  (event.action.kind === 'failover' ? event.action.mode : undefined) ?? scenario.modes[0] ?? unexpected(scenario, 'a scenario without modes');

/** How long a partition, down or link fault lasts (the grammar requires `for` on each). */
export const eventForMs = (scenario: Scenario, event: TopologyEvent): number => event.forMs ?? unexpected(scenario, `${event.name} without for`);
