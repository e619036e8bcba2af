// `keys:`: which key each operation touches. `one` (every operation on one key), `sequential`
// (operation i on key i), `{sequential: N}` (i mod N), `{uniform: N}` and `{zipfian: N,
// theta: θ}` (seeded from the scenario's seed).

import type { KeyDistribution } from '../contracts/index.ts';
import { DEFAULTS, KEYS, LIMITS } from './defaults.ts';
import { checkKeys, isRecord, optionalKey, readInt } from './fields.ts';
import { closest } from './suggest.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

const { min, max } = LIMITS.keyCount;
export const KEYS_HINT =
  `keys is one (default), sequential, {sequential: N}, {uniform: N} or {zipfian: N, theta: ${DEFAULTS.zipfianTheta}}; ` +
  `N is the number of distinct keys, ${min} to ${max}`;
const COUNT_HINT = `the number of distinct keys, a whole number from ${min} to ${max}`;
const THETA_HINT = `theta is the zipfian skew, a number above 0 and below 1 (YCSB uses ${DEFAULTS.zipfianTheta}); for no skew use {uniform: N}`;
const KINDS = ['sequential', 'uniform', 'zipfian'] as const;
type CountedKind = (typeof KINDS)[number];

// θ in (0, 1): YCSB's zipfian generator divides by 1 − θ.
const readTheta = (value: unknown, path: FieldPath, problems: Problem[]): number | undefined => {
  if (typeof value === 'number' && value > 0 && value < 1) return value;
  const quoted = typeof value === 'string' && /^\s*[\d.]+\s*$/.test(value);
  const message = typeof value === 'number' ? `${value} is out of range` : `expected a number, got ${describeValue(value)}`;
  problems.push({ path, message, hint: quoted ? `write the number without quotes; ${THETA_HINT}` : THETA_HINT });
  return undefined;
};

// `{uniform: 1000}` and friends: exactly one kind, and theta only with zipfian.
const readCounted = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]): KeyDistribution | undefined => {
  const before = problems.length;
  checkKeys(record, KEYS.keys, path, problems);
  const kinds = KINDS.filter((k) => Object.prototype.hasOwnProperty.call(record, k));
  const [kind, second] = kinds;
  if (second !== undefined) {
    problems.push({ path: [...path, second], at: 'key', message: `one distribution only, but this also names ${second}`, hint: KEYS_HINT });
  }
  if (kind === undefined) {
    if (problems.length === before) problems.push({ path, message: 'names no distribution', hint: KEYS_HINT });
    return undefined;
  }
  const thetaValue = optionalKey(record, 'theta');
  if (thetaValue !== undefined && kind !== 'zipfian') {
    problems.push({ path: [...path, 'theta'], at: 'key', message: `theta applies to zipfian only, not ${kind}`, hint: THETA_HINT });
  }
  const count = readInt(record[kind], [...path, kind], LIMITS.keyCount, problems, COUNT_HINT);
  const theta = kind === 'zipfian' && thetaValue !== undefined ? readTheta(thetaValue, [...path, 'theta'], problems) : DEFAULTS.zipfianTheta;
  if (count === undefined || theta === undefined || problems.length > before) return undefined;
  return kind === 'zipfian' ? { kind, count, theta } : { kind: kind as Exclude<CountedKind, 'zipfian'>, count };
};

/** Reads `keys`; absent means `one`. */
export const readKeyDistribution = (value: unknown, path: FieldPath, problems: Problem[]): KeyDistribution | undefined => {
  if (value === undefined) return { ...DEFAULTS.keys };
  if (isRecord(value)) return readCounted(value, path, problems);
  if (value === 'one') return { kind: 'one' };
  if (value === 'sequential') return { kind: 'sequential', count: 'commands' };
  if (value === 'uniform' || value === 'zipfian') {
    const example = value === 'uniform' ? '{uniform: 1000}' : `{zipfian: 10000, theta: ${DEFAULTS.zipfianTheta}}`;
    problems.push({ path, message: `${value} needs a key count`, hint: `write keys: ${example}; N is ${COUNT_HINT}` });
    return undefined;
  }
  if (typeof value === 'number') {
    problems.push({
      path,
      message: `expected a distribution, got ${value}`,
      hint: `for ${value} distinct keys write keys: {uniform: ${value}} or {sequential: ${value}}`,
    });
    return undefined;
  }
  const guess = typeof value === 'string' ? closest(value, ['one', ...KINDS]) : undefined;
  const suggestion = guess === undefined ? '' : `; did you mean ${guess}?`;
  problems.push({ path, message: `unknown key distribution ${describeValue(value)}${suggestion}`, hint: KEYS_HINT });
  return undefined;
};
