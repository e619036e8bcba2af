// A policy row across a timeline, `repeat` times (issue 23 follow-up): each run on a fresh
// topology (the caller's `once` starts and stops it), every run's counts in `runCounts`, its
// p50/p99 in `runLatencyUs`, and per-write latency over every run in `latencyUs`. The row follows
// the lab writer's rule (failoverRow): counts, counter, examples and errors of the first run, the
// worst verdict, `consistent` when every run had the same counts, counter and verdict, and a
// reason when the runs disagree as to loss (the scenario then fails, as for the writer's rows).

import { interruptedError } from '../errors/index.ts';
import { createLatencyHistogram, summarizeLatency, type LatencyHistogram } from '../metrics/index.ts';
import type { ReconcileEntry } from '../contracts/index.ts';
import { fingerprint, lossAgrees, rowVerdict, runsNotes } from './topology-rows.ts';

export interface PolicyRun {
  row: ReconcileEntry;
  problems: string[];
}

/** Runs `once` `repeat` times (each adds its writes to the row's histogram) and merges the rows. */
export const repeatPolicy = async (input: {
  repeat: number;
  signal?: AbortSignal;
  once: (run: number, rowLatency: LatencyHistogram) => Promise<PolicyRun>;
}): Promise<PolicyRun & { lossAgreed: boolean }> => {
  const latency = createLatencyHistogram();
  try {
    const runs: PolicyRun[] = [];
    for (let r = 0; r < input.repeat; r++) {
      if (input.signal?.aborted) throw interruptedError();
      runs.push(await input.once(r, latency));
    }
    const rows = runs.map((r) => r.row);
    const problems = runs.flatMap((r, i) => (runs.length === 1 ? r.problems : r.problems.map((p) => `run ${i + 1}: ${p}`)));
    return { row: mergeRuns(rows, latency.totalCount === 0 ? null : summarizeLatency(latency)), problems, lossAgreed: lossAgrees(rows) };
  } finally {
    latency.destroy();
  }
};

/** One row of every run's row (each of one run). */
export const mergeRuns = (rows: readonly ReconcileEntry[], latencyUs: ReconcileEntry['latencyUs']): ReconcileEntry => {
  const first = rows[0];
  if (first === undefined) throw new Error('a policy row without runs');
  if (rows.length === 1) return first;
  const worst = rows.find((r) => r.verdict === 'UNSAFE') ?? first;
  return {
    ...first,
    runs: rows.length,
    consistent: rows.every((r) => r.consistent && fingerprint(r) === fingerprint(first)),
    faultObserved: rows.every((r) => r.faultObserved),
    verdict: rowVerdict(rows),
    reasons: [...worst.reasons, ...runsNotes(rows, worst === first)],
    timelines: rows.flatMap((r) => r.timelines ?? []),
    runCounts: rows.flatMap((r) => r.runCounts ?? []),
    runLatencyUs: rows.flatMap((r) => r.runLatencyUs ?? []),
    ...(latencyUs === undefined ? {} : { latencyUs }),
  };
};
