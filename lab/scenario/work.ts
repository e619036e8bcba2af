// One estimate of a scenario's work, and the limits checked against it at validation, before
// anything starts. The number of configs comes from the axis lengths alone (a product, never
// an expansion), so a small file that multiplies out to 10^10 configs is refused in
// microseconds; only a scenario within MAX_CONFIGS is expanded to sum its commands, value
// bytes and link time.

import {
  commandsPerRequest,
  takesValue,
  waitsFor,
  meanRequestWaits,
  type Mode,
  type Scenario,
  type ValueSize,
  type Workload,
} from '../contracts/index.ts';
import { LIMITS } from './defaults.ts';
import { expandFaultCells, expandMatrix } from './expand.ts';
import type { FieldPath, Problem } from './problems.ts';

/** Configs (matrix cells) or fault cells one scenario may expand to. */
export const MAX_CONFIGS = 10_000;
/** Requests one open-loop run may schedule (`rate × for`): the limit on `requests`. */
const MAX_SCHEDULED_REQUESTS = LIMITS.requests.max;

/** What a scenario asks of the machine, summed over every config and run. */
export interface WorkEstimate {
  /** Config cells of the matrix (or fault cells, for a fault scenario). */
  configs: number;
  /** Runs in all: warmup + repeat per config; repeat per fault cell. */
  runs: number;
  /** Commands sent in all runs (a request counts each of its commands). */
  commands: number;
  /** Value bytes written or read in all runs (the mean of a size range), 0 for commands without a value. */
  valueBytes: number;
  /** Time spent waiting on the link, ms: round trips × rtt per run (the rtt model without the
   * server's and the client's own time), an open-loop run's schedule, PING calibration. A lower bound. */
  linkWaitMs: number;
}

// --- the config count, from the axis lengths

interface Factor {
  what: string;
  count: number;
  path: FieldPath;
}

// `workload` written as a list: item i; as one mapping: the mapping.
const workloadPath = (record: Record<string, unknown>, index: number): FieldPath => (Array.isArray(record.workload) ? ['workload', index] : ['workload']);

// The axes that multiply into the config count, each where it is written.
const factorsOf = (s: Scenario, record: Record<string, unknown>): Factor[] => {
  const perWorkload = s.workloads.map((w, i) => {
    const values = s.faults.length > 0 ? 1 : w.commands.length * w.valueBytes.length * (w.request?.arrival?.rates.length ?? 1);
    return { values, path: workloadPath(record, i) };
  });
  const widest = perWorkload.reduce((a, b) => (b.values > a.values ? b : a), perWorkload[0] ?? { values: 1, path: ['workload'] });
  const link = [
    { what: 'rtt', count: s.network.rttMs.length, path: ['network', 'rtt'] },
    { what: 'jitter', count: s.network.jitterMs.length, path: ['network', 'jitter'] },
    { what: 'bandwidth', count: s.network.bandwidth.length, path: ['network', 'bandwidth'] },
    { what: 'modes', count: s.modes.length, path: ['modes'] },
  ];
  if (s.faults.length > 0) {
    return [
      ...link,
      { what: 'faults', count: s.faults.length, path: ['faults'] },
      { what: 'policies', count: s.policies.length, path: ['policies'] },
      { what: 'workloads', count: s.workloads.length, path: ['workload'] },
    ];
  }
  return [
    ...link,
    { what: 'connections', count: s.connections.length, path: ['connections'] },
    { what: 'commands × values × rates', count: perWorkload.reduce((sum, w) => sum + w.values, 0), path: widest.path },
  ];
};

/** Configs (or fault cells) the scenario expands to, computed without expanding it. */
export const countConfigs = (s: Scenario): number => {
  const product = factorsOf(s, {}).reduce((n, f) => n * f.count, 1);
  // `direct: true` adds the same cells once more, straight to Redis (performance scenarios only).
  if (s.faults.length > 0 || !s.network.direct) return product;
  const links = s.network.rttMs.length * s.network.jitterMs.length * s.network.bandwidth.length;
  return product + product / links;
};

// --- the rest of the estimate, summed over the (bounded) expansion

const meanBytes = (size: ValueSize | undefined): number => (size === undefined ? 0 : (size.minBytes + size.maxBytes) / 2);

