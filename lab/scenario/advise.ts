// `advise:` (issue 27, item 4): search a batch size for the most throughput within a budget. On a
// command workload the size is the pipeline depth (the scenario's one mode, pipeline:B, is the
// first probe); on an open-loop request workload with one window batcher, `batch: {window: W,
// size: B}`, it is the window's size B, W kept (B is the first probe). `advise: {request-p99: 20ms,
// client-memory: 256MB, server-output-buffer: 64MB}` with any of the three budgets (at least one),
// and the search's limits `up-to: 10000` (largest size), `within: 10%` and `probes: 12`.
// docs/batch-advisor.md.

import { ADVISE_BUDGETS, ADVISE_DEFAULTS, batcherLabel, modeLabel, type AdviseBudgets, type AdviseOptions, type ArrivalAxes, type Batcher, type Mode, type Workload } from '../contracts/index.ts';
import { LIMITS } from './defaults.ts';
import { checkKeys, isRecord, optionalKey, readInt } from './fields.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';
import { durationIn, parseDuration, parseSize } from './quantities.ts';

export const ADVISE_KEYS = [...ADVISE_BUDGETS, 'up-to', 'within', 'probes'] as const;
export const ADVISE_PROBES = { min: 2, max: 32 } as const;
export const ADVISE_WITHIN = { minPct: 1, maxPct: 50 } as const;
const ADVISE_P99 = { minUs: 1, maxUs: 60_000_000 } as const;
const ADVISE_EXAMPLE = 'advise: {request-p99: 20ms, client-memory: 256MB, server-output-buffer: 64MB}';
const BUDGETS_HINT = `set one or more budgets: ${ADVISE_BUDGETS.join(', ')}; e.g. ${ADVISE_EXAMPLE}`;

const readP99 = (value: unknown, path: FieldPath, problems: Problem[]): number | undefined => {
  const parsed = typeof value === 'string' || typeof value === 'number' ? parseDuration(value) : undefined;
  const hint = 'the 99th percentile a size may reach (a pipeline batch\'s round trip; a windowed request from its arrival, its wait included), a duration from 1us to 60s, e.g. request-p99: 20ms';
  if (parsed === undefined || !parsed.ok) {
    problems.push({ path, message: parsed === undefined ? `expected a duration like 20ms, got ${describeValue(value)}` : parsed.problem, hint: parsed === undefined || parsed.ok ? hint : `${parsed.hint}; ${hint}` });
    return undefined;
  }
  const us = durationIn(parsed.duration, 'us').value;
  if (us >= ADVISE_P99.minUs && us <= ADVISE_P99.maxUs) return us;
  problems.push({ path, message: `${describeValue(value)} is out of range`, hint });
  return undefined;
};

const readBytes = (value: unknown, path: FieldPath, problems: Problem[], what: string): number | undefined => {
  const parsed = typeof value === 'string' || typeof value === 'number' ? parseSize(value) : undefined;
  const hint = `${what}, a size from 1B, e.g. 64MB (B, KB, MB, KiB, MiB)`;
  if (parsed === undefined || !parsed.ok) {
    problems.push({ path, message: parsed === undefined ? `expected a size like 64MB, got ${describeValue(value)}` : parsed.problem, hint: parsed === undefined || parsed.ok ? hint : `${parsed.hint}; ${hint}` });
    return undefined;
  }
  if (parsed.bytes >= 1) return parsed.bytes;
  problems.push({ path, message: `${describeValue(value)} is no budget`, hint });
  return undefined;
};

const readWithin = (value: unknown, path: FieldPath, problems: Problem[]): number | undefined => {
  const m = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(value) : null;
  const pct = m === null ? Number.NaN : Number(m[1]);
  if (pct >= ADVISE_WITHIN.minPct && pct <= ADVISE_WITHIN.maxPct) return pct / 100;
  problems.push({
    path,
    message: `expected a percentage like 10%, got ${describeValue(value)}`,
    hint: `how close the advised size and the first size that missed get before the search stops, ${ADVISE_WITHIN.minPct}% to ${ADVISE_WITHIN.maxPct}% (default ${ADVISE_DEFAULTS.within * 100}%)`,
  });
  return undefined;
};

