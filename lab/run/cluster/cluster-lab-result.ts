// A cluster run as a LabResult: each measured mode on flat and on shaped links a ConfigResult
// (runs, the node-merged HDR latency, each node's share, redirects, the model), each timeline
// event a ReconcileEntry judged as a single-node row is (verdictFor), each node's link two
// LinkCalibration rows (at rtt 0 and at its own rtt). Pure: no I/O.

import { decodeLatency, destroyHistograms, summarizeLatency, type LatencyHistogram } from '../../metrics/index.ts';
import { verdictFor } from '../../reconcile/index.ts';
import { modeLabel, topologyLabel } from '../../contracts/index.ts';
import type { ConfigResult, LabResult, LatencySummaryUs, LinkCalibration, NodeShare, ReconcileCounts, ReconcileEntry, RunRecord, Scenario, TopologyEvent } from '../../contracts/index.ts';
import type { ClusterConfigResult, ClusterFaultResult, ClusterRun } from './cluster-run.ts';
import { clusterKeys } from '../../workload/cluster/index.ts';
import { clusterTopologyOf, defaultRttMs, eventNode, failoverMode } from './cluster-scenario.ts';

/** The policy column of a cluster fault row: the lab's own writers, not a retry policy of the scenario's. */
const CLUSTER_WRITER = 'lab-writer';

const clusterLabel = (scenario: Scenario): string => {
  const { primaries, replicasPerPrimary } = clusterTopologyOf(scenario);
  return topologyLabel({ kind: 'cluster', primaries, replicasPerPrimary });
};

// Every node's histogram merged into one: the config's latency over all its waits.
const mergedLatency = (perNode: readonly NodeShare[]): LatencySummaryUs | null => {
  const kept = perNode.flatMap((n) => (n.latencyUs?.hdr ? [n.latencyUs] : []));
  if (kept.length === 0) return null;
  const histograms: LatencyHistogram[] = kept.map((l) => decodeLatency(l.hdr!));
  try {
    const [first, ...rest] = histograms;
    for (const h of rest) first!.add(h);
    return { ...summarizeLatency(first!), waits: kept.reduce((sum, l) => sum + (l.waits ?? l.count), 0) };
  } finally {
    destroyHistograms(histograms);
  }
};

const errorKind = (message: string): string => message.split(/[\s:]/)[0] || 'Error';

const configOf = (c: ClusterConfigResult, scenario: Scenario, firstOrder: number): ConfigResult => {
  const [kind, batchText] = c.mode.split(':');
  const batch = kind === 'pipeline' ? Number(batchText) : 1;
  const runErrors = c.runsMs.map((_, i) => c.runErrors?.[i] ?? (c.errors > 0 ? c.errors : 0));
  const runs: RunRecord[] = c.runsMs.map((totalMs, i) => ({
    order: firstOrder + i,
    totalMs,
    verified: runErrors[i] === 0,
    clientGcMs: null,
    ...(runErrors[i] === 0 ? {} : { failure: `${runErrors[i]} error(s)${c.firstError === undefined ? '' : `, first: ${c.firstError}`}` }),
  }));
  const workload = scenario.workloads[0]!;
  const cell = { workload, commands: workload.commands[0]!, valueBytes: workload.valueBytes[0]! };
  const { command } = workload;
  const keys = clusterKeys(cell);
  const valueBytes = cell.valueBytes.maxBytes;
  return {
    id: c.id,
    workload: command,
    command,
    link: 'proxied',
    rttMs: c.links === 'flat' ? 0 : defaultRttMs(scenario),
    jitterMs: 0,
    bandwidth: { upKBps: null, downKBps: null },
    mode: kind === 'pipeline' ? 'pipeline' : 'sync',
    batch,
    batchLabel: String(batch),
    connections: 1,
    commands: c.commands,
    valueBytes: command === 'SET' ? { min: valueBytes, max: valueBytes } : null,
    keys: keys === 1 ? 'one' : `sequential(${keys})`,
    waits: c.waits,
    runs,
    medianMs: c.medianMs,
    minMs: c.minMs,
    maxMs: c.maxMs,
    opsPerSec: c.opsPerSec,
    modelMs: c.modelMs,
    modelRatio: c.modelRatio,
    latencyUs: mergedLatency(c.perNode),
    errors: runs.filter((r) => !r.verified).length,
    errorsByKind: c.errors > 0 ? { [errorKind(c.firstError ?? 'Error')]: c.errors } : {},
    clientPeakRssBytes: null,
    clientPeakHeapBytes: null,
    clientRssGrowthBytes: null,
    clientHeapGrowthBytes: null,
    serverInfo: null,
    links: c.links,
    topology: clusterLabel(scenario),
    perNode: c.perNode,
    redirects: c.redirects,
  };
};

