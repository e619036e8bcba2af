// A primary with replicas under a timeline (issue 13), end to end: start the topology (every node
// behind its client proxy, replication through peer proxies), calibrate every link, then run the
// timeline once per workload × WAIT setting × repeat, each on a fresh topology (a failover changes who is primary, so every run
// starts from the same layout), with the first topology's link settings re-applied unmeasured.
// Stops everything it started, whatever happens.

import type { Redis } from 'ioredis';
import { closeClient, connectClient } from '../client/index.ts';
import { interruptedError } from '../errors/index.ts';
import { createLatencyHistogram, evaluateThresholds, summarizeLatency } from '../metrics/index.ts';
import { ToxiproxyApi } from '../network/index.ts';
import { startRuntime, type RuntimeChoice, type StartedRuntime } from '../runtime/index.ts';
import { buildPlan } from '../workload/index.ts';
import { topologyLabel, waitLabel, type LabResult, type ProgressListener, type ReconcileEntry, type Scenario, type TopologyResult } from '../contracts/index.ts';
import { loadPolicies } from '../policies/index.ts';
import { runFailover, type FailoverRunFindings } from './failover-run.ts';
import { policyTimelineRow } from './timeline-policies.ts';
import { repeatPolicy } from './policy-repeat.ts';
import { readVersions } from './session.ts';
import { calibrateReported, nodeLinksOf, nodesResult, PROXIES_NOTE, reapplyLinks } from './topology-links.ts';
import { failoverRow, lossAgrees } from './topology-rows.ts';

interface Live {
  topology: StartedRuntime;
  api: ToxiproxyApi;
  control: Map<string, Redis>;
}

const open = async (choice: RuntimeChoice, scenario: Scenario, signal: AbortSignal | undefined): Promise<Live> => {
  const topology = await startRuntime(choice, { topology: scenario.topology ?? { kind: 'single' }, ...(signal ? { signal } : {}) });
  const control = new Map<string, Redis>();
  try {
    for (const node of topology.nodes) control.set(node.name, await connectClient(node.direct, `${node.name} directly`));
    return { topology, api: new ToxiproxyApi(topology.toxiproxyApiUrl), control };
  } catch (error) {
    await close({ topology, api: new ToxiproxyApi(topology.toxiproxyApiUrl), control });
    throw error;
  }
};

const close = async (live: Live): Promise<void> => {
  for (const client of live.control.values()) await closeClient(client);
  await live.topology.stop();
};

export const runTopologyScenario = async (scenario: Scenario, options: { runtime?: RuntimeChoice; signal?: AbortSignal; onProgress?: ProgressListener }): Promise<LabResult> => {
  const emit = options.onProgress ?? (() => undefined);
  const choice = options.runtime ?? 'auto';
  const startedAt = new Date();
  const startMs = performance.now();
  const links = nodeLinksOf(scenario);
  // A broken policy module is an error before anything starts.
  const policies = scenario.timeline !== undefined && scenario.timeline.length > 0 && scenario.policies.length > 0 ? [...(await loadPolicies(scenario)).values()] : [];
  emit({ type: 'runtime-starting', runtime: choice === 'auto' ? 'auto' : choice });
  let live = await open(choice, scenario, options.signal);
  emit({ type: 'runtime-started', runtime: live.topology.kind });
  const warnings: string[] = [];
  try {
    const primaryName = live.topology.nodes.find((n) => n.role === 'primary')?.name ?? 'primary';
    const versions = await readVersions(live.control.get(primaryName) as Redis, live.api);
    const calibrated = await calibrateReported({ api: live.api, topology: live.topology, links, direct: live.control, pings: scenario.calibrationPings, emit });
    const calibrations = calibrated.links;
    warnings.push(...calibrated.warnings);
    const result: TopologyResult = { topology: topologyLabel(live.topology.topology), nodes: nodesResult(live.topology), links: calibrations };
    const notMeasured = [PROXIES_NOTE];
    const reconcile: ReconcileEntry[] = [];
    let lossAgreed = true;
    const events = scenario.timeline ?? [];
    const rttMs = calibrations.find((c) => c.link === primaryName)?.requestedRttMs ?? 0;
    for (const workload of scenario.workloads) {
      const plan = buildPlan(workload, workload.commands[0] ?? 0, workload.valueBytes[0] ?? { minBytes: 0, maxBytes: 0 }, scenario.seed);
      for (const wait of scenario.replication?.wait ?? [null]) {
        const latency = createLatencyHistogram();
        const runs: FailoverRunFindings[] = [];
        for (let r = 0; r < scenario.repeat; r++) {
          if (options.signal?.aborted) throw interruptedError();
          if (runs.length > 0 || reconcile.length > 0) {
            await close(live);
            // The runtime the first run got (auto decides once), so every run is on the same kind.
            live = await open(live.topology.kind, scenario, options.signal);
            await reapplyLinks(live.api, calibrations);
          }
          const findings = await runFailover({ api: live.api, topology: live.topology, control: live.control, plan, wait, events, latency, ...(options.signal ? { signal: options.signal } : {}) });
          runs.push(findings);
          warnings.push(...findings.problems.map((p) => `${workload.label} / ${waitLabel(wait)} run ${r + 1}: ${p}`));
        }
        const latencyUs = latency.totalCount === 0 ? null : summarizeLatency(latency);
        latency.destroy();
        lossAgreed &&= lossAgrees(runs);
        reconcile.push(failoverRow({ workload: workload.label, wait, events, rttMs, runs, latency: latencyUs }));
      }
      // Each policy across the same timeline, `repeat` times, each run on a fresh topology like the lab writer's runs.
      for (const policy of policies) {
        const found = await repeatPolicy({
          repeat: scenario.repeat,
          ...(options.signal ? { signal: options.signal } : {}),
          once: async (_run, rowLatency) => {
            await close(live);
            live = await open(live.topology.kind, scenario, options.signal);
            await reapplyLinks(live.api, calibrations);
            return policyTimelineRow({ api: live.api, runtime: live.topology, policy, plan, workload: workload.label, events, rttMs, rowLatency, tags: scenario.reconcile.tags, ...(options.signal ? { signal: options.signal } : {}) });
          },
        });
        warnings.push(...found.problems.map((p) => `${workload.label} / ${policy.name}: ${p}`));
        lossAgreed &&= found.lossAgreed;
        reconcile.push(found.row);
      }
    }
    notMeasured.push('links of every failover run after the first carry the first calibration’s toxic settings, re-applied without measuring');
    const thresholds = evaluateThresholds(scenario.expect, [], reconcile);
    // Every row's runs agree as to loss.
    const runsPass = lossAgreed;
    return {
      resultVersion: 2,
      scenario: { name: scenario.name, description: scenario.description, ...(scenario.file ? { file: scenario.file } : {}) },
      runtime: live.topology.kind,
      versions,
      startedAt: startedAt.toISOString(),
      durationMs: performance.now() - startMs,
      seed: scenario.seed,
      calibration: [],
      configs: [],
      reconcile,
      thresholds,
      pass: runsPass && thresholds.every((t) => t.pass),
      warnings,
      notMeasured,
      topology: result,
    };
  } catch (error) {
    if (options.signal?.aborted) throw interruptedError();
    throw live.topology.lost.aborted ? live.topology.lost.reason : error;
  } finally {
    emit({ type: 'stopping' });
    await close(live);
    emit({ type: 'stopped' });
  }
};
