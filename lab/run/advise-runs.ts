// The batch-size advisor (issue 27, item 4): a config whose workload has `advise:` runs as a
// search over its pipeline depth. Each probe is the config's own run (the runner measureLink uses
// for every config) at one depth, `warmup` then `repeat` times; metrics/batch-advisor.ts judges
// the probe and picks the next depth. The config's result is its probe at the advised depth (or
// its last probe when no depth met the budgets), with the search in `advice`.

import { adviceOf, adviseProbeOf, destroyHistograms, nextAdviseProbe } from '../metrics/index.ts';
import type { AdviseProbe, Calibration, ConfigCell, ConfigResult } from '../contracts/index.ts';
import { newConfigRuns, toConfigResult, type ConfigRuns } from './result-assembly.ts';
import type { RunProbe } from './slo-runs.ts';

/** The cell of one probe: the same config at pipeline depth `batch`. */
const probeCell = (cell: ConfigCell, batch: number): ConfigCell => ({ ...cell, mode: { kind: 'pipeline', batch }, batch });

/** Runs the advisor's search of one config; its advice is kept on the config for toConfigResult. */
export const adviseBatch = async (config: ConfigRuns, calibration: readonly Calibration[], runProbe: RunProbe): Promise<void> => {
  const { cell } = config;
  const options = cell.workload.advise;
  if (options === undefined) throw new Error(`config ${cell.id} has no advise to search`);
  const ceiling = Math.min(options.upTo ?? cell.commands, cell.commands);
  const probes: AdviseProbe[] = [];
  const results = new Map<number, ConfigResult>();
  for (;;) {
    const step = nextAdviseProbe(options, cell.batch, ceiling, probes);
    if ('stopped' in step) {
      const advice = adviceOf(options.budgets, probes, step.stopped);
      const shown = results.get(advice.advisedBatch ?? probes.at(-1)?.batch ?? Number.NaN);
      config.advised = { advice, ...(shown === undefined ? {} : { result: shown }) };
      return;
    }
    const first = await runOnce(config, step.batch, calibration, runProbe);
    const firstProbe = adviseProbeOf(options.budgets, step.batch, first);
    if (firstProbe.met) {
      results.set(step.batch, first);
      probes.push(firstProbe);
      continue;
    }
    // A miss is believed only when it happens twice: one run stalled by the machine (a GC, a
    // neighbour's burst) would otherwise end the rise far below the budget's edge.
    const second = await runOnce(config, step.batch, calibration, runProbe);
    const secondProbe = adviseProbeOf(options.budgets, step.batch, second);
    results.set(step.batch, secondProbe.met ? second : first);
    probes.push(secondProbe.met ? { ...secondProbe, firstTry: { missed: firstProbe.missed } } : firstProbe);
  }
};

// One probe's runs at depth `batch`, as a config result.
const runOnce = async (config: ConfigRuns, batch: number, calibration: readonly Calibration[], runProbe: RunProbe): Promise<ConfigResult> => {
  const probe = newConfigRuns(probeCell(config.cell, batch), config.index);
  try {
    await runProbe(probe);
    return toConfigResult(probe, calibration);
  } finally {
    destroyHistograms([probe.histogram]);
  }
};
