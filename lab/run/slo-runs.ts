// The rate an SLO allows (issue 26): a config whose arrival has `slo:` runs as a search. Each
// probe is the config's own open-loop run (the runner measureLink uses for every config) at one
// rate, `warmup` then `repeat` times; metrics/slo-search.ts judges the probe and picks the next
// rate. The config's result is its probe at the rate found (or its last probe when none met the
// objective), with the search in `slo`.

import { destroyHistograms, nextSloProbe, sloProbeOf, sloSearchOf } from '../metrics/index.ts';
import type { Calibration, ConfigCell, ConfigResult, SloProbe } from '../contracts/index.ts';
import { newConfigRuns, toConfigResult, type ConfigRuns } from './result-assembly.ts';

/** One probe: the config's cell at another rate, its runs measured by the caller's runner. */
export type RunProbe = (probe: ConfigRuns) => Promise<void>;

/** The cell of one probe: the same config with `ratePerSec` offered over the arrival's schedule. */
const probeCell = (cell: ConfigCell, ratePerSec: number, forMs: number): ConfigCell => {
  const arrival = cell.arrival;
  if (arrival === undefined) throw new Error(`config ${cell.id} has no arrival to search`);
  const requests = Math.max(1, Math.round((ratePerSec * forMs) / 1000));
  return { ...cell, commands: requests, arrival: { ...arrival, ratePerSec, requests } };
};

/** Told of each probe once it is judged (0-based position in the search). */
export type OnProbe = (probe: SloProbe, probeIndex: number) => void;

/** Runs the search of one config; its result (with `slo`) is kept on the config for toConfigResult. */
export const searchRate = async (config: ConfigRuns, calibration: readonly Calibration[], runProbe: RunProbe, onProbe: OnProbe = () => undefined): Promise<void> => {
  const arrival = config.cell.arrival;
  const options = arrival?.slo;
  if (arrival === undefined || options === undefined) throw new Error(`config ${config.cell.id} has no slo to search`);
  // The schedule's length as the scenario set it (for): requests = first rate x for.
  const forMs = (arrival.requests / arrival.ratePerSec) * 1000;
  const probes: SloProbe[] = [];
  const results = new Map<number, ConfigResult>();
  for (;;) {
    const step = nextSloProbe(options, arrival.ratePerSec, probes);
    if ('stopped' in step) {
      const search = sloSearchOf(options, probes, step.stopped);
      const shown = results.get(search.foundPerSec ?? probes.at(-1)?.offeredPerSec ?? Number.NaN);
      config.searched = { search, ...(shown === undefined ? {} : { result: shown }) };
      return;
    }
    const first = await runOnce(config, step.ratePerSec, forMs, calibration, runProbe);
    const firstProbe = sloProbeOf(options, step.ratePerSec, first);
    if (firstProbe.met) {
      results.set(step.ratePerSec, first);
      probes.push(firstProbe);
      onProbe(firstProbe, probes.length - 1);
      continue;
    }
    // A miss is believed only when it happens twice: one probe stalled by the machine (a GC, a
    // neighbour's burst) would otherwise close the bracket far below the real rate.
    const second = await runOnce(config, step.ratePerSec, forMs, calibration, runProbe);
    const secondProbe = sloProbeOf(options, step.ratePerSec, second);
    results.set(step.ratePerSec, secondProbe.met ? second : first);
    const judged = secondProbe.met ? { ...secondProbe, firstTry: { actual: firstProbe.actual, saturated: firstProbe.saturated } } : firstProbe;
    probes.push(judged);
    onProbe(judged, probes.length - 1);
  }
};

// One probe's runs at `ratePerSec`, as a config result.
const runOnce = async (config: ConfigRuns, ratePerSec: number, forMs: number, calibration: readonly Calibration[], runProbe: RunProbe): Promise<ConfigResult> => {
  const probe = newConfigRuns(probeCell(config.cell, ratePerSec, forMs), config.index);
  try {
    await runProbe(probe);
    return toConfigResult(probe, calibration);
  } finally {
    destroyHistograms([probe.histogram]);
  }
};
