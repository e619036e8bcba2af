// The probe-search loop both searches share (lab/run/probe-search.ts): next step, run, judge, and a
// miss believed only when it happens twice. The runner is the caller's (here it counts the runs it
// was asked for); the search's arithmetic is a scripted one so each branch of the loop is seen.
import { describe, expect, it } from 'vitest';
import { runProbeSearch } from '../../../lab/run/probe-search.ts';
import { newConfigRuns, type ConfigRuns } from '../../../lab/run/result-assembly.ts';
import { expandMatrix, parseScenario } from '../../../lab/scenario/index.ts';

interface Probe {
  step: number;
  met: boolean;
  tries: number;
  firstMissed?: boolean;
}

const config = (): ConfigRuns => {
  const [cell] = expandMatrix(parseScenario('name: t\nworkload: {command: INCR, commands: 100}\nmodes: [pipeline:4]\n', 't.yaml'));
  if (cell === undefined) throw new Error('no cell');
  return newConfigRuns(cell, 0);
};

/** Steps 1, 2, 4, 8 then stop; `outcomes` says, per run in order, whether that run meets. */
const scripted = async (outcomes: boolean[]) => {
  const ran: { batch: number }[] = [];
  const told: number[] = [];
  let run = 0;
  const outcome = await runProbeSearch<number, Probe>(config(), [], async (probe) => {
    ran.push({ batch: probe.cell.batch });
  }, {
    next: (probes) => (probes.length >= 4 ? { stopped: `done after ${probes.length}` } : { step: 2 ** probes.length }),
    cellAt: (step) => ({ ...config().cell, batch: step }),
    judge: (step) => ({ step, met: outcomes[run++] ?? true, tries: 1 }),
    metOnSecondTry: (second) => ({ ...second, tries: 2, firstMissed: true }),
    keyOf: (step) => step,
    onProbe: (_probe, index) => told.push(index),
  });
  return { outcome, ran, told };
};

describe('runProbeSearch', () => {
  it('runs each step once while it meets, and stops with the arithmetic\'s reason', async () => {
    const { outcome, ran, told } = await scripted([true, true, true, true]);
    expect(ran.map((r) => r.batch)).toEqual([1, 2, 4, 8]);
    expect(outcome.probes.map((p) => [p.step, p.met, p.tries])).toEqual([[1, true, 1], [2, true, 1], [4, true, 1], [8, true, 1]]);
    expect([...outcome.results.keys()]).toEqual([1, 2, 4, 8]);
    expect(outcome.stopped).toBe('done after 4');
    expect(told).toEqual([0, 1, 2, 3]);
  });

  it('runs a miss again; a second try that meets is kept (noting the first), a second miss is believed', async () => {
    // step 1 met; step 2 missed then met; step 4 missed twice; step 8 met.
    const { outcome, ran } = await scripted([true, false, true, false, false, true]);
    expect(ran.map((r) => r.batch)).toEqual([1, 2, 2, 4, 4, 8]);
    expect(outcome.probes.map((p) => [p.step, p.met, p.tries, p.firstMissed ?? false])).toEqual([[1, true, 1, false], [2, true, 2, true], [4, false, 1, false], [8, true, 1, false]]);
    expect(outcome.results.size).toBe(4);
  });
});
