// Percentiles over time for open-loop runs (issue 26): each request belongs to the window of its
// intended start, so a window's request and service percentiles say what the requests offered in
// that stretch of the schedule went through; its achieved rate counts the completions that fell
// in it. One config's verified runs run the same schedule, so window k of every run is added
// into one histogram per window (never averaged percentiles). Pure: it is given the per-request
// timings and judges them.

import { WINDOW_LIMITS, type LatencyWindow } from '../contracts/index.ts';
import { createLatencyHistogram, recordUs, valueAtPercentileUs, type LatencyHistogram } from './histogram.ts';

/** One run's requests, by index: intended start (µs after the schedule's t0), latencies (NaN:
 * unfinished or failed) and whether the generator started it late. */
export interface WindowedRun {
  offsetsUs: Float64Array;
  requestUs: Float64Array;
  serviceUs: Float64Array | null;
  lateStart: Uint8Array;
}

/** The window width a config uses: the one asked for, or wider so that the schedule and its
 * deadline fit in WINDOW_LIMITS.maxWindows windows (memory stays bounded whatever the run's length). */
export const windowWidthMs = (askedMs: number, scheduleMs: number, deadlineMs: number): number =>
  Math.max(askedMs, Math.ceil((scheduleMs + deadlineMs) / WINDOW_LIMITS.maxWindows));

interface Slot {
  scheduled: number;
  completed: number;
  requests: number;
  lateStarts: number;
  request: LatencyHistogram | undefined;
  service: LatencyHistogram | undefined;
}

// Window histograms are packed (memory grows with the buckets used, not the value range): a
// config may hold up to 2 x maxWindows of them at once.
const record = (h: LatencyHistogram | undefined, us: number): LatencyHistogram => {
  const histogram = h ?? createLatencyHistogram('packed');
  recordUs(histogram, us);
  return histogram;
};

const percentileOrNull = (h: LatencyHistogram | undefined, p: number): number | null => (h === undefined || h.totalCount === 0 ? null : valueAtPercentileUs(h, p));

/** The windows of one config while its runs happen; `summarize` gives the result's windows. */
export class LatencyWindows {
  readonly windowMs: number;
  readonly #scheduleMs: number;
  readonly #slots: Slot[] = [];
  #runs = 0;

  /** `scheduleMs`: the schedule's length (requests / mean rate), so a last window only partly
   * scheduled reports its offered rate over the part that was. */
  constructor(windowMs: number, scheduleMs: number) {
    if (!(windowMs > 0) || !Number.isFinite(windowMs)) throw new TypeError(`Expected \`windowMs\` to be a positive number, got \`${windowMs}\``);
    this.windowMs = windowMs;
    this.#scheduleMs = scheduleMs;
  }

  get runs(): number {
    return this.#runs;
  }

  #slot(atUs: number): Slot {
    const index = Math.min(WINDOW_LIMITS.maxWindows - 1, Math.max(0, Math.floor(atUs / 1000 / this.windowMs)));
    for (let k = this.#slots.length; k <= index; k++) this.#slots.push({ scheduled: 0, completed: 0, requests: 0, lateStarts: 0, request: undefined, service: undefined });
    return this.#slots[index] as Slot;
  }

  /** Adds one verified run. */
  add(run: WindowedRun): void {
    this.#runs++;
    for (let r = 0; r < run.offsetsUs.length; r++) {
      const startUs = run.offsetsUs[r] ?? 0;
      const slot = this.#slot(startUs);
      slot.scheduled++;
      const requestUs = run.requestUs[r] ?? Number.NaN;
      if (!Number.isFinite(requestUs)) continue;
      slot.requests++;
      if (run.lateStart[r] === 1) slot.lateStarts++;
      slot.request = record(slot.request, requestUs);
      const serviceUs = run.serviceUs?.[r] ?? Number.NaN;
      if (Number.isFinite(serviceUs)) slot.service = record(slot.service, serviceUs);
      this.#slot(startUs + requestUs).completed++;
    }
  }

  /** The windows in order; rates are per run (the runs' mean). Empty before any run. */
  summarize(): LatencyWindow[] {
    if (this.#runs === 0) return [];
    const runs = this.#runs;
    return this.#slots.map((slot, k) => {
      const startMs = k * this.windowMs;
      const scheduledMs = Math.min(this.windowMs, Math.max(0, this.#scheduleMs - startMs));
      return {
        startMs,
        offeredPerSec: scheduledMs === 0 ? 0 : slot.scheduled / runs / (scheduledMs / 1000),
        achievedPerSec: slot.completed / runs / (this.windowMs / 1000),
        requests: slot.requests,
        lateStarts: slot.lateStarts,
        requestP50Us: percentileOrNull(slot.request, 50),
        requestP99Us: percentileOrNull(slot.request, 99),
        serviceP50Us: percentileOrNull(slot.service, 50),
        serviceP99Us: percentileOrNull(slot.service, 99),
        maxUs: slot.request === undefined ? null : slot.request.maxValue,
      };
    });
  }

}
