// A fault run's requests as the row records them: counts by outcome, failures by error kind,
// the completed requests' latency (HDR) and the same for the requests around the fault.

import type { FaultRequests, FaultTimeline, LatencySummaryUs } from '../contracts/index.ts';
import { createLatencyHistogram, destroyHistograms, recordUs, summarizeLatency } from '../metrics/index.ts';
import { REQUEST_STATUS, type RequestTimes } from '../workload/index.ts';

interface Tally {
  sent: number;
  completed: number;
  failed: number;
  unfinished: number;
}

// Latency of the completed requests among `picked`, from `from` (intended start or send) to the end.
const latencyOf = (times: RequestTimes, picked: readonly number[], from: Float64Array): LatencySummaryUs | null => {
  const h = createLatencyHistogram();
  try {
    for (const r of picked) if (times.status[r] === REQUEST_STATUS.completed) recordUs(h, ((times.endMs[r] ?? 0) - (from[r] ?? 0)) * 1000);
    if (h.totalCount === 0) return null;
    return summarizeLatency(h);
  } finally {
    destroyHistograms([h]);
  }
};

const tally = (times: RequestTimes, picked: readonly number[]): Tally => {
  const t = { sent: 0, completed: 0, failed: 0, unfinished: 0 };
  for (const r of picked) {
    const status = times.status[r];
    if (status === REQUEST_STATUS.notStarted) continue;
    t.sent += 1;
    if (status === REQUEST_STATUS.completed) t.completed += 1;
    else if (status === REQUEST_STATUS.failed) t.failed += 1;
    else t.unfinished += 1;
  }
  return t;
};

/** The fault's span, ms after the run's start: on to healed (or the run's end); null when it never went on. */
const faultSpanMs = (timeline: FaultTimeline): { onMs: number; offMs: number } | null =>
  timeline.faultOnMs === null ? null : { onMs: timeline.faultOnMs, offMs: timeline.healedMs ?? timeline.endMs ?? Number.POSITIVE_INFINITY };

export const requestFigures = (times: RequestTimes, reads: FaultRequests['reads'], open: boolean, timeline: FaultTimeline): FaultRequests => {
  const all = Array.from(times.status.keys());
  const started = all.filter((r) => times.status[r] !== REQUEST_STATUS.notStarted);
  const failedByKind: Record<string, number> = {};
  for (const kind of times.errorKindOf.values()) failedByKind[kind] = (failedByKind[kind] ?? 0) + 1;
  const span = faultSpanMs(timeline);
  const runEndMs = timeline.endMs ?? Number.POSITIVE_INFINITY;
  const around = span === null ? null : started.filter((r) => (times.startMs[r] ?? 0) <= span.offMs && (Number.isNaN(times.endMs[r]) ? runEndMs : (times.endMs[r] ?? 0)) >= span.onMs);
  const from = open ? times.intendedMs : times.startMs;
  return {
    loop: open ? 'open' : 'closed',
    scheduled: times.status.length,
    ...tally(times, started),
    failedByKind,
    reads,
    latencyUs: latencyOf(times, started, from),
    serviceLatencyUs: open ? latencyOf(times, started, times.sendMs) : null,
    aroundFault: around === null ? null : { ...tally(times, around), latencyUs: latencyOf(times, around, from) },
  };
};
