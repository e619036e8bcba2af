// The batch-size advisor (issue 27, item 4), the search's arithmetic: which pipeline depth to probe
// next, given the probes so far, and what a probe's config says about the budgets. Pure: the
// runner runs each probe (one ordinary run of the config at one depth) and asks again.
// docs/batch-advisor.md.
//
// Rise: from the first depth, double while the largest depth probed meets every budget and the
// throughput peak is not passed (two met depths above the fastest, both more than 5 % slower),
// up to the ceiling; when the first already misses, halve until one meets. Refine: between the advised depth (the
// most throughput within the budgets) and the next depth probed above it (the first that missed,
// when throughput rises up to the budget's edge), probe the geometric mean until the two are
// within `within` of each other or one apart.
//
// Window size (`batch: {window, size}` on an open-loop request workload): the same search over B
// with W fixed. In an open-loop run every size the client keeps up with reaches the offered rate,
// so sizes tie on throughput; among ties the largest is advised (fewest batches per command, the
// saving a batcher exists for) where a pipeline depth's smallest is.

import { ADVISE_DEFAULTS, runCounts, type AdviseBudget, type AdviseBudgets, type AdviseOptions, type AdviseProbe, type AdviseTarget, type BatchAdvice, type ConfigResult } from '../contracts/index.ts';

/** The next depth to probe, or why the search is over. */
type AdviseStep = { batch: number } | { stopped: string };

/** A probe's figures from its config result at `batch` (a pipeline depth, or a window's size), judged against the budgets. */
export const adviseProbeOf = (budgets: AdviseBudgets, batch: number, config: ConfigResult, target: AdviseTarget = 'pipeline-depth'): AdviseProbe => {
  const info = config.serverInfo;
  const measuredRuns = config.runs.length;
  // On a cluster a window batch's keys share one hash tag, so one primary owes every batch's
  // replies: the busiest primary's bytes, not the sum over the primaries.
  const outputBytes = info === null ? null : (info.busiestNodeNetOutputBytes ?? info.netOutputBytes);
  const perCommand = outputBytes === null || measuredRuns === 0 || config.commands === 0 ? null : outputBytes / (measuredRuns * config.commands);
  // A window's batch holds what arrived in time, up to B: the largest batch it sent owes the most replies.
  const batching = target === 'window-size' ? config.batching : undefined;
  const batchCommands = batching === undefined ? batch : batching.maxBatchCommands;
  const figures = {
    opsPerSec: config.opsPerSec,
    requestP99Us: (target === 'window-size' ? config.requestLatencyUs?.p99 : config.latencyUs?.p99) ?? null,
    clientMemoryBytes: config.clientHeapGrowthBytes,
    serverOutputBufferBytes: perCommand === null || batchCommands === null ? null : Math.round(perCommand * batchCommands),
    sampledOutputBufferBytes: info?.clientRecentMaxOutputBufferBytes ?? null,
  };
  const missed = missedBudgets(budgets, figures);
  const verifiedRuns = config.runs.filter(runCounts).length;
  const window = batching === undefined ? {} : { meanWaitUs: batching.meanWaitUs, meanBatchCommands: batching.meanBatchCommands };
  return { batch, ...figures, missed, met: missed.length === 0 && verifiedRuns > 0 && figures.opsPerSec !== null, verifiedRuns, runs: config.runs.length, ...window };
};

/** The budgets a probe's figures miss; a figure that was not measured misses its budget. */
export const missedBudgets = (budgets: AdviseBudgets, f: Pick<AdviseProbe, 'requestP99Us' | 'clientMemoryBytes' | 'serverOutputBufferBytes'>): AdviseBudget[] => {
  const over = (bound: number | undefined, actual: number | null): boolean => bound !== undefined && (actual === null || actual > bound);
  const missed: AdviseBudget[] = [];
  if (over(budgets.requestP99Us, f.requestP99Us)) missed.push('request-p99');
  if (over(budgets.clientMemoryBytes, f.clientMemoryBytes)) missed.push('client-memory');
  if (over(budgets.serverOutputBufferBytes, f.serverOutputBufferBytes)) missed.push('server-output-buffer');
  return missed;
};

/** The advised probe: the most throughput among those meeting every budget; sizes within the
 * tie fraction of the best count as ties. A pipeline depth advises the smallest of them (less
 * latency and memory for no measurable throughput), a window size the largest (fewest batches:
 * an open-loop run's sizes tie at the offered rate, and the budgets bound the wait). Undefined: none met. */
