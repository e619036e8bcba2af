// Bandwidth caps: `1MB/s` (both directions), `{up: 100KB/s, down: unlimited}`, or `unlimited`.
// Toxiproxy's bandwidth toxic takes a whole number of KB/s (KB = 1000 bytes), so every rate
// must convert to whole KB/s exactly; 1KiB/s (1.024KB/s) cannot be honoured and is an error.

import type { Bandwidth } from '../contracts/index.ts';
import { KEYS, LIMITS } from './defaults.ts';
import { checkKeys, isRecord, optionalKey } from './fields.ts';
import { numberText, scaleQuantity, splitQuantity } from './quantity.ts';
import { SIZE_UNITS, formatSize } from './sizes.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

type RateParse = { ok: true; kbps: number | null } | { ok: false; problem: string; hint: string };

export const RATE_HINT =
  'a rate is a size per second: B/s, KB/s, MB/s (1000-based) or KiB/s, MiB/s, in whole KB/s from 1KB/s; or unlimited';
const { min, max } = LIMITS.bandwidthKBps;

/** KB/s as scenario text in the largest exact unit: `500KB/s`, `1MB/s`; null is `unlimited`. */
export const formatRate = (kbps: number | null): string =>
  kbps === null ? 'unlimited' : kbps % 1000 === 0 ? `${kbps / 1000}MB/s` : `${kbps}KB/s`;

/** `1MB/s` when both directions match, else `up:100KB/s/down:unlimited`. */
export const formatBandwidth = (b: Bandwidth): string =>
  b.upKBps === b.downKBps ? formatRate(b.upKBps) : `up:${formatRate(b.upKBps)}/down:${formatRate(b.downKBps)}`;

/** Whether neither direction is capped. */
export const isUnlimited = (b: Bandwidth): boolean => b.upKBps === null && b.downKBps === null;

const NO_CAP_WORDS = ['none', 'off', 'no', 'infinite', 'inf', 'unlimited', 'max'];
const BITS = /^([KMG]?)(?:bit|b)(?:ps|\/s)$/;
const BIT_FACTOR: Record<string, number> = { '': 1, K: 1000, M: 1_000_000, G: 1_000_000_000 };

// `8Mbit/s` and `8Mbps` are bits: say what that is in bytes.
const bitsProblem = (text: string, number: string, prefix: string): RateParse => {
  const q = splitQuantity(number);
  const bytes = q === undefined ? undefined : scaleQuantity(q, BIT_FACTOR[prefix] ?? 1, 8);
  const inBytes = bytes?.whole === true ? `: ${text} is ${formatSize(bytes.value)}/s` : '';
  return { ok: false, problem: `"${text}" is in bits per second`, hint: `bandwidth is in bytes per second${inBytes}; ${RATE_HINT}` };
};

const isSizeUnit = (unit: string): unit is keyof typeof SIZE_UNITS => Object.prototype.hasOwnProperty.call(SIZE_UNITS, unit);

// A unit that is not a size per second: a bare size, a wrong case, or something else.
const unitProblem = (text: string, number: string, unit: string, sizeUnit: string | undefined): RateParse => {
  if (sizeUnit === undefined && isSizeUnit(unit)) return { ok: false, problem: `"${text}" is a size, not a rate`, hint: `write ${number}${unit}/s` };
  const proper = Object.keys(SIZE_UNITS).find((u) => u.toLowerCase() === (sizeUnit ?? unit).toLowerCase());
  const hint = proper === undefined ? RATE_HINT : `units are case-sensitive: write ${number}${proper}/s`;
  return { ok: false, problem: `"${text}" has an unknown unit "${unit}"`, hint };
};

