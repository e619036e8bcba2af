// The rate an SLO allows (issue 26): a config whose arrival has `slo:` runs as a search. Each
// probe is the config's own open-loop run (the runner measureLink uses for every config) at one
// rate, `warmup` then `repeat` times; metrics/slo-search.ts judges the probe and picks the next
// rate; probe-search.ts runs the loop (a miss is believed when it happens twice). The config's
// result is its probe at the rate found (or its last probe when none met the objective), with
// the search in `slo`.

import { nextSloProbe, sloProbeOf, sloSearchOf } from '../metrics/index.ts';
import type { Calibration, ConfigCell, SloProbe } from '../contracts/index.ts';
import type { ConfigRuns } from './result-assembly.ts';
import { runProbeSearch, type RunProbe } from './probe-search.ts';

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
  const { probes, results, stopped } = await runProbeSearch(config, calibration, runProbe, {
    next: (sofar: readonly SloProbe[]) => {
      const step = nextSloProbe(options, arrival.ratePerSec, sofar);
      return 'stopped' in step ? step : { step: step.ratePerSec };
    },
    cellAt: (ratePerSec: number) => probeCell(config.cell, ratePerSec, forMs),
    judge: (ratePerSec, result) => sloProbeOf(options, ratePerSec, result),
    metOnSecondTry: (second, first) => ({ ...second, firstTry: { actual: first.actual, saturated: first.saturated } }),
    keyOf: (ratePerSec) => ratePerSec,
    onProbe,
  });
  const search = sloSearchOf(options, probes, stopped);
  const shown = results.get(search.foundPerSec ?? probes.at(-1)?.offeredPerSec ?? Number.NaN);
  config.searched = { search, ...(shown === undefined ? {} : { result: shown }) };
};
