// One cluster scenario end to end: start the cluster (every node behind its client and bus
// proxies), calibrate each node's link at rtt 0 and at its own rtt, measure every mode on flat
// links and on the scenario's links, model each shaped config from its waits and the per-node
// added rtt, run the faults, and stop everything it started, whatever happens. runScenario
// calls runClusterLab, which returns the run as a LabResult (cluster-lab-result.ts).

import { closeClient, connectClient, connectCluster, type LabCluster } from '../../client/index.ts';
import { createLatencyHistogram, median, min, max, percentile, recordUs, summarizeLatency } from '../../metrics/index.ts';
import { ToxiproxyApi, calibrationWithinTolerance } from '../../network/index.ts';
import { startRuntime, type RuntimeChoice, type StartedNode, type StartedRuntime } from '../../runtime/index.ts';
import { clusterCommand, clusterOps, driveCluster } from '../../workload/cluster/index.ts';
import { expandMatrix } from '../../scenario/index.ts';
import { modeLabel, type Calibration, type ConfigCell, type LabResult, type NodeShare, type ProgressListener, type Scenario } from '../../contracts/index.ts';
import { evaluateThresholds } from '../../metrics/index.ts';
import type { ClusterConfigResult, ClusterFaultResult, ClusterRun, NodeLinkResult } from './cluster-run.ts';
import { clusterLabResult } from './cluster-lab-result.ts';
import { clusterTopologyOf, eventNode, nodeRttMs, scaleReadsOf } from './cluster-scenario.ts';
import { readVersions } from '../session.ts';
import { BUS_LINKS_NOTE, calibrateNode, flattenLinks } from './cluster-links.ts';
import { clusterLinkCostMs } from './cluster-model.ts';
import { runClusterFault } from './cluster-faults.ts';
import { clusterPolicyRows } from './cluster-policies.ts';
import { resolveClusterEvent } from './cluster-role.ts';
import { loadPolicies, type LoadedPolicy } from '../../policies/index.ts';

