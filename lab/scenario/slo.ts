// `arrival: {slo: ...}` (issue 26): search the offered rate for the highest one meeting an
// objective. `slo: "request p(99) < 50ms"`, or `slo: {objective: "...", within: 5%, probes: 16,
// up-to: 5000/s}`. The objective is a config threshold without a scope, read by the threshold
// rules; the arrival's rate is the first probe and its `for` each probe's schedule (checked in
// request.ts). docs/slo-search.md.

import { SLO_DEFAULTS, type ArrivalAxes, type SloSearchOptions } from '../contracts/index.ts';
import { MAX_RATE, RATE_PATTERN } from './arrival.ts';
import { checkKeys, isRecord, optionalKey, readInt, requireKey } from './fields.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';
import { parseObjective } from './thresholds/threshold.ts';

export const SLO_KEYS = ['objective', 'within', 'probes', 'up-to'] as const;
export const SLO_PROBES = { min: 2, max: 64 } as const;
export const SLO_WITHIN = { minPct: 1, maxPct: 50 } as const;
const SLO_EXAMPLE = 'slo: "request p(99) < 50ms", or slo: {objective: "request p(99) < 50ms", within: 5%, probes: 16, up-to: 5000/s}';
const WITHIN_HINT = `the bracket's width at which the search stops, a percentage from ${SLO_WITHIN.minPct}% to ${SLO_WITHIN.maxPct}% (default ${SLO_DEFAULTS.within * 100}%)`;
// Metrics a probe cannot be judged on: the search's own output, and the rate it sets.
const NOT_OBJECTIVES: readonly string[] = ['maxRatePerSec', 'offeredPerSec', 'kneePerSec'];

const readObjective = (value: unknown, path: FieldPath, problems: Problem[]): Omit<SloSearchOptions, 'within' | 'maxProbes' | 'maxPerSec'> | undefined => {
  if (typeof value !== 'string') {
    problems.push({ path, message: `expected an objective such as "request p(99) < 50ms", got ${describeValue(value)}`, hint: SLO_EXAMPLE });
    return undefined;
  }
  const parsed = parseObjective(value);
  for (const p of parsed.problems) problems.push({ path, message: `${JSON.stringify(value)}: ${p.message}`, hint: p.hint });
  const t = parsed.value;
  if (t === undefined) return undefined;
  if (NOT_OBJECTIVES.includes(t.metric)) {
    problems.push({ path, message: `${JSON.stringify(value)}: the search sets the offered rate; it cannot be the objective`, hint: 'bound a latency or a count, e.g. "request p(99) < 50ms" or "saturated == 0"' });
    return undefined;
  }
  return { objective: value.trim(), metric: t.metric, op: t.op, value: t.value, ...(t.writtenUnit === undefined ? {} : { writtenUnit: t.writtenUnit }) };
};

const readWithin = (value: unknown, path: FieldPath, problems: Problem[]): number | undefined => {
  const m = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(value) : null;
  const pct = m === null ? Number.NaN : Number(m[1]);
  if (pct >= SLO_WITHIN.minPct && pct <= SLO_WITHIN.maxPct) return pct / 100;
  problems.push({ path, message: `expected a percentage like 5%, got ${describeValue(value)}`, hint: WITHIN_HINT });
  return undefined;
};

const readCeiling = (value: unknown, path: FieldPath, problems: Problem[]): number | undefined => {
  const m = typeof value === 'number' ? [String(value), String(value)] : typeof value === 'string' ? RATE_PATTERN.exec(value.trim()) : null;
  const rate = m === null ? Number.NaN : Number(m[1]);
  if (rate >= 1 && rate <= MAX_RATE) return rate;
  problems.push({ path, message: `expected a rate like 5000/s, got ${describeValue(value)}`, hint: `the highest offered rate the search tries, from 1/s to ${MAX_RATE}/s` });
  return undefined;
};

/** `slo:` as written: an objective, or a mapping with one and the search's limits. */
const readSlo = (value: unknown, path: FieldPath, problems: Problem[]): SloSearchOptions | undefined => {
  const defaults = { within: SLO_DEFAULTS.within, maxProbes: SLO_DEFAULTS.maxProbes, maxPerSec: MAX_RATE };
  if (!isRecord(value)) {
    const objective = readObjective(value, path, problems);
    return objective === undefined ? undefined : { ...objective, ...defaults };
  }
  const before = problems.length;
  const misspelt = checkKeys(value, SLO_KEYS, path, problems);
  const objectiveValue = requireKey(value, 'objective', path, problems, `add objective: "request p(99) < 50ms"; ${SLO_EXAMPLE}`, misspelt);
  const objective = objectiveValue === undefined ? undefined : readObjective(objectiveValue, [...path, 'objective'], problems);
  const withinValue = optionalKey(value, 'within');
  const within = withinValue === undefined ? defaults.within : readWithin(withinValue, [...path, 'within'], problems);
  const probesValue = optionalKey(value, 'probes');
  const probesHint = `most probes (runs at one rate) the search makes, ${SLO_PROBES.min} to ${SLO_PROBES.max} (default ${SLO_DEFAULTS.maxProbes})`;
  const maxProbes = probesValue === undefined ? defaults.maxProbes : readInt(probesValue, [...path, 'probes'], SLO_PROBES, problems, probesHint);
  const ceilingValue = optionalKey(value, 'up-to');
  const maxPerSec = ceilingValue === undefined ? defaults.maxPerSec : readCeiling(ceilingValue, [...path, 'up-to'], problems);
  if (problems.length > before || objective === undefined || within === undefined || maxProbes === undefined || maxPerSec === undefined) return undefined;
  return { ...objective, within, maxProbes, maxPerSec };
};

/** An arrival with `slo:` read in: one constant rate (the first probe) and `for` (each probe's
 * schedule) are required; returns the arrival with its search, or undefined after a problem. */
export const readSearch = (arrival: ArrivalAxes, written: unknown, path: FieldPath, problems: Problem[]): ArrivalAxes | undefined => {
  const value = isRecord(written) ? optionalKey(written, 'slo') : undefined;
  if (value === undefined) return arrival;
  const before = problems.length;
  const slo = readSlo(value, [...path, 'slo'], problems);
  const [rate, ...more] = arrival.rates;
  if (rate === undefined || more.length > 0 || rate.fromPerSec !== rate.toPerSec) {
    problems.push({ path: [...path, 'rate'], message: 'a rate search starts from one constant rate', hint: 'write one rate, e.g. rate: 50/s: the first probe; the search doubles or halves it from there' });
  }
  if (arrival.forMs === null) {
    problems.push({ path: [...path, 'slo'], at: 'key', message: 'a rate search needs for: each probe\'s schedule', hint: 'add for: 3s (each probe schedules rate x for requests)' });
  }
  if (problems.length > before || slo === undefined) return undefined;
  return { ...arrival, slo };
};
