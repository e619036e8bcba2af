// Joins the shared topology grammar (lab/scenario/topology.ts: `topology: {cluster: ...}`,
// `network.nodes`, `timeline:`) to the cluster runner: a parsed Scenario with a cluster topology
// becomes a ClusterScenario. What the cluster runner cannot honour is refused with a message,
// except the events' `at`, which it cannot honour and says so in `notes` (timeline events run in
// order after the measured configs, not during a workload).

import { LabError } from '../../errors/index.ts';
import type { ClusterFault, ClusterMode, ClusterScenario, Scenario } from '../../contracts/index.ts';

const refuse = (file: string, what: string): never => {
  throw new LabError('E_SCENARIO_INVALID', `${file}: the cluster runner cannot run ${what}`, {
    hint: 'Cluster scenarios take one workload (SET or INCR, sequential or one key), one link shape per node, sync or pipeline:N modes, and timeline events partition (one primary, from: all), down and failover (promote a replica).',
  });
};

export const clusterScenarioOf = (scenario: Scenario): { scenario: ClusterScenario; notes: string[] } => {
  const file = scenario.file ?? scenario.name;
  const topology = scenario.topology;
  if (topology?.kind !== 'cluster') return refuse(file, `topology ${topology?.kind ?? 'single'}`);
  const [workload, ...more] = scenario.workloads;
  if (!workload || more.length > 0) refuse(file, 'several workloads');
  const command = workload!.command === 'SET' || workload!.command === 'INCR' ? workload!.command : refuse(file, `${workload!.command}`);
  const keys = workload!.keys.kind === 'one' ? 1 : workload!.keys.kind === 'sequential' ? workload!.keys.count : refuse(file, `${workload!.keys.kind} keys`);
  const commands = workload!.commands[0]!;
  if (workload!.commands.length > 1 || workload!.valueBytes.length > 1 || scenario.network.rttMs.length > 1 || scenario.network.jitterMs.some((j) => j !== 0)) refuse(file, 'a matrix axis or jitter');
  const modes = scenario.modes.map((mode): ClusterMode => (mode.kind === 'sync' ? { kind: 'sync' } : mode.kind === 'pipeline' && typeof mode.batch === 'number' ? { kind: 'pipeline', batch: mode.batch } : refuse(file, `mode ${mode.kind}`)));
  if (scenario.faults.length > 0 || (scenario.replication?.wait ?? []).some((w) => w !== null)) refuse(file, 'faults or WAIT');
  const nodes = Object.fromEntries(Object.entries(scenario.network.nodes ?? {}).map(([name, link]) => [name, { rttMs: link.rttMs }]));
  const notes: string[] = [];
  const faults = (scenario.timeline ?? []).map((event): ClusterFault => {
    if (event.atMs > 0) notes.push(`timeline ${event.name}: at ${event.atMs} ms is not honoured; cluster events run in order after the measured configs`);
    const action = event.action;
    if (action.kind === 'failover' && !action.promote.startsWith('replica-')) return refuse(file, `${event.name}: promoting ${action.promote}, which is not a replica`);
    if (action.kind === 'failover') return { kind: 'failover', node: action.promote, takeover: false, mode: modes[0] ?? { kind: 'sync' } };
    if (action.kind === 'down') return { kind: 'down', node: action.node, forMs: event.forMs ?? refuse(file, `${event.name} without for`) };
    if (action.from !== 'all' || action.nodes.length !== 1 || !action.nodes[0]!.startsWith('primary-')) return refuse(file, `${event.name}: a partition other than one primary cut off from all`);
    return { kind: 'partition', node: action.nodes[0]!, forMs: event.forMs ?? refuse(file, `${event.name} without for`) };
  });
  return {
    notes,
    scenario: {
      name: scenario.name,
      description: scenario.description,
      ...(scenario.file ? { file: scenario.file } : {}),
      topology: { cluster: { primaries: topology.primaries, replicas: topology.replicasPerPrimary } },
      nodeTimeoutMs: 2_000,
      network: { rttMs: scenario.network.rttMs[0] ?? 0, nodes },
      workload: { command, key: workload!.key, keys: keys === 'commands' ? commands : keys, commands, valueBytes: workload!.valueBytes[0]?.maxBytes ?? 16 },
      modes,
      scaleReads: 'master',
      warmup: scenario.warmup,
      repeat: scenario.repeat,
      calibrationPings: scenario.calibrationPings,
      seed: scenario.seed,
      faults,
    },
  };
};
