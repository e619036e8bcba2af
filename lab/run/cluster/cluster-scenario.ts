// A parsed Scenario with a cluster topology, as the cluster runner takes it. The shared grammar
// (lab/scenario/topology.ts) refuses whatever the cluster runner cannot run, with a message at
// the field; what reaches here is runnable, so a mismatch is a bug in the validator, not input.

import { LabError } from '../../errors/index.ts';
import type { ClusterFault, ClusterScenario, Mode, Scenario } from '../../contracts/index.ts';

/** cluster-node-timeout when the scenario leaves `topology.cluster.node-timeout` out. */
const NODE_TIMEOUT_MS = 2_000;

const SCALE_READS = { primary: 'master', replica: 'slave', all: 'all' } as const;

const unexpected = (file: string, what: string): never => {
  throw new LabError('E_SCENARIO_INVALID', `${file}: the cluster runner cannot run ${what}`, {
    hint: 'Validate the scenario with parseScenario/loadScenarioFile first: it refuses, at the field, what a cluster cannot run.',
  });
};

const clusterMode = (file: string, mode: Mode): Mode =>
  mode.kind === 'sync' || (mode.kind === 'pipeline' && typeof mode.batch === 'number') ? mode : unexpected(file, `mode ${mode.kind}`);

/** The cluster runner's input for a validated cluster scenario. */
export const clusterScenarioOf = (scenario: Scenario): ClusterScenario => {
  const file = scenario.file ?? scenario.name;
  const topology = scenario.topology;
  if (topology?.kind !== 'cluster') return unexpected(file, `topology ${topology?.kind ?? 'single'}`);
  const [workload, ...more] = scenario.workloads;
  if (workload === undefined || more.length > 0) return unexpected(file, 'several workloads');
  const command = workload.command === 'SET' || workload.command === 'INCR' ? workload.command : unexpected(file, workload.command);
  const commands = workload.commands[0]!;
  const keys = workload.keys.kind === 'one' ? 1 : workload.keys.kind === 'sequential' ? workload.keys.count : unexpected(file, `${workload.keys.kind} keys`);
  const modes = scenario.modes.map((mode) => clusterMode(file, mode));
  const readFrom = scenario.replication?.readFrom ?? 'primary';
  const scaleReads = readFrom in SCALE_READS ? SCALE_READS[readFrom as keyof typeof SCALE_READS] : unexpected(file, `read-from ${readFrom}`);
  const nodes = Object.fromEntries(Object.entries(scenario.network.nodes ?? {}).map(([name, link]) => [name, { rttMs: link.rttMs }]));
  const faults = (scenario.timeline ?? []).map((event): ClusterFault => {
    const { action } = event;
    if (action.kind === 'failover') return { kind: 'failover', node: action.promote, takeover: action.takeover === true, mode: action.mode ?? modes[0]!, name: event.name };
    const forMs = event.forMs ?? unexpected(file, `${event.name} without for`);
    if (action.kind === 'down') return { kind: 'down', node: action.node, forMs, name: event.name };
    if (action.kind === 'link-fault') return { kind: 'link', node: action.link, fault: action.fault, forMs, name: event.name };
    return { kind: 'partition', node: action.nodes[0]!, forMs, name: event.name };
  });
  return {
    name: scenario.name,
    description: scenario.description,
    ...(scenario.file ? { file: scenario.file } : {}),
    topology: { cluster: { primaries: topology.primaries, replicas: topology.replicasPerPrimary } },
    nodeTimeoutMs: topology.nodeTimeoutMs ?? NODE_TIMEOUT_MS,
    network: { rttMs: scenario.network.rttMs[0] ?? 0, nodes },
    workload: { command, key: workload.key, keys: keys === 'commands' ? commands : keys, commands, valueBytes: workload.valueBytes[0]?.maxBytes ?? 16 },
    modes,
    scaleReads,
    warmup: scenario.warmup,
    repeat: scenario.repeat,
    calibrationPings: scenario.calibrationPings,
    seed: scenario.seed,
    faults,
  };
};
