// Where an open-loop system stops keeping up (issue 26). The knee of a rising ramp is the first
// window from which queueing shows and persists: request p99 (from the intended start) departs
// from service p99 (from the actual send), so requests wait before they are even sent, or the
// achieved rate falls below the offered one by more than a count's own spread. The same test
// reads a set of configs at different constant rates, each config one point. Pure.

import { LATE_START_MS, runCounts, type ConfigResult, type Knee, type LatencyWindow, type Saturation, type ThresholdResult } from '../contracts/index.ts';
import { countSpread } from './count-spread.ts';

/** One point of a rate sweep: a window of a ramp, or a config at one constant rate. */
export interface KneePoint {
  offeredPerSec: number;
  achievedPerSec: number;
  /** Seconds the rates are counted over (all runs together): the count's spread is its square root. */
  seconds: number;
  requestP99Us: number | null;
  serviceP99Us: number | null;
  /** The window's start; null for a config. */
  atMs: number | null;
}

/** Request p99 departs from service p99 when it is this many times it ... */
export const KNEE_RULES = {
  departRatio: 1.5,
  /** ... and at least this far above it, µs (a late start's threshold: smaller gaps are the generator's jitter). */
  departMinUs: LATE_START_MS * 1000,
} as const;

const formatMsOf = (us: number): string => `${(us / 1000).toFixed(us < 10_000 ? 2 : 1)} ms`;
const perSec = (rate: number): string => `${rate.toFixed(rate < 100 ? 1 : 0)}/s`;

/** Why a point shows queueing, or undefined when it does not. */
const queueingAt = (p: KneePoint): string | undefined => {
  const { requestP99Us: request, serviceP99Us: service } = p;
  if (request !== null && service !== null && request > KNEE_RULES.departRatio * service && request - service > KNEE_RULES.departMinUs) {
    return `request p99 ${formatMsOf(request)} departed from service p99 ${formatMsOf(service)} (over ${KNEE_RULES.departRatio}x and ${KNEE_RULES.departMinUs / 1000} ms above)`;
  }
  const offered = p.offeredPerSec * p.seconds;
  const shortfall = offered - p.achievedPerSec * p.seconds;
  const spread = countSpread(offered);
  if (shortfall > spread) return `achieved ${perSec(p.achievedPerSec)} below offered ${perSec(p.offeredPerSec)} by more than the spread (${Math.round(shortfall)} requests short, spread ${Math.round(spread)})`;
  return undefined;
};

/** The first point (in the given order, of rising offered rate) from which queueing persists: it
 * and the next point both show it (the last point alone may). */
export const findKnee = (points: readonly KneePoint[], what: string): Knee => {
  if (points.length < 2) return { offeredPerSec: null, atMs: null, reason: `no knee sought: ${points.length} ${what}, a knee needs at least 2` };
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as KneePoint;
    const why = queueingAt(p);
    const next = points[i + 1];
    if (why !== undefined && (next === undefined || queueingAt(next) !== undefined)) return { offeredPerSec: p.offeredPerSec, atMs: p.atMs, reason: why };
  }
  const first = points[0] as KneePoint;
  const last = points.at(-1) as KneePoint;
  return {
    offeredPerSec: null,
    atMs: null,
    reason: `none seen: over ${points.length} ${what} from ${perSec(first.offeredPerSec)} to ${perSec(last.offeredPerSec)}, request p99 stayed within ${KNEE_RULES.departRatio}x of service p99 and achieved within the spread of offered`,
  };
};

/** The windows of a ramp that count for its knee: scheduled for their whole length, with requests. */
const rampPoints = (windows: readonly LatencyWindow[], windowMs: number, scheduleMs: number, runs: number): KneePoint[] =>
  windows
    .filter((w) => w.startMs + windowMs <= scheduleMs + 1e-6 && w.requests > 0)
    .map((w) => ({ offeredPerSec: w.offeredPerSec, achievedPerSec: w.achievedPerSec, seconds: (windowMs / 1000) * runs, requestP99Us: w.requestP99Us, serviceP99Us: w.serviceP99Us, atMs: w.startMs }));