/** `advise:` as written on a workload; undefined after a problem. */
export const readAdvise = (value: unknown, path: FieldPath, problems: Problem[]): AdviseOptions | undefined => {
  if (!isRecord(value)) {
    problems.push({ path, message: `expected a mapping of budgets, got ${describeValue(value)}`, hint: BUDGETS_HINT });
    return undefined;
  }
  const before = problems.length;
  checkKeys(value, ADVISE_KEYS, path, problems);
  const p99Value = optionalKey(value, 'request-p99');
  const memoryValue = optionalKey(value, 'client-memory');
  const bufferValue = optionalKey(value, 'server-output-buffer');
  if (p99Value === undefined && memoryValue === undefined && bufferValue === undefined) problems.push({ path, message: 'sets no budget', hint: BUDGETS_HINT });
  const requestP99Us = p99Value === undefined ? undefined : readP99(p99Value, [...path, 'request-p99'], problems);
  const clientMemoryBytes = memoryValue === undefined ? undefined : readBytes(memoryValue, [...path, 'client-memory'], problems, "the client's V8 heap growth during a run a size may cause");
  const serverOutputBufferBytes = bufferValue === undefined ? undefined : readBytes(bufferValue, [...path, 'server-output-buffer'], problems, 'the reply bytes of one batch a size may owe the client');
  const upToValue = optionalKey(value, 'up-to');
  const upToHint = `the largest size tried, 1 to ${LIMITS.commands.max} (default: a pipeline depth, the workload's commands; a window size, what one window gathers at the offered rate)`;
  const upTo = upToValue === undefined ? null : readInt(upToValue, [...path, 'up-to'], LIMITS.commands, problems, upToHint);
  const withinValue = optionalKey(value, 'within');
  const within = withinValue === undefined ? ADVISE_DEFAULTS.within : readWithin(withinValue, [...path, 'within'], problems);
  const probesValue = optionalKey(value, 'probes');
  const probesHint = `most probes (runs at one depth) the search makes, ${ADVISE_PROBES.min} to ${ADVISE_PROBES.max} (default ${ADVISE_DEFAULTS.maxProbes})`;
  const maxProbes = probesValue === undefined ? ADVISE_DEFAULTS.maxProbes : readInt(probesValue, [...path, 'probes'], ADVISE_PROBES, problems, probesHint);
  if (problems.length > before || upTo === undefined || within === undefined || maxProbes === undefined) return undefined;
  const budgets: AdviseBudgets = {
    ...(requestP99Us === undefined ? {} : { requestP99Us }),
    ...(clientMemoryBytes === undefined ? {} : { clientMemoryBytes }),
    ...(serverOutputBufferBytes === undefined ? {} : { serverOutputBufferBytes }),
  };
  return { budgets, upTo, within, maxProbes };
};

const WINDOW_ADVISE_HINT = 'advise: on a request workload searches the size of its one window batcher, the window kept: write arrival: {rate: 500/s, for: 2s} and batch: {window: 5ms, size: 8} (8 is the first probe); or put advise: on a command workload with modes: [pipeline:100] to search a pipeline depth';

