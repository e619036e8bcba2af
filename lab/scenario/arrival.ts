// A request workload's `arrival:` (open-loop requests, issue 10) and `clients:`. `arrival: {rate: 800/s, for: 10s,
// process: constant | poisson, window: 1s}`: request k starts at t0 + k/rate whether or not earlier ones
// finished; a list of rates is a matrix axis; without `for` the workload's `requests` are
// scheduled. `clients: shared` (default) or `{pool: N}`, or a list of them (an axis: one config
// each, e.g. `clients: [shared, {pool: 4}]`). Absent `arrival`: closed-loop.

import { clientsLabel, modeLabel, WINDOW_LIMITS, type ArrivalAxes, rateLabel, type ArrivalRate, type ClientsMode, type Mode, type Workload } from '../contracts/index.ts';
import { LIMITS } from './defaults.ts';
import { checkKeys, isRecord, optionalKey, readAxis, readInt, readMs, readRecord, requireKey } from './fields.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

export const MAX_RATE = 1_000_000;
/** The keys of `arrival:`, its processes, and the pattern of a rate as written (`800/s`, `800`; a ramp is two of them joined by `..`). */
export const ARRIVAL_KEYS = ['rate', 'for', 'process', 'deadline', 'window', 'slo'] as const;
export const PROCESSES = ['constant', 'poisson'] as const;
export const RATE_PATTERN = /^(\d+(?:\.\d+)?)(?:\s*\/s)?$/;
const RATE_HINT = `requests per second, e.g. rate: 800/s, a linear ramp rate: 100/s..2000/s, or a list (an axis): rate: [100/s, 800/s]; from 1/s to ${MAX_RATE}/s`;
const PROCESS_HINT = 'process is constant (t_k = t0 + k/rate) or poisson (exponential gaps from the seed)';
const CLIENTS_HINT = 'clients is shared (one multiplexed client per connection) or {pool: N} (N exclusive connections, checked out per request), or a list of them (an axis), e.g. clients: [shared, {pool: 4}]';
export const FOR = { name: 'for', range: { min: 100, max: 3_600_000 }, meaning: 'time over which requests are scheduled', wholeWhy: 'the schedule is set in whole milliseconds' };
export const DEADLINE = { name: 'deadline', range: { min: 100, max: 3_600_000 }, meaning: 'time allowed after the last scheduled start', wholeWhy: 'the deadline is whole milliseconds' };
export const DEFAULT_DEADLINE_MS = 30_000;
export const WINDOW = {
  name: 'window',
  range: { min: WINDOW_LIMITS.minMs, max: WINDOW_LIMITS.maxMs },
  meaning: 'length of the windows the percentiles over time are taken in',
  wholeWhy: 'windows are whole milliseconds',
};

/** `800/s` (or a bare number) as requests per second, or a linear ramp `100/s..2000/s`. */
const readRate = (value: unknown, path: FieldPath, problems: Problem[]): ArrivalRate | undefined => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  const ends = text === undefined ? [] : text.split('..').map((part) => RATE_PATTERN.exec(part.trim()));
  const rates = ends.map((m) => (m === null ? Number.NaN : Number(m[1])));
  const [from, to = from] = rates;
  if (rates.length < 1 || rates.length > 2 || !rates.every((rate) => rate >= 1 && rate <= MAX_RATE) || from === undefined || to === undefined) {
    problems.push({ path, message: `expected a rate like 800/s, got ${describeValue(value)}`, hint: RATE_HINT });
    return undefined;
  }
  return { fromPerSec: from, toPerSec: to };
};


export const readArrival = (value: unknown, path: FieldPath, problems: Problem[]): ArrivalAxes | undefined => {
  const record = readRecord(value, path, problems, 'arrival: {rate: 800/s, for: 10s}');
  if (record === undefined) return undefined;
  const before = problems.length;
  const misspelt = checkKeys(record, ARRIVAL_KEYS, path, problems);
  const rateValue = requireKey(record, 'rate', path, problems, `add ${RATE_HINT}`, misspelt);
  const rules = { readItem: (v: unknown, p: FieldPath) => readRate(v, p, problems), label: rateLabel, what: 'rate', example: 'rate: [100/s, 800/s]' };
  const rates = rateValue === undefined ? undefined : readAxis(rateValue, [...path, 'rate'], rules, problems);
  const forValue = optionalKey(record, 'for');
  const forMs = forValue === undefined ? null : readMs(forValue, [...path, 'for'], FOR, problems);
  const deadlineValue = optionalKey(record, 'deadline');
  const deadlineMs = deadlineValue === undefined ? DEFAULT_DEADLINE_MS : readMs(deadlineValue, [...path, 'deadline'], DEADLINE, problems);
  const windowValue = optionalKey(record, 'window');
  const windowMs = windowValue === undefined ? WINDOW_LIMITS.defaultMs : readMs(windowValue, [...path, 'window'], WINDOW, problems);
  const processValue = optionalKey(record, 'process') ?? 'constant';
  if (!(PROCESSES as readonly unknown[]).includes(processValue)) problems.push({ path: [...path, 'process'], message: `unknown process ${describeValue(processValue)}`, hint: PROCESS_HINT });
  if (problems.length > before || rates === undefined || forMs === undefined || deadlineMs === undefined || windowMs === undefined) return undefined;
  return { rates, forMs, process: processValue as ArrivalAxes['process'], deadlineMs, windowMs };
};

const readClientsMode = (value: unknown, path: FieldPath, problems: Problem[]): ClientsMode | undefined => {
  if (value === 'shared') return { kind: 'shared' };
  if (isRecord(value) && Object.keys(value).length === 1 && 'pool' in value) {
    const size = readInt(value.pool, [...path, 'pool'], LIMITS.connections, problems, `pool size, ${LIMITS.connections.min} to ${LIMITS.connections.max}`);
    return size === undefined ? undefined : { kind: 'pool', size };
  }
  problems.push({ path, message: `expected shared or {pool: N}, got ${describeValue(value)}`, hint: CLIENTS_HINT });
  return undefined;
};

/** `clients:` as written (absent: shared); a list is an axis. */
export const readClients = (value: unknown, path: FieldPath, problems: Problem[]): ClientsMode[] | undefined => {
  if (value === undefined) return [{ kind: 'shared' }];
  const rules = { readItem: (v: unknown, p: FieldPath) => readClientsMode(v, p, problems), label: clientsLabel, what: 'clients mode', example: 'clients: [shared, {pool: 4}]' };
  return readAxis(value, path, rules, problems);
};

const MODE_HINT = 'a request runs as sync, pipeline:all (the whole request as one pipeline), multi:all (one MULTI/EXEC) or auto:C';

/** Request workloads against the rest of the scenario: a request runs whole as one pipeline
 * or transaction (`pipeline:all`, `multi:all`); under faults, request-fault-rules.ts. */
export const checkRequestRules = (
  record: Record<string, unknown>,
  context: { workloads: Workload[] | undefined; modes: Mode[] | undefined },
  problems: Problem[],
): void => {
  if (!context.workloads?.some((w) => w.request !== undefined)) return;
  context.modes?.forEach((mode, i) => {
    if ((mode.kind === 'pipeline' || mode.kind === 'multi') && mode.batch !== 'all') {
      const where = Array.isArray(record.modes) ? ['modes', i] : ['modes'];
      problems.push({ path: where, message: `${modeLabel(mode)}: a request is sent whole, as one ${mode.kind === 'multi' ? 'transaction' : 'pipeline'}`, hint: `write ${mode.kind}:all; ${MODE_HINT}` });
    }
  });
};