/** A ramp's knee from its windows; a falling ramp is not searched (it starts at its highest rate). */
export const rampKnee = (ramp: { fromPerSec: number; toPerSec: number }, windows: readonly LatencyWindow[], windowMs: number, scheduleMs: number, runs: number): Knee => {
  if (ramp.toPerSec < ramp.fromPerSec) return { offeredPerSec: null, atMs: null, reason: 'no knee sought: a falling ramp starts at its highest rate; the knee is sought on a rising one' };
  return findKnee(rampPoints(windows, windowMs, scheduleMs, runs), `full windows of ${windowMs} ms`);
};

/** Open-loop configs at constant rates, one point each, in rising offered rate (ramps left out). */
export const configPoints = (configs: readonly ConfigResult[]): KneePoint[] =>
  configs
    .filter((c) => c.schedule !== undefined && c.schedule.offeredRampPerSec === undefined && c.schedule.offeredPerSec > 0)
    .map((c) => {
      const s = c.schedule as NonNullable<ConfigResult['schedule']>;
      const runs = Math.max(1, c.runs.filter(runCounts).length);
      return { offeredPerSec: s.offeredPerSec, achievedPerSec: s.achievedPerSec, seconds: ((c.requests ?? 0) / s.offeredPerSec) * runs, requestP99Us: c.requestLatencyUs?.p99 ?? null, serviceP99Us: c.serviceLatencyUs?.p99 ?? null, atMs: null };
    })
    .sort((a, b) => a.offeredPerSec - b.offeredPerSec);

/** Late starts in the later half of the windows more than twice the earlier half's, over 1 % of its
 * requests, and beyond what noise makes of their difference (countSpread of both halves: 8 late
 * starts against 0 over 3 s can be one hiccup of the machine, not a generator falling behind). */
const lateStartsGrowing = (windows: readonly LatencyWindow[]): string | undefined => {
  if (windows.length < 2) return undefined;
  const half = Math.floor(windows.length / 2);
  const sum = (ws: readonly LatencyWindow[], pick: (w: LatencyWindow) => number) => ws.reduce((total, w) => total + pick(w), 0);
  const early = sum(windows.slice(0, half), (w) => w.lateStarts);
  const later = windows.slice(half);
  const late = sum(later, (w) => w.lateStarts);
  return late > 2 * early && late - early > countSpread(late + early) && late > 0.01 * sum(later, (w) => w.requests) ? `late starts growing: ${late} in the later half of the windows against ${early} in the earlier` : undefined;
};

/** Whether an open-loop config kept up with its offered rate: achieved against offered over the
 * whole schedule (one run's count spread), late starts over time, and a ramp's knee. */
export const saturationOf = (config: Pick<ConfigResult, 'schedule' | 'requests' | 'windows' | 'knee'>): Saturation | undefined => {
  const s = config.schedule;
  if (s === undefined) return undefined;
  const seconds = s.offeredPerSec > 0 ? (config.requests ?? s.scheduled) / s.offeredPerSec : 0;
  const point: KneePoint = { offeredPerSec: s.offeredPerSec, achievedPerSec: s.achievedPerSec, seconds, requestP99Us: null, serviceP99Us: null, atMs: null };
  const short = seconds > 0 ? queueingAt(point) : undefined;
  const late = lateStartsGrowing(config.windows ?? []);
  const knee = config.knee?.offeredPerSec == null ? undefined : `past its knee at ${perSec(config.knee.offeredPerSec)}`;
  const reasons = [short, late, knee].filter((r): r is string => r !== undefined);
  return reasons.length > 0
    ? { saturated: true, reason: reasons.join('; ') }
    : { saturated: false, reason: `kept up: achieved ${perSec(s.achievedPerSec)} within the spread of offered ${perSec(s.offeredPerSec)}, late starts not growing` };
};

/**
 * Whether a config's saturation fails its run (issue 26): it is saturated and the scenario did not
 * expect that. A rising or falling ramp is run to find where the system stops keeping up, so its
 * saturation is its finding, not a failure; a scenario that expects a constant rate to saturate
 * says so with a threshold on `saturated` selecting the config (that threshold then decides).
 */
export const unexpectedSaturation = (config: ConfigResult, thresholds: readonly ThresholdResult[]): boolean =>
  config.saturation?.saturated === true &&
  config.schedule?.offeredRampPerSec === undefined &&
  !thresholds.some((t) => t.metric === 'saturated' && t.checked.some((c) => c.configId === config.id));