export const advisedProbe = (probes: readonly AdviseProbe[], target: AdviseTarget = 'pipeline-depth'): AdviseProbe | undefined => {
  const met = probes.filter((p): p is AdviseProbe & { opsPerSec: number } => p.met && p.opsPerSec !== null);
  if (met.length === 0) return undefined;
  const best = Math.max(...met.map((p) => p.opsPerSec));
  const sign = target === 'window-size' ? -1 : 1;
  return met.filter((p) => p.opsPerSec >= best * (1 - ADVISE_DEFAULTS.tie)).sort((a, b) => sign * (a.batch - b.batch))[0];
};

// The smallest depth probed above `batch`, of any outcome.
const nextAbove = (probes: readonly AdviseProbe[], batch: number): AdviseProbe | undefined =>
  probes.filter((p) => p.batch > batch).sort((a, b) => a.batch - b.batch)[0];

/** The next depth to probe (the first: `start`, at most `ceiling`), or why the search stops. */
export const nextAdviseProbe = (
  options: Pick<AdviseOptions, 'within' | 'maxProbes'>,
  start: number,
  ceiling: number,
  probes: readonly AdviseProbe[],
  target: AdviseTarget = 'pipeline-depth',
): AdviseStep => {
  const clamp = (b: number): number => Math.min(ceiling, Math.max(1, Math.round(b)));
  if (probes.length === 0) return { batch: clamp(start) };
  const advised = advisedProbe(probes, target);
  if (advised === undefined) {
    const smallest = Math.min(...probes.map((p) => p.batch));
    if (smallest <= 1) return { stopped: 'no size meets the budgets: missed even at 1' };
    if (probes.length >= options.maxProbes) return { stopped: `no size meets the budgets down to ${smallest} (probe limit: ${options.maxProbes} probes)` };
    return { batch: clamp(smallest / ADVISE_DEFAULTS.factor) };
  }
  // Rise while the largest depth probed met the budgets and the throughput peak is not believed
  // passed: that takes two met depths above the fastest, both slower than it beyond the tie (one
  // short probe's throughput is noisy; a single dip must not end the rise).
  const top = probes.reduce((a, b) => (b.batch > a.batch ? b : a));
  const fastest = probes.filter((p) => p.met).reduce((a, b) => ((b.opsPerSec ?? 0) > (a.opsPerSec ?? 0) ? b : a));
  const slowerAbove = probes.filter((p) => p.met && p.batch > fastest.batch && (p.opsPerSec ?? 0) < (fastest.opsPerSec ?? 0) * (1 - ADVISE_DEFAULTS.tie));
  if (top.met && slowerAbove.length < 2 && top.batch < ceiling) {
    if (probes.length >= options.maxProbes) return { stopped: `probe limit: ${options.maxProbes} probes` };
    return { batch: clamp(top.batch * ADVISE_DEFAULTS.factor) };
  }
  const upper = nextAbove(probes, advised.batch);
  if (upper === undefined) return { stopped: `met up to the ceiling of ${ceiling}` };
  const what = upper.met ? `slower at ${upper.batch}` : `missed at ${upper.batch}`;
  if (upper.batch <= advised.batch * (1 + options.within) || upper.batch - advised.batch <= 1) {
    return { stopped: `refined: ${advised.batch}, ${what} (within ${Math.round(options.within * 100)} %)` };
  }
  if (probes.length >= options.maxProbes) return { stopped: `probe limit: ${options.maxProbes} probes` };
  const next = clamp(Math.sqrt(advised.batch * upper.batch));
  if (next <= advised.batch || next >= upper.batch || probes.some((p) => p.batch === next)) return { stopped: `refined: ${advised.batch}, ${what}` };
  return { batch: next };
};

/** The advice from the probes and why the search stopped (`windowMs`: the window a window size kept). */
export const adviceOf = (budgets: AdviseBudgets, probes: readonly AdviseProbe[], stopped: string, window: { windowMs: number } | null = null): BatchAdvice => {
  const target: AdviseTarget = window === null ? 'pipeline-depth' : 'window-size';
  const advised = advisedProbe(probes, target);
  const missedAbove = probes.filter((p) => !p.met && (advised === undefined || p.batch > advised.batch)).sort((a, b) => a.batch - b.batch)[0];
  return {
    target,
    ...(window === null ? {} : { windowMs: window.windowMs }),
    budgets: { ...budgets },
    probes: [...probes],
    advisedBatch: advised?.batch ?? null,
    advisedOpsPerSec: advised?.opsPerSec ?? null,
    firstMissedBatch: missedAbove?.batch ?? null,
    stopped,
  };
};