const WRITERS: Record<TopologyEvent['action']['kind'], string> = {
  failover: 'writer: the lab\'s own, one run of the workload after the failover through the ioredis Cluster client with the slot map it had before (retrying CLUSTERDOWN and TRYAGAIN, up to 64 redirects); each SET read back once the cluster settled',
  partition: 'writers: the lab\'s own, one SET at a time (each its own key and value) through the ioredis Cluster client on the majority side, and one straight to the isolated primary on the minority side; every write read back once the cluster settled',
  down: 'writer: the lab\'s own, one SET at a time (each its own key and value) through the ioredis Cluster client; every write read back once the cluster settled',
  'link-fault': 'writer: the lab\'s own, one SET at a time (each its own key and value) through the ioredis Cluster client; every write read back once the cluster settled',
};

const hitText = (fault: TopologyEvent): string => {
  const { action } = fault;
  const node = eventNode(fault);
  switch (action.kind) {
    case 'partition':
      return `${node}, isolated both ways (client, bus and replication links)`;
    case 'down':
      return `${node}'s process, frozen`;
    case 'link-fault':
      return `${node}'s client link (${action.fault.kind}; its bus and replication links untouched)`;
    case 'failover':
      return `${node}, promoted (${action.takeover === true ? 'CLUSTER FAILOVER TAKEOVER' : 'CLUSTER FAILOVER'})`;
  }
};

const settled = (f: ClusterFaultResult): boolean => f.after !== null && !f.timeline.some((t) => t.event.includes('did not settle'));

const countsOf = (f: ClusterFaultResult): ReconcileCounts => {
  const { acknowledged, failed, indeterminate } = f.writes;
  // Runs recorded before the read-back kept what it found applied: only the lost are known.
  const found = f.readBack ?? { applied: acknowledged - f.lost, indeterminateApplied: 0, failedButApplied: 0 };
  return {
    issued: acknowledged + failed + indeterminate,
    applied: found.applied,
    acknowledged,
    failed,
    indeterminate,
    indeterminateApplied: found.indeterminateApplied,
    indeterminateNotApplied: indeterminate - found.indeterminateApplied,
    lost: f.lost,
    duplicated: 0,
    unexpected: 0,
    failedButApplied: found.failedButApplied,
    retries: 0,
  };
};