interface RunClusterOptions {
  /** containers, local, or auto (the default: containers when a Docker engine answers, else local). */
  runtime?: RuntimeChoice;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

const nodeKeys = (n: StartedNode): string[] => [n.announced, `${n.proxied.host}:${n.proxied.port}`];

// One node's per-wait samples as an HDR histogram and its summary: every sample is one wait.
const latencyOf = (samplesUs: readonly number[]) => {
  const histogram = createLatencyHistogram();
  try {
    for (const us of samplesUs) recordUs(histogram, us);
    return { ...summarizeLatency(histogram), waits: samplesUs.length };
  } finally {
    histogram.destroy();
  }
};

interface Measured {
  result: ClusterConfigResult;
  /** One run's waits (the same every run on a stable cluster) and its redirects' sources. */
  waits: string[][];
  redirectFrom: (string | undefined)[];
}

const measureConfig = async (scenario: Scenario, client: LabCluster, cell: ConfigCell, links: 'flat' | 'shaped', names: Map<string, string>): Promise<Measured> => {
  const { mode } = cell;
  const command = clusterCommand(cell);
  for (let w = 0; w < scenario.warmup; w++) await driveCluster(client, command, mode, clusterOps(cell, `${links}-warm${w}`));
  const redirectsBefore = client.redirects.length;
  const runsMs: number[] = [];
  const samples = new Map<string, number[]>();
  const commands = new Map<string, number>();
  const waitsPerNode = new Map<string, number>();
  let waits: string[][] = [];
  let errors = 0;
  const runErrors: number[] = [];
  let firstError: string | undefined;
  for (let r = 0; r < scenario.repeat; r++) {
    const outcome = await driveCluster(client, command, mode, clusterOps(cell, `${links}-run${r}`));
    runsMs.push(outcome.totalMs);
    errors += outcome.errors;
    runErrors.push(outcome.errors);
    firstError ??= outcome.firstError;
    waits = outcome.waits;
    for (const [node, us] of outcome.samplesUs) samples.set(node, [...(samples.get(node) ?? []), ...us]);
    if (r === 0) {
      for (const [node, n] of outcome.commands) commands.set(node, n);
      for (const wait of outcome.waits) for (const node of wait) waitsPerNode.set(node, (waitsPerNode.get(node) ?? 0) + 1);
    }
  }
  const redirects = client.redirects.slice(redirectsBefore);
  const medianMs = errors === 0 ? (median(runsMs) ?? null) : null;
  // One row per node: a node can appear under two addresses in ioredis's map (see names).
  const byName = new Map<string, { commands: number; waits: number; us: number[] }>();
  for (const [address, us] of samples) {
    const name = names.get(address) ?? address;
    const row = byName.get(name) ?? byName.set(name, { commands: 0, waits: 0, us: [] }).get(name)!;
    row.commands += commands.get(address) ?? 0;
    row.waits += waitsPerNode.get(address) ?? 0;
    row.us.push(...us);
  }
  const perNode: NodeShare[] = [...byName].sort(([a], [b]) => a.localeCompare(b)).map(([node, row]) => ({
    node,
    commands: row.commands,
    waits: row.waits,
    p50Us: percentile(row.us, 50),
    p99Us: percentile(row.us, 99),
    ...(row.us.length === 0 ? {} : { latencyUs: latencyOf(row.us) }),
  }));
  return {
    result: {
      id: `${modeLabel(mode)}@${links}`,
      mode: modeLabel(mode),
      links,
      commands: cell.commands,
      runsMs,
      medianMs,
      minMs: min(runsMs) ?? null,
      maxMs: max(runsMs) ?? null,
      opsPerSec: medianMs === null ? null : cell.commands / (medianMs / 1000),
      waits: waits.length,
      perNode,
      redirects: redirects.length,
      modelMs: null,
      modelRatio: null,
      errors,
      runErrors,
      ...(firstError === undefined ? {} : { firstError }),
    },
    waits,
    redirectFrom: redirects.map((r) => r.from),
  };
};

const linkWarnings = (links: readonly NodeLinkResult[]): string[] =>
  links
    .filter((l) => !calibrationWithinTolerance(l.calibration))
    .map((l) => `${l.node}: rtt ${l.calibration.requestedRttMs} ms: the link added ${l.calibration.addedMs.toFixed(2)} ms (outside 0.5 ms / 10 %)`);

const NOT_MEASURED = [
  BUS_LINKS_NOTE,
  'replication lag: replicas follow their primary across the primary\'s link; the lag itself is not sampled',
  'per-node latency percentiles are per wait (a command in sync mode, a per-node sub-pipeline in pipeline mode), from every measured run',
];

/** A cluster scenario end to end, as a LabResult: runScenario's path for `topology: {cluster: ...}`. */
export const runClusterLab = async (scenario: Scenario, options: RunClusterOptions = {}): Promise<LabResult> => {
  const emit = options.onProgress ?? (() => undefined);
  // A broken policy module is an error before anything starts.
  const policies = (scenario.timeline ?? []).length > 0 && scenario.policies.length > 0 ? [...(await loadPolicies(scenario)).values()] : [];
  // Converted before the cluster stops, so the run's events end with `stopping` and `stopped` as any run's do.
  return runCluster(scenario, { ...options, policies }, (run) => {
    const result = clusterLabResult(run, scenario);
    for (const calibration of result.calibration) emit({ type: 'calibrated', calibration });
    for (const config of result.configs) emit({ type: 'config-done', config });
    for (const entry of result.reconcile ?? []) emit({ type: 'reconcile-done', entry });
    const thresholds = evaluateThresholds(scenario.expect, result.configs, result.reconcile);
    return { ...result, thresholds, pass: result.pass && thresholds.every((t) => t.pass) };
  });
};

/** Policies to judge across each event, each on a fresh cluster (cluster-policies.ts). */
interface PolicyRun {
  policies: readonly LoadedPolicy[];
}

const runCluster = async <T>(scenario: Scenario, options: RunClusterOptions & PolicyRun, finish: (run: ClusterRun) => T): Promise<T> => {
  const startedAt = new Date();
  const startMs = performance.now();
  const emit = options.onProgress ?? (() => undefined);
  const topology = clusterTopologyOf(scenario);
  // One cell per mode (a cluster has one workload and one rtt), measured on flat links, then shaped.
  const cells = expandMatrix(scenario);
  const choice = options.runtime ?? 'auto';
  emit({ type: 'runtime-starting', runtime: choice === 'auto' ? 'auto' : choice });
  const cluster: StartedRuntime = await startRuntime(choice, {
    topology,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  emit({ type: 'runtime-started', runtime: cluster.kind, ...(cluster.images ? { images: cluster.images } : {}) });
  const signal = options.signal ? AbortSignal.any([options.signal, cluster.lost]) : cluster.lost;
  try {
    const api = new ToxiproxyApi(cluster.toxiproxyApiUrl);
    // ioredis keys its slot map by the NAT-mapped address after CLUSTER SLOTS but by the
    // announced one after a MOVED: both name the node.
    const names = new Map(cluster.nodes.flatMap((n) => nodeKeys(n).map((k) => [k, n.name] as const)));
        const flat = new Map<string, Calibration>();
    for (const node of cluster.nodes) {
      signal.throwIfAborted();
      flat.set(node.name, await calibrateNode(api, node, 0, scenario.calibrationPings));
    }
    const client = await connectCluster({
      seeds: cluster.nodes.filter((n) => n.role === 'primary').map((n) => n.proxied),
      natMap: cluster.natMap,
      ...(cluster.password === undefined ? {} : { password: cluster.password }),
      scaleReads: scaleReadsOf(scenario),
    });
    const dropOnAbort = () => client.cluster.disconnect();
    signal.addEventListener('abort', dropOnAbort, { once: true });
    try {
      const measured: Measured[] = [];
      const total = 2 * cells.length;
      for (const cell of cells) {
        signal.throwIfAborted();
        emit({ type: 'config-start', configId: `${modeLabel(cell.mode)}@flat`, index: measured.length, total });
        measured.push(await measureConfig(scenario, client, cell, 'flat', names));
      }
      const shaped = new Map<string, Calibration>();
      for (const node of cluster.nodes) {
        signal.throwIfAborted();
        shaped.set(node.name, await calibrateNode(api, node, nodeRttMs(scenario, node.name), scenario.calibrationPings));
      }
      for (const cell of cells) {
        signal.throwIfAborted();
        emit({ type: 'config-start', configId: `${modeLabel(cell.mode)}@shaped`, index: measured.length, total });
        measured.push(await measureConfig(scenario, client, cell, 'shaped', names));
      }
      const addedMs = new Map(cluster.nodes.flatMap((n) => nodeKeys(n).map((k) => [k, shaped.get(n.name)!.addedMs - flat.get(n.name)!.addedMs] as const)));
      for (const m of measured.filter((x) => x.result.links === 'shaped')) {
        const base = measured.find((x) => x.result.links === 'flat' && x.result.mode === m.result.mode)?.result.medianMs ?? null;
        const cost = clusterLinkCostMs(m.waits, m.redirectFrom, addedMs);
        if (base === null || cost === undefined) continue;
        m.result.modelMs = base + cost;
        m.result.modelRatio = m.result.medianMs === null ? null : m.result.medianMs / m.result.modelMs;
      }
      const faults: ClusterFaultResult[] = [];
      for (const [index, fault] of (scenario.timeline ?? []).entries()) {
        signal.throwIfAborted();
        // A role selector (`current-primary@shard-1`) names the node that holds the role now.
        const { event, resolved } = await resolveClusterEvent(cluster, fault);
        const found = await runClusterFault({ scenario, cluster, client, addedMs, api, signal }, event, index);
        if (resolved !== undefined) found.timeline.unshift({ atMs: 0, event: `${fault.name}: ${eventNode(fault)} is ${resolved}` });
        faults.push(found);
      }
      const policyRows =
        options.policies.length === 0
          ? { rows: [], problems: [], lossAgreed: true }
          : await clusterPolicyRows({ scenario, policies: options.policies, runtime: cluster.kind, ...(options.signal ? { signal: options.signal } : {}) });
      const direct = await connectClient(cluster.nodes[0]!.direct, 'primary-1 direct');
      const versions = await readVersions(direct, api).finally(() => closeClient(direct));
      const links: NodeLinkResult[] = cluster.nodes.map((n) => ({
        node: n.name,
        role: n.role,
        announced: n.announced,
        calibration: shaped.get(n.name)!,
        flatCalibration: flat.get(n.name)!,
        busUpstreamLatencyMs: shaped.get(n.name)!.upstreamLatencyMs,
        busDownstreamLatencyMs: shaped.get(n.name)!.downstreamLatencyMs,
      }));
      const configs = measured.map((m) => m.result);
      const warnings = [
        ...linkWarnings(links),
        ...configs.filter((c) => c.errors > 0).map((c) => `${c.id}: ${c.errors} error(s), first: ${c.firstError}`),
        ...faults.filter((f) => f.lost > 0).map((f) => `${f.fault.action.kind === 'link-fault' ? 'link' : f.fault.action.kind} ${eventNode(f.fault)}: ${f.lost} acknowledged write(s) lost`),
        ...policyRows.problems,
      ];
      await flattenLinks(api, cluster.nodes);
      return finish({
        scenario: { name: scenario.name, description: scenario.description, ...(scenario.file ? { file: scenario.file } : {}) },
        // The external runtime refuses a cluster before anything starts.
        runtime: cluster.kind as ClusterRun['runtime'],
        versions,
        startedAt: startedAt.toISOString(),
        durationMs: performance.now() - startMs,
        seed: scenario.seed,
        topology: { cluster: { primaries: topology.primaries, replicas: topology.replicasPerPrimary } },
        nodeTimeoutMs: topology.nodeTimeoutMs,
        links,
        configs,
        faults,
        policyRows: policyRows.rows,
        // Lost writes are a finding, reported; a run fails when a measured run erred or the
        // cluster did not settle after a fault.
        // A policy row whose runs disagree as to loss fails the run too (as the writer's rows do on a primary/replicas topology).
        pass: configs.every((c) => c.errors === 0 && c.medianMs !== null) && faults.every((f) => f.after !== null && !f.timeline.some((t) => t.event.includes('did not settle'))) && policyRows.lossAgreed,
        warnings,
        notMeasured: NOT_MEASURED,
      });
    } finally {
      signal.removeEventListener('abort', dropOnAbort);
      await client.close();
    }
  } finally {
    emit({ type: 'stopping' });
    await cluster.stop();
    emit({ type: 'stopped' });
  }
};
