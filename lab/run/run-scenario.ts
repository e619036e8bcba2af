// The library's main entry: run a scenario end to end and return a plain LabResult.
// Start (or borrow) a runtime, measure every link shape in turn, model, judge thresholds,
// and leave nothing running that this call started, whatever happens.

import { closeClient, connectClient } from '../client/index.ts';
import { interruptedError } from '../errors/index.ts';
import { calibrationWithinTolerance, applyLink, ToxiproxyApi } from '../network/index.ts';
import { destroyHistograms, evaluateThresholds, fillModel, spreadWarnings } from '../metrics/index.ts';
import { startRuntime, type RuntimeChoice, type StartedRuntime } from '../runtime/index.ts';
import { expandMatrix } from '../scenario/index.ts';
import type { Scenario } from '../contracts/index.ts';
import { newConfigRuns, toConfigResult, type ConfigRuns } from './config-runs.ts';
import { measureLink } from './measure-link.ts';
import { runFaultCells } from './fault-runs.ts';
import { RunClients } from './run-clients.ts';
import { linkShapeKey } from './link-shape.ts';
import { notMeasured } from './not-measured.ts';
import type { ProgressListener } from '../contracts/index.ts';
import type { Calibration, LabResult, ReconcileEntry } from '../contracts/index.ts';
import { readVersions } from './versions.ts';

export interface RunScenarioOptions {
  /** A runtime to start (default `auto`), or one already started, which is left running. */
  runtime?: RuntimeChoice | StartedRuntime;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

// Configs grouped by link shape, in matrix order (direct first), so each link is set up once.
const groupByLink = (configs: ConfigRuns[]): ConfigRuns[][] => {
  const groups = new Map<string, ConfigRuns[]>();
  const keyOf = ({ cell }: ConfigRuns) => (cell.link === 'direct' ? 'direct' : linkShapeKey(cell));
  for (const config of [...configs].sort((a, b) => Number(b.cell.link === 'direct') - Number(a.cell.link === 'direct'))) {
    groups.set(keyOf(config), [...(groups.get(keyOf(config)) ?? []), config]);
  }
  return [...groups.values()];
};

export const runScenario = async (scenario: Scenario, options: RunScenarioOptions = {}): Promise<LabResult> => {
  const emit: ProgressListener = options.onProgress ?? (() => undefined);
  const given = typeof options.runtime === 'object' ? options.runtime : undefined;
  const choice = typeof options.runtime === 'string' ? options.runtime : 'auto';
  if (!given) emit({ type: 'runtime-starting', runtime: choice });
  const runtime = given ?? (await startRuntime(choice, { ...(options.signal ? { signal: options.signal } : {}) }));
  if (!given && options.signal?.aborted) {
    await runtime.stop();
    throw interruptedError();
  }
  if (!given) emit({ type: 'runtime-started', runtime: runtime.kind, ...(runtime.images ? { images: runtime.images } : {}) });
  try {
    return await measureScenario(scenario, runtime, emit, options.signal);
  } catch (error) {
    // An abort drops connections, so whatever was in flight (a run, a calibration PING)
    // fails with a connection error: report the abort, not its side effect.
    throw options.signal?.aborted ? interruptedError() : error;
  } finally {
    if (!given) {
      emit({ type: 'stopping' });
      await runtime.stop();
      emit({ type: 'stopped' });
    }
  }
};

const measureScenario = async (scenario: Scenario, runtime: StartedRuntime, emit: ProgressListener, signal?: AbortSignal): Promise<LabResult> => {
  const startedAt = new Date();
  const startMs = performance.now();
  const api = new ToxiproxyApi(runtime.toxiproxyApiUrl);
  const direct = await connectClient(runtime.redisDirect, 'direct');
  const configs = expandMatrix(scenario).map((cell, index) => newConfigRuns(cell, index));
  const clients = new RunClients({ proxied: runtime.proxied, direct: runtime.redisDirect }, signal);
  try {
    const proxied = await connectClient(runtime.proxied, 'through the proxy');
    // Ctrl-C must not wait for a long sync run: dropping the connection ends it at once.
    const dropOnAbort = () => proxied.disconnect();
    signal?.addEventListener('abort', dropOnAbort, { once: true });
    try {
      const versions = await readVersions(direct, api);
      const calibration: Calibration[] = [];
      let reconcile: ReconcileEntry[] | undefined;
      if (scenario.faults.length > 0) {
        const faultCtx = { scenario, api, proxyName: runtime.proxyName, proxiedEndpoint: runtime.proxied, direct, proxied, emit, ...(signal ? { signal } : {}) };
        const found = await runFaultCells(faultCtx);
        calibration.push(...found.calibration);
        reconcile = found.entries;
      } else {
        const ctx = { scenario, api, proxyName: runtime.proxyName, direct, proxied, clients, total: configs.length, emit, ...(signal ? { signal } : {}) };
        for (const group of groupByLink(configs)) {
          const measured = await measureLink(ctx, group);
          if (measured !== undefined) calibration.push(measured);
        }
        await applyLink(api, runtime.proxyName, { rttMs: 0, jitterMs: 0 });
      }

      const results = scenario.faults.length > 0 ? [] : configs.map((c) => toConfigResult(c));
      fillModel(results, calibration);
      for (const config of results) emit({ type: 'config-done', config });
      const thresholds = evaluateThresholds(scenario.expect, results, reconcile);
      const warnings = [
        ...calibration
          .filter((c) => !calibrationWithinTolerance(c))
          .map((c) => `rtt ${c.requestedRttMs} ms: the link added ${c.addedMs.toFixed(2)} ms, outside the 0.5 ms / 10 % tolerance (Toxiproxy latency is whole ms per direction)`),
        ...spreadWarnings(results),
        ...(reconcile ?? []).filter((e) => !e.consistent).map((e) => `${e.id}: repeated runs found different counts`),
      ];
      const runsPass = results.every((c) => c.errors === 0 && c.medianMs !== null);
      return {
        scenario: { name: scenario.name, description: scenario.description, ...(scenario.file ? { file: scenario.file } : {}) },
        runtime: runtime.kind,
        ...(runtime.images ? { images: runtime.images } : {}),
        versions,
        startedAt: startedAt.toISOString(),
        durationMs: performance.now() - startMs,
        seed: scenario.seed,
        calibration,
        configs: results,
        ...(reconcile ? { reconcile } : {}),
        thresholds,
        pass: runsPass && thresholds.every((t) => t.pass),
        warnings,
        notMeasured: notMeasured(scenario),
      };
    } finally {
      signal?.removeEventListener('abort', dropOnAbort);
      await closeClient(proxied);
    }
  } finally {
    await closeClient(direct);
    destroyHistograms(configs.map((c) => c.histogram));
  }
};