/** `advise:` on a request workload: open-loop at constant rates, one window batcher, no rate search. */
export const checkWindowAdvise = (shape: { arrival: ArrivalAxes | undefined; batchers: Batcher[] | undefined }, path: FieldPath, problems: Problem[]): void => {
  const { arrival, batchers } = shape;
  if (arrival === undefined) {
    problems.push({ path, at: 'key', message: 'advise: on a request workload needs open-loop arrivals: a window fills at a rate', hint: WINDOW_ADVISE_HINT });
    return;
  }
  const only = batchers?.length === 1 ? batchers[0] : undefined;
  if (only?.kind !== 'window') {
    const got = batchers === undefined ? 'no batch:' : `batch: ${batchers.map(batcherLabel).join(', ')}`;
    problems.push({ path, at: 'key', message: `advise: searches one window batcher's size; got ${got} (none has no size, auto's batches are ioredis's, a list is several configs)`, hint: WINDOW_ADVISE_HINT });
  }
  if (arrival.slo !== undefined) {
    problems.push({ path, at: 'key', message: 'advise: and arrival.slo: are two searches; a config runs one', hint: 'keep advise: (the size at a given rate) or slo: (the rate at a given size), not both' });
  }
  if (arrival.rates.some((r) => r.fromPerSec !== r.toPerSec)) {
    problems.push({ path, at: 'key', message: 'advise: needs a constant rate: how much a window gathers depends on it, and a ramp has many', hint: 'write rate: 500/s (a list of rates is an axis: a search each)' });
  }
};

const CLUSTER_DEPTH_HINT =
  'on a cluster advise: searches a window size: a request workload whose keys share one hash tag, e.g. request: [{command: GET, key: "{shop}:page:{r}"}] with arrival: {rate: 500/s, for: 2s}, batch: {window: 5ms, size: 8} and advise: (modes: [pipeline:all]); or remove topology to search a pipeline depth on one node';

/** A scenario with an advised command workload runs one mode, pipeline:B (the first probe); any
 * advised workload runs plain runs with the lab's engine, without faults or a timeline: on one
 * node, on the primary of a primary with replicas, or (a window size) on a cluster's single-node path. */
export const checkAdviseRules = (
  record: Record<string, unknown>,
  context: {
    workloads: Workload[] | undefined;
    modes: Mode[] | undefined;
    /** A primary with replicas measured on the single-node path. */
    onPrimary?: boolean;
    /** A Redis Cluster: `onSinglePath` when its workloads are all request workloads without a timeline (Cluster clients on the single-node path). */
    cluster?: { onSinglePath: boolean };
  },
  problems: Problem[],
): void => {
  if (!context.workloads?.some((w) => w.advise !== undefined)) return;
  const modes = context.modes ?? [];
  const first = modes[0];
  // A windowed request workload's mode is pipeline:all (checkBatchRules); its size is the batcher's.
  const depths = context.workloads.some((w) => w.advise !== undefined && w.request === undefined);
  if (depths && (modes.length !== 1 || first === undefined || first.kind !== 'pipeline' || first.batch === 'all')) {
    const got = modes.map(modeLabel).join(', ');
    problems.push({
      path: ['modes'],
      message: `advise: searches the pipeline depth from one pipeline:B; got ${got === '' ? 'no mode' : got}`,
      hint: 'write modes: [pipeline:100] (100 is the first probe; the search doubles or halves it from there)',
    });
  }
  const { cluster } = context;
  for (const key of ['faults', 'topology', 'engine', 'timeline']) {
    if (record[key] === undefined || (key === 'topology' && (context.onPrimary === true || cluster?.onSinglePath === true))) continue;
    // A cluster's timeline is refused as a timeline; its command workloads here.
    if (key === 'topology' && cluster !== undefined) {
      if (record.timeline !== undefined) continue;
      problems.push({
        path: ['topology'],
        at: 'key',
        message: depths
          ? 'advise: on a cluster does not search a pipeline depth: the cluster runner splits each batch into one pipeline per primary, so no depth reaches a node whole'
          : 'advise: on a cluster searches a window size on the single-node path, which takes a scenario of request workloads only; this one has a command workload',
        hint: CLUSTER_DEPTH_HINT,
      });
      continue;
    }
    const where = key === 'topology' ? ' (a primary with replicas without a timeline, WAIT or read-from is probed on the primary; a cluster without a timeline probes a window size)' : '';
    problems.push({ path: [key], at: 'key', message: `advise: probes plain runs with the lab's engine; ${key} does not go with it`, hint: `remove ${key}${where}, or advise: from the workload` });
  }
};
