// The library's main entry: run a scenario end to end and return a plain LabResult.
// Start (or borrow) a runtime, measure every link shape in turn (or run the fault cells),
// model, judge thresholds, and leave nothing running that this call started, whatever happens.

import { closeClient, connectClient } from '../client/index.ts';
import type { Redis } from 'ioredis';
import { errorMessage, interruptedError, isLabError, LabError, withTimeout } from '../errors/index.ts';
import { applyLink, ToxiproxyApi } from '../network/index.ts';
import { destroyHistograms, evaluateThresholds, fillModel, unexpectedSaturation } from '../metrics/index.ts';
import { startRuntime, type ExternalTarget, type RuntimeChoice, type StartedRuntime } from '../runtime/index.ts';
import { ownKeyspace, scopeScenario, sharedKeyspace, type Keyspace } from '../keyspace/index.ts';
import { expandMatrix } from '../scenario/index.ts';
import { clusterOnSinglePath, needsTimelineRunner, type Calibration, type LabResult, type ProgressListener, type ReconcileEntry, type Scenario, type TargetInfo, type Topology } from '../contracts/index.ts';
import { runFaultCells } from './fault-runs.ts';
import { loadPolicies, type LoadedPolicy } from '../policies/index.ts';
import { endpointConnector, measureLink, RunClients } from './measured-runs.ts';
import { Bystanders, bystanderKey, type BystanderPlace } from './bystander-runs.ts';
import { clusterBystanderPlace } from './cluster/cluster-bystander.ts';
import { groupByLink, newConfigRuns, toConfigResult } from './result-assembly.ts';
import { notMeasured, resultWarnings, targetNotes } from './result-notes.ts';
import { fillTraceShifts } from './request-results.ts';
import { admitOnSharedTarget } from './target-admission.ts';
import { readVersions, type RunSession } from './session.ts';
import { engineInfo, findEngine, type EngineSetup } from './engine-runs.ts';
import { runTopologyScenario } from './topology-scenario.ts';
import { applyServerSettings, evidenceLogs } from './server-settings.ts';
import { openClusterOnSingle } from './cluster/cluster-single.ts';
import { openTopology, primaryShaped, type TopologyOnSingle } from './topology-single.ts';
import { runClusterLab } from './cluster/run-cluster.ts';

export interface RunScenarioOptions {
  /** A runtime to start (default `auto`), or one already started, which is left running. */
  runtime?: RuntimeChoice | StartedRuntime;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  /** `runtime: 'external'`: the Redis and Toxiproxy to use (each field not given is read from
   * its REDIS_FAULT_LAB_EXTERNAL_* environment variable). */
  external?: ExternalTarget;
}

const PART_CHECK_TIMEOUT_MS = 5_000;
const LOSS_GRACE_MS = 3_000;
const LOSS_POLL_MS = 250;

// A dropped connection may be a part that died before its exit was reported: the client sees
// the socket close as soon as the kernel closes it, while the engine marks a killed container
// not running some milliseconds later (a CI run saw `Connection is closed` with the Redis
// container still "running" at the first look). So ask, and for a client error (not one of
// the lab's own) keep asking for up to `graceMs`. Each look is bounded, so an engine that
// stopped answering cannot hold the error back.
const awaitLoss = async (runtime: StartedRuntime, graceMs: number): Promise<void> => {
  const deadline = performance.now() + graceMs;
  for (;;) {
    if (runtime.lost.aborted) return;
    await withTimeout('part check', PART_CHECK_TIMEOUT_MS, () => runtime.checkParts(), () => new Error('no answer')).catch(() => undefined);
    if (runtime.lost.aborted || performance.now() + LOSS_POLL_MS > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, LOSS_POLL_MS));
  }
};