/** One cluster fault as a reconcile row: the writes read back, judged as a single-node row is. */
const clusterFaultEntry = (f: ClusterFaultResult, scenario: Scenario, client: string): ReconcileEntry => {
  const { fault } = f;
  const { name, action } = fault;
  const node = eventNode(fault);
  const mode = action.kind === 'failover' ? modeLabel(failoverMode(scenario, fault)) : 'sync';
  const counts = countsOf(f);
  const judged = verdictFor({ counts, counter: null, prefix: null, tagsVisible: false, noun: 'write' });
  const notes = [
    WRITERS[action.kind],
    ...(action.kind === 'partition' ? [`minority side (a client straight to ${node}): ${f.minorityAcknowledged} acknowledged, ${f.minorityLost} of them lost`] : []),
    `redirects: ${f.redirects.moved} MOVED, ${f.redirects.ask} ASK, costing ${f.redirectCostMs.toFixed(1)} ms of round trips; ioredis retried ${f.retries.clusterDown} CLUSTERDOWN, ${f.retries.tryAgain} TRYAGAIN, ${f.retries.connectionClosed} closed connection(s)`,
    f.after === null ? 'after: the shard\'s roles could not be read' : `after: ${f.after.primaryOfShard} is the shard's primary; ${node} is ${f.after.nodeRole}`,
    f.note,
  ];
  const [verdict, reasons] = !settled(f)
    ? (['UNKNOWN', ['the cluster did not settle after the fault, so the read-back may not be final', ...judged.reasons]] as const)
    : counts.issued === 0
      ? (['NOT-TESTED', ['no write was read back (INCR writes carry no unique value), so nothing was judged']] as const)
      : ([judged.verdict, judged.reasons] as const);
  return {
    id: `${name} / ${mode} / ${CLUSTER_WRITER}`,
    fault: name,
    mode,
    policy: CLUSTER_WRITER,
    client,
    rttMs: defaultRttMs(scenario),
    connections: action.kind === 'partition' ? 2 : 1,
    faultHits: hitText(fault),
    runs: 1,
    consistent: true,
    counts,
    counter: null,
    prefix: null,
    faultObserved: true,
    verdict,
    reasons: [...reasons, ...notes],
    examples: { lost: [], duplicated: [], unexpected: [] },
    errorsByKind: {},
    node,
    redirects: f.redirects,
    ...(f.window ? { window: f.window } : {}),
    events: [
      ...f.timeline,
      ...(f.after === null ? [] : [{ atMs: f.timeline.at(-1)?.atMs ?? 0, event: `after: ${f.after.primaryOfShard} is the shard's primary; ${node} is ${f.after.nodeRole}` }]),
    ],
    ...(action.kind === 'partition' ? { acknowledgedByMinority: f.minorityAcknowledged, lostByMinority: f.minorityLost } : {}),
  };
};

/** Every node's link at rtt 0 (`<node>@flat`) and at its own rtt (`<node>`), from clients to the node. */
const linksOf = (run: ClusterRun): LinkCalibration[] => [
  ...run.links.map((l): LinkCalibration => ({ ...l.calibration, link: l.node, from: 'clients', to: l.node })),
  ...run.links.map((l): LinkCalibration => ({ ...l.flatCalibration, link: `${l.node}@flat`, from: 'clients', to: l.node })),
];

/** The LabResult of a cluster run; thresholds are the caller's (evaluated over these configs and rows). */
export const clusterLabResult = (run: ClusterRun, scenario: Scenario): Omit<LabResult, 'thresholds'> => {
  let order = 0;
  const configs = run.configs.map((c) => {
    const config = configOf(c, scenario, order);
    order += c.runsMs.length;
    return config;
  });
  const client = `ioredis ${run.versions.ioredis} (Cluster)`;
  const reconcile = [...run.faults.map((f) => clusterFaultEntry(f, scenario, client)), ...run.policyRows];
  return {
    resultVersion: 2,
    scenario: run.scenario,
    runtime: run.runtime,
    versions: run.versions,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    calibration: run.links.map((l) => l.calibration),
    configs,
    ...(reconcile.length > 0 ? { reconcile } : {}),
    seed: run.seed,
    pass: run.pass,
    warnings: run.warnings,
    notMeasured: run.notMeasured,
    topology: {
      topology: `${clusterLabel(scenario).slice(0, -2)}, node-timeout: ${run.nodeTimeoutMs}ms}}`,
      nodes: run.links.map((l) => ({ name: l.node, role: l.role, proxy: l.announced, announced: l.announced })),
      links: linksOf(run),
    },
  };
};