// Commands and value bytes of one request, averaged over the mix by weight.
const perRequest = (w: Workload): { commands: number; valueBytes: number } => {
  const kinds = w.request?.kinds ?? [];
  const total = kinds.reduce((sum, k) => sum + k.weight, 0) || 1;
  let commands = 0;
  let valueBytes = 0;
  for (const kind of kinds) {
    const share = kind.weight / total;
    commands += share * commandsPerRequest(kind);
    for (const step of kind.steps) for (const c of step.commands) valueBytes += takesValue(c) ? share * meanBytes(c.valueBytes[0]) : 0;
  }
  return { commands, valueBytes };
};

interface CellWork {
  runs: number;
  workload: Workload;
  /** Commands per run, or requests per run for a request workload. */
  count: number;
  valueBytes: ValueSize;
  mode: Mode;
  connections: number;
  /** Added round-trip time; 0 on the direct link. */
  rttMs: number;
  /** An open-loop run's schedule length, ms. */
  scheduleMs?: number;
}

const addCell = (sum: WorkEstimate, cell: CellWork): void => {
  const { runs, workload: w, count } = cell;
  const request = w.request === undefined ? undefined : perRequest(w);
  sum.runs += runs;
  sum.commands += runs * count * (request?.commands ?? 1);
  sum.valueBytes += runs * count * (request?.valueBytes ?? (takesValue(w) ? meanBytes(cell.valueBytes) : 0));
  const waits = w.request === undefined ? waitsFor(cell.mode, count, cell.connections) : (Math.ceil(count / cell.connections) * meanRequestWaits(w.request, cell.mode));
  sum.linkWaitMs += runs * (cell.scheduleMs ?? waits * cell.rttMs);
};

/** The scenario's work; `configs` is exact, the rest an estimate (see WorkEstimate). */
export const estimateWork = (s: Scenario): WorkEstimate => {
  const configs = countConfigs(s);
  const sum: WorkEstimate = { configs, runs: 0, commands: 0, valueBytes: 0, linkWaitMs: 0 };
  if (!(configs <= MAX_CONFIGS)) return { ...sum, runs: Number.NaN, commands: Number.NaN, valueBytes: Number.NaN, linkWaitMs: Number.NaN };
  const rtts = new Set<number>();
  if (s.faults.length > 0) {
    for (const c of expandFaultCells(s)) {
      rtts.add(c.rttMs);
      addCell(sum, { runs: s.repeat, workload: c.workload, count: c.commands, valueBytes: c.valueBytes, mode: c.mode, connections: c.connections, rttMs: c.rttMs });
    }
  } else {
    for (const c of expandMatrix(s)) {
      if (c.link === 'proxied') rtts.add(c.rttMs);
      const count = c.arrival?.requests ?? c.commands;
      const scheduleMs = c.arrival === undefined ? undefined : (c.arrival.requests / c.arrival.ratePerSec) * 1000;
      // A rate search (`slo:`) runs the config once per probe: at most maxProbes times (its probes'
      // rates are not known before it runs; each is counted at the first probe's rate).
      // The batch-size advisor (`advise:`) likewise, and a miss is run twice: at most 2 x maxProbes
      // (each counted at the first probe's depth).
      const probes = c.arrival?.slo?.maxProbes ?? (c.workload.advise === undefined ? 1 : 2 * c.workload.advise.maxProbes);
      const cell = { runs: probes * (s.warmup + s.repeat), workload: c.workload, count, valueBytes: c.valueBytes, mode: c.mode, connections: c.connections };
      addCell(sum, { ...cell, rttMs: c.link === 'direct' ? 0 : c.rttMs, ...(scheduleMs === undefined ? {} : { scheduleMs }) });
    }
  }
  for (const rttMs of rtts) sum.linkWaitMs += s.calibrationPings * rttMs;
  return sum;
};

// --- the limits

const count = (n: number): string => (n >= 1e15 ? n.toExponential(1) : Math.round(n).toLocaleString('en-US'));