// A topology past one node is started by its own run and stopped at its end: a runtime the
// caller started (one node) cannot hold it.
const onOwnTopology =
  (run: (scenario: Scenario, options: { runtime?: RuntimeChoice; signal?: AbortSignal; onProgress?: ProgressListener }) => Promise<LabResult>) =>
  (scenario: Scenario, options: RunScenarioOptions): Promise<LabResult> => {
    if (typeof options.runtime === 'object') {
      throw new LabError('E_USAGE', `Scenario ${scenario.name} needs a topology of its own; a started single-node runtime cannot run it`, {
        hint: "pass runtime: 'containers', 'local' or 'auto': the run starts the topology and stops it afterwards",
      });
    }
    return run(scenario, {
      ...(options.runtime === undefined ? {} : { runtime: options.runtime }),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  };

// A primary with replicas (or sentinels) runs its timeline on the topology runner; everything
// else takes the single-node measuring path, aimed at the primary's client proxy (WAIT settings
// an axis of configs, reads to `read-from`), with the other nodes' links shaped and replication
// lag sampled (topology-single.ts).
const runReplicas = (scenario: Scenario, options: RunScenarioOptions): Promise<LabResult> =>
  needsTimelineRunner(scenario.timeline) ? onOwnTopology(runTopologyScenario)(scenario, options) : onOwnTopology((s, o) => runSingleNode(s, o, s.topology))(scenario, options);

/** What runs a scenario, by its topology's kind (a scenario without one is a single node). */
const executors: Record<Topology['kind'], (scenario: Scenario, options: RunScenarioOptions) => Promise<LabResult>> = {
  single: (scenario, options) => runSingleNode(scenario, options),
  replicas: runReplicas,
  // Request workloads without a timeline: the single path with ioredis Cluster clients (cluster/cluster-single.ts).
  cluster: (scenario, options) =>
    clusterOnSinglePath(scenario.workloads, scenario.timeline) ? onOwnTopology((s, o) => runSingleNode(s, o, s.topology))(scenario, options) : onOwnTopology(runClusterLab)(scenario, options),
};

export const runScenario = async (scenario: Scenario, options: RunScenarioOptions = {}): Promise<LabResult> => executors[scenario.topology?.kind ?? 'single'](scenario, options);

const runSingleNode = async (scenario: Scenario, options: RunScenarioOptions, topology?: Topology): Promise<LabResult> => {
  const emit: ProgressListener = options.onProgress ?? (() => undefined);
  // A missing load engine or a broken policy module is an error before anything starts.
  const policies = scenario.faults.length > 0 ? await loadPolicies(scenario) : new Map<string, LoadedPolicy>();
  const engine = scenario.engine === 'redis-benchmark' ? await findEngine() : undefined;
  const given = typeof options.runtime === 'object' ? options.runtime : undefined;
  const choice = typeof options.runtime === 'string' ? options.runtime : 'auto';
  if (!given) emit({ type: 'runtime-starting', runtime: choice });
  const runtime = given ?? (await startRuntime(choice, { ...(options.signal ? { signal: options.signal } : {}), ...(options.external ? { external: options.external } : {}), ...(topology ? { topology } : {}) }));
  if (!given && options.signal?.aborted) {
    await runtime.stop();
    throw interruptedError();
  }
  if (!given) emit({ type: 'runtime-started', runtime: runtime.kind, ...(runtime.images ? { images: runtime.images } : {}) });
  // A part of the runtime that dies (Redis or Toxiproxy exits) ends the run the way Ctrl-C
  // does, and the error names the part instead of reporting an interruption.
  const signal = options.signal ? AbortSignal.any([options.signal, runtime.lost]) : runtime.lost;
  try {
    runtime.lost.throwIfAborted();
    return await measureScenario(scenario, runtime, emit, signal, { engine, policies });
  } catch (error) {
    // An abort drops connections, so whatever was in flight (a run, a calibration PING)
    // fails with a connection error: report the abort, not its side effect.
    if (options.signal?.aborted) throw interruptedError();
    await awaitLoss(runtime, isLabError(error) ? 0 : LOSS_GRACE_MS);
    throw runtime.lost.aborted ? runtime.lost.reason : error;
  } finally {
    if (!given) {
      emit({ type: 'stopping' });
      await runtime.stop();
      emit({ type: 'stopped' });
    }
  }
};

// The keys a run may touch: an external target not declared disposable is shared, so the run
// gets a prefix of its own and never flushes; the lab's own instances are its to empty.
const keyspaceFor = (runtime: StartedRuntime): Keyspace =>
  runtime.kind === 'external' && runtime.external?.disposable !== true ? sharedKeyspace() : ownKeyspace();

// A shared keyspace's keys are deleted at the end, whatever happened; what a result says about it.
const cleanUp = async (keyspace: Keyspace, direct: Redis): Promise<{ removed: number | null; problem?: string }> => {
  if (keyspace.kind === 'own') return { removed: null };
  try {
    return { removed: await keyspace.cleanup(direct) };
  } catch (error) {
    return { removed: null, problem: `could not delete the lab's keys under ${keyspace.prefix} at the end (${errorMessage(error)}): delete them with redis-cli --scan --pattern '${keyspace.prefix}*' | xargs redis-cli unlink` };
  }
};

const measureScenario = async (given: Scenario, runtime: StartedRuntime, emit: ProgressListener, signal: AbortSignal, prepared: { engine: EngineSetup | undefined; policies: Map<string, LoadedPolicy> }): Promise<LabResult> => {
  const { engine, policies } = prepared;
  const startedAt = new Date();
  const startMs = performance.now();
  const api = new ToxiproxyApi(runtime.toxiproxyApiUrl);
  const keyspace = keyspaceFor(runtime);
  if (engine !== undefined && keyspace.kind === 'shared') {
    // The C engine makes a user of its own for each run (ACL SETUSER) and its keys are not
    // checked against the lab's prefix: not on a database the lab shares.
    throw new LabError('E_TARGET_UNSAFE', 'engine: redis-benchmark runs only on a Redis the lab may empty: this external target is not declared disposable', {
      hint: 'declare the target disposable (its keys may all be deleted), or remove engine: redis-benchmark to run the lab\'s ioredis engine under a key prefix',
    });
  }
  // Past one node, a link network.nodes gives the primary is the link shape of its client proxy.
  const primary = runtime.nodes.find((n) => n.role === 'primary')?.name ?? 'primary';
  const scenario = primaryShaped(scopeScenario(given, keyspace.prefix), primary);
  const direct = await connectClient(runtime.redisDirect, 'direct');
  const configs = expandMatrix(scenario).map((cell, index) => ({ ...newConfigRuns(cell, index), ...(engine === undefined ? {} : { engine: engineInfo(engine, cell) }) }));
  let cleaned: Promise<{ removed: number | null; problem?: string }> | undefined;
  const clean = () => (cleaned ??= cleanUp(keyspace, direct));
  let restoreServer: () => Promise<string | undefined> = async () => undefined;
  let topology: TopologyOnSingle | undefined;
  // On a cluster `server:` goes on every primary: each serves the clients of its slots.
  const otherPrimaries: Redis[] = [];
  // On a cluster the bystander stands on one primary (cluster/cluster-bystander.ts); elsewhere on the entry node.
  const bystanderPlace: BystanderPlace =
    runtime.topology.kind === 'cluster' ? clusterBystanderPlace(runtime.nodes, scenario.workloads, keyspace.prefix) : { endpoint: runtime.proxied, key: bystanderKey(keyspace.prefix) };
  try {
    await admitOnSharedTarget(scenario, keyspace, direct);
    if (scenario.server !== undefined && runtime.topology.kind === 'cluster') {
      for (const node of runtime.nodes.filter((n) => n.role === 'primary' && n.name !== primary)) otherPrimaries.push(await connectClient(node.direct, `${node.name} directly`));
    }
    restoreServer = await applyServerSettings(scenario, runtime, [direct, ...otherPrimaries]);
    topology = runtime.topology.kind === 'cluster' ? await openClusterOnSingle({ runtime, scenario: given, api, emit }) : await openTopology({ runtime, scenario: given, api, emit });
    const proxied = await connectClient(runtime.proxied, 'through the proxy');
    // Ctrl-C must not wait for a long sync run: dropping the connection ends it at once.
    const dropOnAbort = () => proxied.disconnect();
    signal?.addEventListener('abort', dropOnAbort, { once: true });
    try {
      const session: RunSession = { scenario, api, proxyName: runtime.proxyName, direct, keyspace, proxied, emit, ...(signal ? { signal } : {}) };
      const versions = await readVersions(direct, api);
      const calibration: Calibration[] = [];
      const problems: string[] = [];
      let reconcile: ReconcileEntry[] | undefined;
      if (scenario.faults.length > 0) {
        const found = await runFaultCells(session, runtime.proxied, policies);
        calibration.push(...found.calibration);
        problems.push(...found.problems);
        reconcile = found.entries;
      } else {
        const endpoints = { proxied: runtime.proxied, direct: runtime.redisDirect };
        const nodes = new Map(runtime.nodes.map((n) => [n.name, { proxied: n.proxied, direct: n.direct }]));
        const clients = new RunClients(endpointConnector({ ...endpoints, nodes }), signal);
        // A cluster: request runs go through ioredis Cluster clients, reset and read back on every primary.
        const onCluster = topology?.requests;
        const bystanders = scenario.bystander === undefined ? undefined : await Bystanders.start(scenario.bystander, bystanderPlace, signal);
        const ctx = {
          ...session,
          clients,
          total: configs.length,
          ...(engine === undefined ? {} : { engine: { setup: engine, endpoints } }),
          serverLogs: evidenceLogs(runtime),
          ...(bystanders === undefined ? {} : { bystanders }),
          ...(topology === undefined ? {} : { lagSpan: topology.lagSpan, replicas: topology.replicas }),
          ...(topology?.shapeLinks === undefined ? {} : { shapeLinks: topology.shapeLinks }),
          ...(onCluster === undefined ? {} : { requestClients: new RunClients(onCluster.connector, signal), control: onCluster.control }),
        };
        try {
          for (const group of groupByLink(configs)) {
            const measured = await measureLink(ctx, group);
            if (measured !== undefined) calibration.push(measured);
          }
        } finally {
          await bystanders?.close();
        }
        await applyLink(api, runtime.proxyName, { rttMs: 0, jitterMs: 0 });
      }

      const onTopology = topology;
      const results = scenario.faults.length > 0 ? [] : configs.map((c) => (onTopology === undefined ? toConfigResult(c, calibration) : { ...toConfigResult(c, calibration), ...onTopology.figures(c.cell) }));
      fillModel(results, calibration);
      fillTraceShifts(results);
      for (const config of results) emit({ type: 'config-done', config });
      const thresholds = evaluateThresholds(scenario.expect, results, reconcile);
      // Every run verified (or, on the redis-benchmark engine, completed: it cannot verify), or
      // closed by the server for the output buffer limit the scenario set, with nothing acknowledged lost.
      const runsPass = results.every((c) => (c.errors === 0 && c.medianMs !== null) || (c.serverClosed !== undefined && c.errors === c.serverClosed.runs && c.serverClosed.lost === 0));
      // An open-loop config that did not keep up fails the run unless the scenario expected it (a ramp, or a threshold on `saturated`).
      const keptUp = results.every((c) => !unexpectedSaturation(c, thresholds));
      const restored = await restoreServer();
      restoreServer = async () => undefined;
      const { removed, problem: cleanProblem } = await clean();
      const problem = [restored, cleanProblem].filter((p): p is string => p !== undefined).join('; ') || undefined;
      const target: TargetInfo | undefined = runtime.external
        ? { redis: runtime.external.redis, toxiproxyApiUrl: runtime.toxiproxyApiUrl, disposable: keyspace.kind === 'own', keyPrefix: keyspace.kind === 'own' ? null : keyspace.prefix, keysRemoved: removed }
        : undefined;
      return {
        resultVersion: 2,
        scenario: { name: scenario.name, description: scenario.description, ...(scenario.file ? { file: scenario.file } : {}) },
        runtime: runtime.kind,
        ...(runtime.images ? { images: runtime.images } : {}),
        ...(target ? { target } : {}),
        versions,
        startedAt: startedAt.toISOString(),
        durationMs: performance.now() - startMs,
        seed: scenario.seed,
        calibration,
        configs: results,
        ...(reconcile ? { reconcile } : {}),
        thresholds,
        pass: runsPass && keptUp && thresholds.every((t) => t.pass),
        warnings: resultWarnings({ calibration, configs: results, reconcile, problems: [...(topology?.warnings ?? []), ...problems, ...(problem === undefined ? [] : [problem])] }),
        notMeasured: [
          ...notMeasured(scenario),
          ...(target ? targetNotes(target) : []),
          ...(topology?.notMeasured ?? []),
          ...(scenario.bystander === undefined || bystanderPlace.note === undefined ? [] : [bystanderPlace.note]),
        ],
        ...(topology ? { topology: topology.result } : {}),
      };
    } finally {
      signal?.removeEventListener('abort', dropOnAbort);
      await closeClient(proxied);
    }
  } finally {
    await restoreServer().catch(() => undefined);
    await clean();
    await topology?.close();
    for (const client of otherPrimaries) await closeClient(client);
    await closeClient(direct);
    destroyHistograms(configs.flatMap((c) => (c.waits === undefined ? [c.histogram] : [c.histogram, c.waits.histogram])));
  }
};
