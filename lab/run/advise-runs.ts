// The batch-size advisor (issue 27, item 4): a config whose workload has `advise:` runs as a
// search over its batch size: a command workload's pipeline depth, or an open-loop request
// workload's window size B (`batch: {window: W, size: B}`, W kept). Each probe is the config's own
// run (the runner measureLink uses for every config) at one size, `warmup` then `repeat` times;
// metrics/batch-advisor.ts judges the probe and picks the next size; probe-search.ts runs the loop
// (a miss is believed when it happens twice). The config's result is its probe at the advised size
// (or its last probe when no size met the budgets), with the search in `advice`.

import { adviceOf, adviseProbeOf, nextAdviseProbe } from '../metrics/index.ts';
import { commandsPerRequest, type AdviseProbe, type AdviseTarget, type Calibration, type ConfigCell } from '../contracts/index.ts';
import { BATCH_SIZE } from '../scenario/batch.ts';
import type { ConfigRuns } from './result-assembly.ts';
import { runProbeSearch, type RunProbe } from './probe-search.ts';

/** What a config's search varies, from its first size up to its ceiling. */
interface AdviseSpace {
  target: AdviseTarget;
  start: number;
  ceiling: number;
  /** The config's cell at size `batch`. */
  cellAt: (batch: number) => ConfigCell;
  windowMs: number | null;
}

/** Commands one request sends on average (a mix: weighted by kind). */
const meanCommandsPerRequest = (cell: ConfigCell): number => {
  const kinds = cell.workload.request?.kinds ?? [];
  const weight = kinds.reduce((sum, k) => sum + k.weight, 0);
  const commands = kinds.reduce((sum, k) => sum + k.weight * commandsPerRequest(k), 0);
  return weight === 0 ? 1 : commands / weight;
};

/** A pipeline depth from the mode's B up to `up-to` (default: the workload's commands); a window
 * size from the batcher's B up to `up-to` and what one window gathers at the offered rate (a
 * larger B never fills before the timer flushes, so it changes nothing). */
const adviseSpace = (cell: ConfigCell, upTo: number | null): AdviseSpace => {
  const batcher = cell.arrival?.batcher;
  if (cell.arrival === undefined || batcher === undefined) {
    return { target: 'pipeline-depth', start: cell.batch, ceiling: Math.min(upTo ?? cell.commands, cell.commands), windowMs: null, cellAt: (batch) => ({ ...cell, mode: { kind: 'pipeline', batch }, batch }) };
  }
  if (batcher.kind !== 'window') throw new Error(`config ${cell.id}: advise: searches a window batcher's size, not batch: ${batcher.kind}`);
  const arrival = cell.arrival;
  const fills = Math.ceil((batcher.windowMs / 1000) * arrival.ratePerSec * meanCommandsPerRequest(cell));
  const ceiling = Math.max(1, Math.min(upTo ?? fills, fills, BATCH_SIZE.max));
  return {
    target: 'window-size',
    start: batcher.size,
    ceiling,
    windowMs: batcher.windowMs,
    cellAt: (size) => ({ ...cell, arrival: { ...arrival, batcher: { ...batcher, size } } }),
  };
};

/** Runs the advisor's search of one config; its advice is kept on the config for toConfigResult. */
export const adviseBatch = async (config: ConfigRuns, calibration: readonly Calibration[], runProbe: RunProbe): Promise<void> => {
  const { cell } = config;
  const options = cell.workload.advise;
  if (options === undefined) throw new Error(`config ${cell.id} has no advise to search`);
  const space = adviseSpace(cell, options.upTo);
  const { probes, results, stopped } = await runProbeSearch(config, calibration, runProbe, {
    next: (sofar: readonly AdviseProbe[]) => {
      const step = nextAdviseProbe(options, space.start, space.ceiling, sofar, space.target);
      return 'stopped' in step ? step : { step: step.batch };
    },
    cellAt: space.cellAt,
    judge: (batch, result) => adviseProbeOf(options.budgets, batch, result, space.target),
    metOnSecondTry: (second, first) => ({ ...second, firstTry: { missed: first.missed } }),
    keyOf: (batch) => batch,
  });
  const advice = adviceOf(options.budgets, probes, stopped, space.windowMs === null ? null : { windowMs: space.windowMs });
  const shown = results.get(advice.advisedBatch ?? probes.at(-1)?.batch ?? Number.NaN);
  config.advised = { advice, ...(shown === undefined ? {} : { result: shown }) };
};
