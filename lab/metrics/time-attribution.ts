// Where a config's time went. Each measured run records what it cost besides its wall time:
// the client's CPU over the timed span, the server's time in the workload's commands (INFO
// commandstats usec) and the bytes each way (INFO net counters). With the link's calibration,
// a run's wall time splits into
//
//   link wait      waits x (proxied PING - direct PING): round trips spent waiting on the link
//   server         the server executing the workload's commands
//   client CPU     the client process's CPU (user + system, all threads)
//   bandwidth cap  each capped direction's bytes / its rate, added
//   unexplained    whatever is left: never hidden, negative when the parts overlap
//
// The parts can overlap (the client encodes the next batch while one is in flight; under a cap
// a batch's upload can overlap earlier replies), so they are an account, not a partition. The
// config reports the breakdown of its median run and how much the parts explained in each run.
// Pure: it judges the figures it is given.

import type { Bandwidth, TimeAttribution } from '../contracts/index.ts';

/** What one measured run cost besides its wall time. */
export interface RunCosts {
  order: number;
  wallMs: number;
  clientCpuMs: number;
  serverMs: number;
  bytesUp: number;
  bytesDown: number;
}

/** The link a config ran on: its round trips and what each added, and its caps. */
export interface LinkCosts {
  waits: number;
  /** Proxied PING minus direct PING at this link (0 for the direct link; null: not calibrated). */
  addedRttMs: number | null;
  bandwidth: Bandwidth;
}

// Bytes over a cap in KB/s (KB = 1000 bytes) as ms: bytes / (KBps x 1000) s = bytes / KBps ms.
const capMs = (bytes: number, kbps: number | null): number => (kbps === null || kbps <= 0 ? 0 : bytes / kbps);

const capped = (bw: Bandwidth): boolean => bw.upKBps !== null || bw.downKBps !== null;

/** One run's breakdown (without the spread over runs). */
const attributeRun = (run: RunCosts, link: LinkCosts): Omit<TimeAttribution, 'explainedPctMin' | 'explainedPctMax' | 'runs'> => {
  const linkWaitMs = link.addedRttMs === null ? null : link.waits * Math.max(0, link.addedRttMs);
  const bandwidthCapMs = capped(link.bandwidth) ? capMs(run.bytesUp, link.bandwidth.upKBps) + capMs(run.bytesDown, link.bandwidth.downKBps) : null;
  const explainedMs = (linkWaitMs ?? 0) + run.serverMs + run.clientCpuMs + (bandwidthCapMs ?? 0);
  const unexplainedMs = run.wallMs - explainedMs;
  return {
    runOrder: run.order,
    wallMs: run.wallMs,
    linkWaitMs,
    serverMs: run.serverMs,
    clientCpuMs: run.clientCpuMs,
    bytesUp: run.bytesUp,
    bytesDown: run.bytesDown,
    bandwidthCapMs,
    unexplainedMs,
    explainedPct: run.wallMs > 0 ? (explainedMs / run.wallMs) * 100 : 0,
  };
};

/** The breakdown of the median run (the lower middle of an even count) of the verified runs
 * given, with the explained share's min-max over all of them; undefined for no runs. */
export const attributeTime = (runs: readonly RunCosts[], link: LinkCosts): TimeAttribution | undefined => {
  if (runs.length === 0) return undefined;
  const sorted = [...runs].sort((a, b) => a.wallMs - b.wallMs);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] as RunCosts;
  const shares = runs.map((run) => attributeRun(run, link).explainedPct);
  return {
    ...attributeRun(middle, link),
    explainedPctMin: Math.min(...shares),
    explainedPctMax: Math.max(...shares),
    runs: runs.length,
  };
};
