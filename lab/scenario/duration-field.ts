// A duration field in whole milliseconds (rtt, jitter, fault times, the reconcile deadline):
// checked for unit, sign, whole milliseconds and range, each with its own message and hint.

import type { IntRange } from './defaults.ts';
import { durationIn, formatMs, parseDuration } from './units.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

export interface MsRules {
  /** The field as users know it: `rtt`, `for`. */
  name: string;
  range: IntRange;
  /** What the field means, for hints: `round-trip time added above the direct baseline`. */
  meaning: string;
  /** Why it must be whole milliseconds: `Toxiproxy latency is set in whole milliseconds per direction`. */
  wholeWhy: string;
}

// "0ms to 10000ms": the valid range, in the same words every hint uses.
export const msRangeText = (range: IntRange): string => `${formatMs(range.min)} to ${formatMs(range.max)}`;

const meaningHint = (rules: MsRules): string => `${rules.name} is the ${rules.meaning}: ${msRangeText(rules.range)}`;

/** Reads one duration as whole milliseconds within the rules' range. */
export const readMs = (value: unknown, path: FieldPath, rules: MsRules, problems: Problem[]): number | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') {
    problems.push({ path, message: `expected a duration like 10ms, got ${describeValue(value)}`, hint: meaningHint(rules) });
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
    problems.push({ path, message: `${shown} is negative`, hint: meaningHint(rules) });
    return undefined;
  }
  if (!ms.whole) {
    const inMs = parsed.duration.unit === 'ms' ? '' : ` (${ms.value}ms)`;
    const options = Math.floor(ms.value) < rules.range.min ? formatMs(Math.ceil(ms.value)) : `${formatMs(Math.floor(ms.value))} or ${formatMs(Math.ceil(ms.value))}`;
    problems.push({ path, message: `${shown}${inMs} is not a whole number of milliseconds`, hint: `${rules.wholeWhy}; use ${options}` });
    return undefined;
  }
  if (ms.value > rules.range.max || ms.value < rules.range.min) {
    problems.push({ path, message: `${shown} is out of range`, hint: `${rules.name} must be from ${msRangeText(rules.range)}` });
    return undefined;
  }
  return ms.value;
};