// Runs longer than LIMITS.perCommandRecords only where nothing is kept per command: pipeline
// and multi modes, no faults (the op ledger), and no more distinct keys than LIMITS.keyCount
// (per-key tallies): the client's memory stays flat in the run's length.
const checkPerCommandRecords = (s: Scenario, record: Record<string, unknown>, problems: Problem[]): void => {
  const { max } = LIMITS.perCommandRecords;
  const perCommand = s.faults.length > 0 ? 'a fault run (its op ledger keeps a row of about 24 bytes per operation)' : s.modes.some((m) => m.kind === 'sync' || m.kind === 'auto') ? 'sync and auto modes (one wait of 12 bytes per command)' : undefined;
  s.workloads.forEach((w, i) => {
    const most = Math.max(0, ...w.commands);
    const path = [...workloadPath(record, i), 'commands'];
    if (most > max && perCommand !== undefined) {
      problems.push({
        path,
        message: `${count(most)} commands per run; ${perCommand} take at most ${count(max)}`,
        hint: `above ${count(max)} commands use modes pipeline or multi without faults, whose memory does not grow with the run`,
      });
    } else if (most > LIMITS.keyCount.max && w.keys.kind === 'sequential' && w.keys.count === 'commands') {
      problems.push({
        path,
        message: `${count(most)} commands on sequential(commands) keys: ${count(most)} distinct keys, at most ${count(LIMITS.keyCount.max)}`,
        hint: `give the keys a count, e.g. keys: {sequential: ${LIMITS.keyCount.max}}`,
      });
    }
  });
};

/** Problems with a scenario's work: too many configs, an open-loop schedule beyond the request
 * limit, long runs that would keep something per command. */
export const checkWork = (s: Scenario, record: Record<string, unknown>, problems: Problem[]): void => {
  s.workloads.forEach((w, i) => {
    const arrival = w.request?.arrival;
    if (arrival === undefined || arrival.forMs === null) return;
    const forMs = arrival.forMs;
    arrival.rates.forEach((rate) => {
      const requests = (((rate.fromPerSec + rate.toPerSec) / 2) * forMs) / 1000;
      if (requests <= MAX_SCHEDULED_REQUESTS) return;
      const ratePerSec = (rate.fromPerSec + rate.toPerSec) / 2;
      problems.push({
        path: [...workloadPath(record, i), 'arrival', 'for'],
        message: `rate ${count(ratePerSec)}/s × for ${forMs / 1000}s schedules ${count(requests)} requests per run; at most ${count(MAX_SCHEDULED_REQUESTS)}`,
        hint: `keep rate × for within ${count(MAX_SCHEDULED_REQUESTS)} requests, e.g. for: ${Math.floor((MAX_SCHEDULED_REQUESTS / ratePerSec) * 1000) / 1000}s at this rate`,
      });
    });
  });
  checkPerCommandRecords(s, record, problems);
  const configs = countConfigs(s);
  if (configs <= MAX_CONFIGS) return;
  const factors = factorsOf(s, record).filter((f) => f.count > 1);
  const largest = factors.reduce((a, b) => (b.count > a.count ? b : a), factors[0] ?? { what: 'modes', count: 1, path: ['modes'] });
  problems.push({
    path: largest.path,
    at: 'key',
    message: `the scenario expands to ${count(configs)} configs (${factors.map((f) => `${f.what} ${f.count}`).join(' × ')}${s.network.direct && s.faults.length === 0 ? ', plus direct' : ''}); at most ${count(MAX_CONFIGS)}`,
    hint: 'every list is an axis and axes multiply: shorten the lists, or split the scenario into several files',
  });
};

// --- the estimate as one line of text

const bytesText = (bytes: number): string => {
  const units: [number, string][] = [[1e9, 'GB'], [1e6, 'MB'], [1e3, 'kB']];
  const [factor, unit] = units.find(([f]) => bytes >= f) ?? [1, 'B'];
  return `${factor === 1 ? bytes : (bytes / factor).toFixed(1)} ${unit}`;
};

const durationText = (ms: number): string =>
  ms < 1_000 ? `${Math.round(ms)} ms` : ms < 120_000 ? `${(ms / 1_000).toFixed(1)} s` : ms < 7_200_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 3_600_000).toFixed(1)} h`;

/** `20 configs, 80 runs, 40,960 commands, 0 B of values, ~86.2 s waiting on the link (rtt model)`. */
export const describeWork = (work: WorkEstimate): string =>
  [
    `${count(work.configs)} config${work.configs === 1 ? '' : 's'}`,
    `${count(work.runs)} runs`,
    `${count(work.commands)} commands`,
    `${bytesText(Math.round(work.valueBytes))} of values`,
    `~${durationText(work.linkWaitMs)} waiting on the link (rtt model)`,
  ].join(', ');