// Reads `1MB/s`-style text into whole KB/s (null for unlimited).
export const parseRate = (input: string | number): RateParse => {
  if (typeof input === 'number') {
    return { ok: false, problem: `${input} has no unit`, hint: `a rate carries a unit: write ${input}KB/s (or B/s, MB/s, KiB/s, MiB/s)` };
  }
  const text = input.trim();
  if (text === 'unlimited') return { ok: true, kbps: null };
  if (NO_CAP_WORDS.includes(text.toLowerCase())) return { ok: false, problem: `"${text}" is not a rate`, hint: 'for no cap write unlimited' };
  const q = splitQuantity(text);
  if (q === undefined) return { ok: false, problem: `"${text}" is not a rate`, hint: RATE_HINT };
  const number = numberText(q);
  if (q.unit === '') {
    return {
      ok: false,
      problem: `"${text}" has no unit`,
      hint: `a rate carries a unit: write ${number}KB/s (or B/s, MB/s, KiB/s, MiB/s)`,
    };
  }
  const bits = BITS.exec(q.unit);
  if (bits !== null) return bitsProblem(text, number, bits[1] ?? '');
  const perSecond = /^(.*?)(\/s|ps)$/.exec(q.unit);
  const sizeUnit = perSecond?.[1] ?? '';
  if (perSecond === null || !isSizeUnit(sizeUnit)) return unitProblem(text, number, q.unit, perSecond === null ? undefined : sizeUnit);
  if (q.space !== '') return { ok: false, problem: `"${text}" has a space before its unit`, hint: `write ${number}${sizeUnit}/s` };
  if (perSecond[2] === 'ps') return { ok: false, problem: `"${text}": write a rate with /s`, hint: `write ${number}${sizeUnit}/s` };
  const kbps = scaleQuantity(q, SIZE_UNITS[sizeUnit], 1000);
  if (q.negative && kbps.value !== 0) {
    return {
      ok: false,
      problem: `"${text}" is negative`,
      hint: `a cap is from ${formatRate(min)}; for no cap write unlimited`,
    };
  }
  if (!kbps.whole) {
    const options = kbps.floor < min ? formatRate(min) : `${formatRate(kbps.floor)} or ${formatRate(kbps.ceil)}`;
    return {
      ok: false,
      problem: `"${text}" is ${kbps.value}KB/s, not a whole number of KB/s`,
      hint: `Toxiproxy's bandwidth toxic takes whole KB/s (1KB = 1000 bytes): use ${options}`,
    };
  }
  if (kbps.value < min) {
    return {
      ok: false,
      problem: `"${text}" is below ${formatRate(min)}`,
      hint: `the smallest cap Toxiproxy can set is ${formatRate(min)}; for no cap write unlimited`,
    };
  }
  if (kbps.value > max) {
    return {
      ok: false,
      problem: `"${text}" is out of range`,
      hint: `a cap is from ${formatRate(min)} to ${formatRate(max)}; for no cap write unlimited`,
    };
  }
  return { ok: true, kbps: kbps.value };
};

// One rate at a field path.
const readRate = (value: unknown, path: FieldPath, problems: Problem[]): number | null | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') {
    problems.push({ path, message: `expected a rate like 1MB/s, got ${describeValue(value)}`, hint: RATE_HINT });
    return undefined;
  }
  const parsed = parseRate(value);
  if (parsed.ok) return parsed.kbps;
  problems.push({ path, message: parsed.problem, hint: parsed.hint });
  return undefined;
};

const SHAPE_HINT = `a bandwidth is a rate for both directions (1MB/s), {up: 100KB/s, down: unlimited}, or unlimited; ${RATE_HINT}`;

/** One bandwidth: a rate for both directions, or `{up, down}` (a direction left out is uncapped). */
export const readBandwidth = (value: unknown, path: FieldPath, problems: Problem[]): Bandwidth | undefined => {
  if (!isRecord(value)) {
    if (Array.isArray(value) || value === null) {
      problems.push({ path, message: `expected a bandwidth, got ${describeValue(value)}`, hint: SHAPE_HINT });
      return undefined;
    }
    const rate = readRate(value, path, problems);
    return rate === undefined ? undefined : { upKBps: rate, downKBps: rate };
  }
  const before = problems.length;
  checkKeys(value, KEYS.bandwidth, path, problems);
  const upValue = optionalKey(value, 'up');
  const downValue = optionalKey(value, 'down');
  if (upValue === undefined && downValue === undefined && problems.length === before) {
    problems.push({ path, message: 'names no direction', hint: 'give up, down or both, e.g. {up: 100KB/s, down: 1MB/s}; or write unlimited' });
    return undefined;
  }
  const upKBps = upValue === undefined ? null : readRate(upValue, [...path, 'up'], problems);
  const downKBps = downValue === undefined ? null : readRate(downValue, [...path, 'down'], problems);
  if (upKBps === undefined || downKBps === undefined || problems.length > before) return undefined;
  return { upKBps, downKBps };
};
