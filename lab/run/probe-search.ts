// The probe search both searches share (the rate an SLO allows, slo-runs.ts; the batch size a
// budget allows, advise-runs.ts): ask the search's arithmetic for the next step, run the config
// at that step, judge the run, and believe a miss only when it happens twice. The arithmetic
// (metrics/slo-search.ts, metrics/batch-advisor.ts) stays pure; this is the loop around it.

import { destroyHistograms } from '../metrics/index.ts';
import type { Calibration, ConfigCell, ConfigResult } from '../contracts/index.ts';
import { newConfigRuns, toConfigResult, type ConfigRuns } from './result-assembly.ts';

/** One probe: the config's cell changed at one step, its runs measured by the caller's runner. */
export type RunProbe = (probe: ConfigRuns) => Promise<void>;

/** What one search supplies: its arithmetic, its probe cells and its judge. */
export interface ProbeSearch<Step, Probe extends { met: boolean }> {
  /** The next step, or why the search is over, from the probes judged so far. */
  next: (probes: readonly Probe[]) => { step: Step } | { stopped: string };
  /** The config's cell at `step`. */
  cellAt: (step: Step) => ConfigCell;
  /** A probe's run judged. */
  judge: (step: Step, result: ConfigResult) => Probe;
  /** The probe kept when a miss met on its second try: the second, noting the first. */
  metOnSecondTry: (second: Probe, first: Probe) => Probe;
  /** The key a probe's result is kept under (the step's number). */
  keyOf: (step: Step) => number;
  /** Told of each probe once it is judged (0-based position in the search). */
  onProbe?: (probe: Probe, probeIndex: number) => void;
}

/** The probes in the order they ran, each step's result (the met try when there were two), and why the search stopped. */
export interface ProbeSearchOutcome<Probe> {
  probes: Probe[];
  results: Map<number, ConfigResult>;
  stopped: string;
}

/** Runs a search on `config`: next step, run, judge, and a miss run once more before it is believed. */
export const runProbeSearch = async <Step, Probe extends { met: boolean }>(
  config: ConfigRuns,
  calibration: readonly Calibration[],
  runProbe: RunProbe,
  search: ProbeSearch<Step, Probe>,
): Promise<ProbeSearchOutcome<Probe>> => {
  const probes: Probe[] = [];
  const results = new Map<number, ConfigResult>();
  const keep = (probe: Probe): void => {
    probes.push(probe);
    search.onProbe?.(probe, probes.length - 1);
  };
  for (;;) {
    const next = search.next(probes);
    if ('stopped' in next) return { probes, results, stopped: next.stopped };
    const cell = search.cellAt(next.step);
    const key = search.keyOf(next.step);
    const first = await runOnce(config, cell, calibration, runProbe);
    const firstProbe = search.judge(next.step, first);
    if (firstProbe.met) {
      results.set(key, first);
      keep(firstProbe);
      continue;
    }
    // A miss is believed only when it happens twice: one run stalled by the machine (a GC, a
    // neighbour's burst) would otherwise end the search far below the real edge.
    const second = await runOnce(config, cell, calibration, runProbe);
    const secondProbe = search.judge(next.step, second);
    results.set(key, secondProbe.met ? second : first);
    keep(secondProbe.met ? search.metOnSecondTry(secondProbe, firstProbe) : firstProbe);
  }
};

// One probe's runs at `cell`, as a config result.
const runOnce = async (config: ConfigRuns, cell: ConfigCell, calibration: readonly Calibration[], runProbe: RunProbe): Promise<ConfigResult> => {
  const probe = newConfigRuns(cell, config.index);
  try {
    await runProbe(probe);
    return toConfigResult(probe, calibration);
  } finally {
    destroyHistograms([probe.histogram]);
  }
};
