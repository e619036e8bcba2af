// The TTY progress bar as a pure state machine: feed it progress events with the time they
// arrived, ask it for the line to draw at a given time. It never touches a stream (see
// progress-writer.ts) and never reads a clock, so its arithmetic is testable.
//
// Runs per config = warmup + repeat, learned from the first run-done events (the counts are the
// same for every config); fault runs join the total once the first fault run reports. A run's
// time is the wall time since the event before it, so resets and checks between runs count.
// ETA ~ = for each config (or fault entry) started, its remaining runs × its own mean run time,
// plus the runs of those not started yet × the mean over all runs so far; minus the part of the
// current run already elapsed (at most its mean).

import { runCounts, type ProgressEvent } from '../../contracts/index.ts';
import { formatClock } from '../figures.ts';
import { formatProgress } from './progress-lines.ts';

/** Runs done and their summed wall time for one config or fault entry. */
interface Unit {
  id: string;
  done: number;
  spentMs: number;
}

type Phase = 'config' | 'fault';

const mean = (units: Iterable<Unit>): number | null => {
  let done = 0;
  let spentMs = 0;
  for (const unit of units) {
    done += unit.done;
    spentMs += unit.spentMs;
  }
  return done === 0 ? null : spentMs / done;
};

export interface ProgressSnapshot {
  phase: Phase;
  /** 0-based index and total of the current config (or fault entry), and its id. */
  index: number;
  total: number;
  id: string;
  /** Runs done and planned for the current config; planned is null until known. */
  unitDone: number;
  unitRuns: number | null;
  /** Of unitRuns, how many are untimed warmups (the table's "verified" counts measured runs only). */
  unitWarmups: number;
  /** Runs done and planned in the whole run (planned null until known). */
  done: number;
  planned: number | null;
  elapsedMs: number;
  /** null until one run has finished and the plan is known. */
  etaMs: number | null;
}

export class ProgressBar {
  #startedAt: number | null = null;
  #lastEventAt: number | null = null;
  #finished = false;
  #configTotal = 0;
  #warmupRuns: number | null = null;
  #measuredRuns: number | null = null;
  #faultTotal = 0;
  #faultRuns: number | null = null;
  readonly #configs = new Map<number, Unit>();
  readonly #faults = new Map<number, Unit>();
  #current: { phase: Phase; index: number } | null = null;

