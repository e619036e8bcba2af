// Readers for the shapes every section uses (mappings, keys, whole numbers, text, matrix axes,
// durations in whole milliseconds). Each adds a Problem and returns undefined instead of
// throwing, so one pass reports every problem.

import type { IntRange } from './defaults.ts';
import { durationIn, formatMs, parseDuration } from './quantities.ts';
import { closest, describeValue, formatPath, type FieldPath, type Problem } from './problems.ts';
import { controlCharacterProblem } from './text-controls.ts';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Whether a key is written at all, even with no value (`reset:` is a flag written that way).
export const hasKey = (record: Record<string, unknown>, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(record, key);

// `in workload` / `at the top level`: where a list of valid keys applies.
const where = (path: FieldPath): string => (path.length === 0 ? 'at the top level' : `in ${formatPath(path)}`);

// Unknown keys are errors, each at its own line, with the nearest valid key when one is close.
// Returns the keys it suggested, so a misspelt required key is not also reported as missing.
export const checkKeys = (
  record: Record<string, unknown>,
  allowed: readonly string[],
  path: FieldPath,
  problems: Problem[],
): ReadonlySet<string> => {
  const suggested = new Set<string>();
  for (const key of Object.keys(record)) {
    if (allowed.includes(key)) continue;
    const guess = closest(key, allowed);
    if (guess !== undefined) suggested.add(guess);
    problems.push({
      path: [...path, key],
      at: 'key',
      message: guess === undefined ? `unknown key "${key}"` : `unknown key "${key}"; did you mean "${guess}"?`,
      hint: `valid keys ${where(path)}: ${allowed.join(', ')}`,
    });
  }
  return suggested;
};

// A section that must be a mapping: reports what it got instead.
export const readRecord = (
  value: unknown,
  path: FieldPath,
  problems: Problem[],
  hint: string,
): Record<string, unknown> | undefined => {
  if (isRecord(value)) return value;
  problems.push({ path, message: `expected a mapping, got ${describeValue(value)}`, hint });
  return undefined;
};

// A key that must be present with a value; reports it at the parent when absent, unless an
// unknown key was already reported as its misspelling (`misspelt`, from checkKeys).
export const requireKey = (
  record: Record<string, unknown>,
  key: string,
  path: FieldPath,
  problems: Problem[],
  hint: string,
  misspelt: ReadonlySet<string> = new Set(),
): unknown => {
  const value = record[key];
  if (hasKey(record, key) && value !== null) return value;
  if (!hasKey(record, key) && misspelt.has(key)) return undefined;
  problems.push({
    path: [...path, key],
    at: 'key',
    message: hasKey(record, key) ? 'has no value' : 'required key is missing',
    hint,
  });
  return undefined;
};

// An optional key: absent and empty (`key:` with nothing after it) both mean "use the default".
export const optionalKey = (record: Record<string, unknown>, key: string): unknown =>
  hasKey(record, key) && record[key] !== null ? record[key] : undefined;

// YAML 1.2 reads `100_000` as text; digit groups with underscores are accepted as the number.
const GROUPED_DIGITS = /^\d+(?:_\d+)+$/;

// Whole numbers with inclusive bounds; quoted digits get a hint to drop the quotes.
export const readInt = (
  value: unknown,
  path: FieldPath,
  range: IntRange,
  problems: Problem[],
  hint: string,
): number | undefined => {
  const expected = `a whole number from ${range.min} to ${range.max}`;
  if (typeof value === 'string' && GROUPED_DIGITS.test(value)) return readInt(Number(value.replaceAll('_', '')), path, range, problems, hint);
  if (typeof value === 'number' && Number.isInteger(value)) {
    if (value >= range.min && value <= range.max) return value;
    problems.push({ path, message: `${value} is out of range; expected ${expected}`, hint });
    return undefined;
  }
  const quoted = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value);
  problems.push({
    path,
    message: `expected ${expected}, got ${describeValue(value)}`,
    hint: quoted ? `write the number without quotes; ${hint}` : hint,
  });
  return undefined;
};

// Non-empty text; `singleLine` rejects line breaks (names appear in ids and table titles).
export const readText = (
  value: unknown,
  path: FieldPath,
  problems: Problem[],
  options: { hint: string; singleLine: boolean; nonEmpty: boolean },
): string | undefined => {
  if (typeof value !== 'string') {
    const scalar = typeof value === 'number' || typeof value === 'boolean';
    problems.push({
      path,
      message: `expected text, got ${describeValue(value)}`,
      hint: scalar ? `quote it: "${String(value)}"` : options.hint,
    });
    return undefined;
  }
  if (options.nonEmpty && value.trim() === '') {
    problems.push({ path, message: 'must not be empty', hint: options.hint });
    return undefined;
  }
  if (options.singleLine && /[\r\n]/.test(value)) {
    problems.push({ path, message: 'must be a single line', hint: options.hint });
    return undefined;
  }
  const control = controlCharacterProblem(value, path, !options.singleLine, options.hint);
  if (control !== undefined) {
    problems.push(control);
    return undefined;
  }
  return value;
};

// true or false; quoted or YAML-1.1 spellings (yes, on) get the exact spelling as their hint.
export const readBoolean = (value: unknown, path: FieldPath, problems: Problem[], hint: string): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const meant = ['true', 'yes', 'on'].includes(word) ? 'true' : ['false', 'no', 'off'].includes(word) ? 'false' : undefined;
  problems.push({
    path,
    message: `expected true or false, got ${describeValue(value)}`,
    hint: meant === undefined ? hint : `write ${meant} without quotes; ${hint}`,
  });
  return undefined;
};

// --- a matrix axis: one value, or a non-empty list of distinct values. A value listed twice would
// give two cells the same id, so repeats are errors, compared after conversion (1ms = 1000us).

interface AxisRules<T> {
  /** Reads one value; adds a Problem and returns undefined when it is invalid. */
  readItem: (value: unknown, path: FieldPath) => T | undefined;
  /** The value as ids and messages write it; equal labels mean equal values. */
  label: (item: T) => string;
  /** What one value is called, e.g. `rtt`, `connection count`. */
  what: string;
  /** A valid line showing a list, e.g. `rtt: [0ms, 10ms]`. */
  example: string;
}

// Reads the axis; every invalid or repeated value is its own problem.
export const readAxis = <T>(value: unknown, path: FieldPath, rules: AxisRules<T>, problems: Problem[]): T[] | undefined => {
  if (!Array.isArray(value)) {
    const single = rules.readItem(value, path);
    return single === undefined ? undefined : [single];
  }
  if (value.length === 0) {
    problems.push({ path, message: 'is an empty list', hint: `give one ${rules.what} or a list, e.g. ${rules.example}` });
    return undefined;
  }
  const before = problems.length;
  const firstIndex = new Map<string, number>();
  const items: T[] = [];
  value.forEach((raw, index) => {
    const item = rules.readItem(raw, [...path, index]);
    if (item === undefined) return;
    const label = rules.label(item);
    const first = firstIndex.get(label);
    if (first !== undefined) {
      const message = `${label} is listed twice (also ${formatPath([...path, first])})`;
      problems.push({ path: [...path, index], message, hint: `list each ${rules.what} once` });
      return;
    }
    firstIndex.set(label, index);
    items.push(item);
  });
  return problems.length === before ? items : undefined;
};

// --- a duration field in whole milliseconds (rtt, jitter, fault times, the reconcile deadline):
// checked for unit, sign, whole milliseconds and range, each with its own message and hint.

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
const msRangeText = (range: IntRange): string => `${formatMs(range.min)} to ${formatMs(range.max)}`;

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
