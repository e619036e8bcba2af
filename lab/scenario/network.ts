// The `network:` section: rtt and jitter, each one duration or a list (a matrix axis), in
// whole milliseconds because Toxiproxy's latency toxic takes whole milliseconds per direction.

import type { NetworkAxes } from './types.ts';
import { DEFAULTS, KEYS, LIMITS, type IntRange } from './defaults.ts';
import { checkKeys, optionalKey, readRecord } from './fields.ts';
import { durationIn, formatMs, parseDuration } from './units.ts';
import { describeValue, formatPath, type FieldPath, type Problem } from './problems.ts';

interface AxisRules {
  name: string;
  range: IntRange;
  meaning: string;
}

const RTT: AxisRules = { name: 'rtt', range: LIMITS.rttMs, meaning: 'round-trip time added above the direct baseline' };
const JITTER: AxisRules = { name: 'jitter', range: LIMITS.jitterMs, meaning: 'latency jitter per direction' };

// "0ms to 10000ms": the valid range, in the same words every axis hint uses.
const rangeText = (rules: AxisRules): string => `${formatMs(rules.range.min)} to ${formatMs(rules.range.max)}`;

// One duration of an axis, checked for unit, sign, whole milliseconds and range.
const readAxisValue = (value: unknown, path: FieldPath, rules: AxisRules, problems: Problem[]): number | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') {
    const hint = `${rules.name} is the ${rules.meaning}: ${rangeText(rules)}`;
    problems.push({ path, message: `expected a duration like 10ms, got ${describeValue(value)}`, hint });
    return undefined;
  }
  const parsed = parseDuration(value);
  if (!parsed.ok) {
    problems.push({ path, message: parsed.problem, hint: parsed.hint });
    return undefined;
  }
  const ms = durationIn(parsed.duration, 'ms');
  const shown = `"${parsed.duration.text}"`;
  if (parsed.duration.negative && ms.value !== 0) {
    problems.push({ path, message: `${shown} is negative`, hint: `${rules.name} is the ${rules.meaning}: ${rangeText(rules)}` });
    return undefined;
  }
  if (!ms.whole) {
    const inMs = parsed.duration.unit === 'ms' ? '' : ` (${ms.value}ms)`;
    problems.push({
      path,
      message: `${shown}${inMs} is not a whole number of milliseconds`,
      hint: `Toxiproxy latency is set in whole milliseconds per direction; use ${formatMs(Math.floor(ms.value))} or ${formatMs(Math.ceil(ms.value))}`,
    });
    return undefined;
  }
  if (ms.value > rules.range.max) {
    problems.push({ path, message: `${shown} is out of range`, hint: `${rules.name} must be from ${rangeText(rules)}` });
    return undefined;
  }
  return ms.value;
};

// A single duration or a list of distinct ones; a repeat would give two cells the same id.
const readAxis = (value: unknown, path: FieldPath, rules: AxisRules, problems: Problem[]): number[] | undefined => {
  if (!Array.isArray(value)) {
    const single = readAxisValue(value, path, rules, problems);
    return single === undefined ? undefined : [single];
  }
  if (value.length === 0) {
    problems.push({ path, message: 'is an empty list', hint: `give one duration or a list, e.g. ${rules.name}: [${formatMs(0)}, ${formatMs(10)}]` });
    return undefined;
  }
  const before = problems.length;
  const firstIndex = new Map<number, number>();
  value.forEach((item, index) => {
    const ms = readAxisValue(item, [...path, index], rules, problems);
    if (ms === undefined) return;
    const first = firstIndex.get(ms);
    if (first !== undefined) {
      const message = `${formatMs(ms)} is listed twice (also ${formatPath([...path, first])})`;
      problems.push({ path: [...path, index], message, hint: `list each ${rules.name} once` });
      return;
    }
    firstIndex.set(ms, index);
  });
  return problems.length === before ? [...firstIndex.keys()] : undefined;
};

// Validates the section; a missing section or key means one cell at 0ms.
export const readNetwork = (value: unknown, path: FieldPath, problems: Problem[]): NetworkAxes | undefined => {
  if (value === undefined) return { rttMs: [...DEFAULTS.rttMs], jitterMs: [...DEFAULTS.jitterMs] };
  const record = readRecord(value, path, problems, 'network: {rtt: [0ms, 10ms], jitter: 0ms}');
  if (record === undefined) return undefined;
  checkKeys(record, KEYS.network, path, problems);
  const rttValue = optionalKey(record, 'rtt');
  const jitterValue = optionalKey(record, 'jitter');
  const rttMs = rttValue === undefined ? [...DEFAULTS.rttMs] : readAxis(rttValue, [...path, 'rtt'], RTT, problems);
  const jitterMs = jitterValue === undefined ? [...DEFAULTS.jitterMs] : readAxis(jitterValue, [...path, 'jitter'], JITTER, problems);
  return rttMs === undefined || jitterMs === undefined ? undefined : { rttMs, jitterMs };
};