  /** Take in an event that arrived at `nowMs`; returns the lines to print above the bar. */
  feed(event: ProgressEvent, nowMs: number): string[] {
    this.#startedAt ??= nowMs;
    const sinceLastMs = Math.max(0, nowMs - (this.#lastEventAt ?? nowMs));
    this.#lastEventAt = nowMs;
    switch (event.type) {
      case 'config-start':
        this.#configTotal = event.total;
        this.#unit(this.#configs, event.index, event.configId);
        this.#current = { phase: 'config', index: event.index };
        return [];
      case 'run-done': {
        this.#configTotal = event.total;
        if (event.warmup) this.#warmupRuns = event.runCount;
        else {
          this.#measuredRuns = event.runCount;
          this.#warmupRuns ??= 0; // warmups come first: none seen means none planned
        }
        this.#record(this.#configs, event.index, event.configId, sinceLastMs);
        this.#current = { phase: 'config', index: event.index };
        return runCounts(event.run) ? [] : [formatProgress(event) ?? ''];
      }
      case 'fault-run-done':
        this.#faultTotal = event.total;
        this.#faultRuns = event.runCount;
        this.#record(this.#faults, event.index, event.entryId, sinceLastMs);
        this.#current = { phase: 'fault', index: event.index };
        return [];
      case 'stopping':
      case 'stopped':
        this.#finished = true;
        break;
      default:
        break;
    }
    const line = formatProgress(event);
    return line === null ? [] : [line];
  }

  /** The figures the bar shows at `nowMs`, or null when there is no bar to draw. */
  snapshot(nowMs: number): ProgressSnapshot | null {
    if (this.#current === null || this.#finished || this.#startedAt === null) return null;
    const { phase, index } = this.#current;
    const units = phase === 'config' ? this.#configs : this.#faults;
    const unit = units.get(index);
    const configRuns = this.#runsPerConfig();
    const unitRuns = phase === 'config' ? configRuns : this.#faultRuns;
    const planned = configRuns === null ? null : this.#configTotal * configRuns + this.#faultTotal * (this.#faultRuns ?? 0);
    const done = [...this.#configs.values(), ...this.#faults.values()].reduce((sum, u) => sum + u.done, 0);
    return {
      phase,
      index,
      total: phase === 'config' ? this.#configTotal : this.#faultTotal,
      id: unit?.id ?? '',
      unitDone: unit?.done ?? 0,
      unitRuns,
      unitWarmups: phase === 'config' ? (this.#warmupRuns ?? 0) : 0,
      done,
      planned,
      elapsedMs: Math.max(0, nowMs - this.#startedAt),
      etaMs: this.#eta(nowMs, configRuns),
    };
  }

  /** The bar line at `nowMs`, at most `width` characters; '' when there is nothing to draw. */
  text(nowMs: number, width = 80): string {
    const s = this.snapshot(nowMs);
    return s === null ? '' : barLine(s, width);
  }

  #unit(units: Map<number, Unit>, index: number, id: string): Unit {
    const existing = units.get(index);
    if (existing !== undefined) return existing;
    const created = { id, done: 0, spentMs: 0 };
    units.set(index, created);
    return created;
  }

  #record(units: Map<number, Unit>, index: number, id: string, spentMs: number): void {
    const unit = this.#unit(units, index, id);
    unit.done += 1;
    unit.spentMs += spentMs;
  }

  #runsPerConfig(): number | null {
    if (this.#measuredRuns === null) return null;
    return (this.#warmupRuns ?? 0) + this.#measuredRuns;
  }

  // Remaining time of one phase: started units at their own mean, the rest at the phase mean.
  #remainingMs(units: Map<number, Unit>, total: number, runsEach: number, fallbackMs: number): number {
    const phaseMean = mean(units.values()) ?? fallbackMs;
    let remaining = 0;
    for (const unit of units.values()) {
      const own = unit.done === 0 ? phaseMean : unit.spentMs / unit.done;
      remaining += Math.max(0, runsEach - unit.done) * own;
    }
    return remaining + Math.max(0, total - units.size) * runsEach * phaseMean;
  }

  #eta(nowMs: number, configRuns: number | null): number | null {
    const overall = mean([...this.#configs.values(), ...this.#faults.values()]);
    if (overall === null || configRuns === null || this.#current === null) return null;
    const remaining =
      this.#remainingMs(this.#configs, this.#configTotal, configRuns, overall) +
      this.#remainingMs(this.#faults, this.#faultTotal, this.#faultRuns ?? 0, overall);
    if (remaining === 0) return 0;
    const units = this.#current.phase === 'config' ? this.#configs : this.#faults;
    const current = units.get(this.#current.index);
    const currentMean = current !== undefined && current.done > 0 ? current.spentMs / current.done : overall;
    const inFlightMs = Math.min(Math.max(0, nowMs - (this.#lastEventAt ?? nowMs)), currentMean);
    return Math.max(0, remaining - inFlightMs);
  }
}

const BAR_CELLS = 20;

// "[#########...........]" for a fraction of the whole run.
const bar = (fraction: number, cells: number): string => {
  const filled = Math.min(cells, Math.max(0, Math.floor(fraction * cells)));
  return `[${'#'.repeat(filled)}${'.'.repeat(cells - filled)}]`;
};

// Shorten an id from the middle so both its mode and its link stay readable.
const squeeze = (text: string, room: number): string => {
  if (text.length <= room) return text;
  if (room <= 1) return text.slice(0, Math.max(0, room));
  const head = Math.ceil((room - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (room - 1 - head))}`;
};

/** "config 3/8 sync@rtt=10ms  runs 2/4 (1 warmup)  [####......]  35%  elapsed 1m05s  ETA ~ 2m00s",
 * fitted to width. The warmups are named so that "runs 2/4" agrees with the table's "3/3 verified". */
const barLine = (s: ProgressSnapshot, width: number): string => {
  const fraction = s.planned === null || s.planned === 0 ? null : s.done / s.planned;
  const head = `${s.phase} ${s.index + 1}/${s.total} `;
  const tail =
    `  runs ${s.unitDone}/${s.unitRuns ?? '?'}${s.unitWarmups > 0 ? ` (${s.unitWarmups} warmup${s.unitWarmups === 1 ? '' : 's'})` : ''}  ${bar(fraction ?? 0, BAR_CELLS)}  ` +
    `${fraction === null ? '--' : String(Math.floor(fraction * 100)).padStart(3)}%  ` +
    `elapsed ${formatClock(s.elapsedMs)}  ETA ~ ${s.etaMs === null ? '--' : formatClock(s.etaMs)}`;
  const room = width - head.length - tail.length;
  if (room >= 8) return head + squeeze(s.id, room) + tail;
  return (head + squeeze(s.id, 8) + tail).slice(0, Math.max(0, width));
};
