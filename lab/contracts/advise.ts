// The batch-size advisor (issue 27, item 4): a closed-loop command workload with `advise:` searches
// its pipeline depth B for the size with the most throughput within a latency and memory budget
// (seed 001: "choose the batch size from a budget, not as big as possible"); an open-loop request
// workload with a window batcher (`batch: {window: W, size: B}`) searches the window's size B at
// its fixed W. Each probe is one ordinary run of the config at one size; the search doubles (or
// halves) from the scenario's B, then bisects between the best size that met every budget and the
// first that missed one. docs/batch-advisor.md. Plain data.

/** What a search varies: a pipeline's depth, or the size of a window batcher (its window fixed). */
export type AdviseTarget = 'pipeline-depth' | 'window-size';

/** The budgets a size must meet; at least one is set. */
export interface AdviseBudgets {
  /** `request-p99`, µs: pipeline depth, the batch's round trip (send B commands, read B replies),
   * 99th percentile; window size, the request's latency from its scheduled arrival (the wait to
   * fill its batch included), 99th percentile. */
  requestP99Us?: number;
  /** `client-memory`: the client's V8 heap growth during a run's timed span, bytes. */
  clientMemoryBytes?: number;
  /** `server-output-buffer`: the replies of one batch, bytes (pipeline depth: B commands; window
   * size: the largest batch the window sent). */
  serverOutputBufferBytes?: number;
}

/** The budget names as scenarios, tables and probes write them. */
export const ADVISE_BUDGETS = ['request-p99', 'client-memory', 'server-output-buffer'] as const;
export type AdviseBudget = (typeof ADVISE_BUDGETS)[number];

export interface AdviseOptions {
  budgets: AdviseBudgets;
  /** Largest depth tried (`up-to:`, default the workload's commands: one batch holds all). */
  upTo: number | null;
  /** The search stops once the best size meeting the budgets and the first missing one are within this fraction (0.1: 10 %). */
  within: number;
  /** Most probes (runs at one depth) one search makes. */
  maxProbes: number;
}

/** Defaults of `advise:`: sizes doubled, a 10 % resolution, at most 12 probes; sizes whose
 * throughput is within 5 % of the best count as ties and the smallest of them is advised. */
export const ADVISE_DEFAULTS = { factor: 2, within: 0.1, maxProbes: 12, tie: 0.05 } as const;

/** One depth the search tried, with the figures that judged it. */
export interface AdviseProbe {
  batch: number;
  /** Commands per second at the median run; null: no verified run. */
  opsPerSec: number | null;
  /** Pipeline depth: the batch's round trip, 99th percentile, µs (a pipeline command's latency is
   * its batch's time). Window size: the request's latency from its scheduled arrival, p99, µs. */
  requestP99Us: number | null;
  /** Largest V8 heap growth above a run's start during its timed span, bytes (measured). */
  clientMemoryBytes: number | null;
  /** Reply bytes of one batch of `batch` commands: the server's total_net_output_bytes growth per
   * command over the runs, times the depth (estimated from measured bytes: the most the server's
   * output buffer can hold for a client that waits for every reply before it sends again). */
  serverOutputBufferBytes: number | null;
  /** INFO client_recent_max_output_buffer after the runs: the server's own sample of its largest
   * output buffer (taken by its clientsCron, so short peaks can be missed); shown, not judged. */
  sampledOutputBufferBytes: number | null;
  /** The budgets this probe missed (an unmeasured figure misses its budget). */
  missed: AdviseBudget[];
  met: boolean;
  verifiedRuns: number;
  runs: number;
  /** A miss is run again once before the search believes it: the first try's misses when the second met every budget. */
  firstTry?: { missed: AdviseBudget[] };
  /** Window size only: the mean wait of a request for its batch to leave, µs, and the batches'
   * mean size in commands (measured over the verified runs). */
  meanWaitUs?: number | null;
  meanBatchCommands?: number | null;
}

/** The advice, on the config it searched (its other figures are those of the advised size). */
export interface BatchAdvice {
  /** What was searched: `pipeline-depth` (modes: [pipeline:B]) or `window-size` (batch: {window,
   * size}); absent in results written before window sizes were advised (a pipeline depth). */
  target?: AdviseTarget;
  /** Window size only: the window W every probe kept, ms. */
  windowMs?: number;
  budgets: AdviseBudgets;
  /** The depths tried, in the order they ran. */
  probes: AdviseProbe[];
  /** The size with the most throughput among those meeting every budget; ties within 5 %: the
   * smallest depth, or the largest window size (fewest batches: at a rate the client keeps up
   * with every size ties); null: no size met them. */
  advisedBatch: number | null;
  advisedOpsPerSec: number | null;
  /** The smallest depth above the advised one that missed a budget; null: none did. */
  firstMissedBatch: number | null;
  /** Why the search stopped, in words. */
  stopped: string;
}
