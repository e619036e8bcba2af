// Quantities as scenario text writes them: durations (`10ms`), sizes (`1KiB`) and rates
// (`1MB/s`), parsed and written back. A number followed by a unit is kept as decimal text so
// that conversions are exact: `0.5KiB` is exactly 512 bytes and `1KiB/s` is exactly 1.024KB/s,
// never 1.0239999. Every failure says what was wrong and what to write instead.

import type { Bandwidth } from '../contracts/index.ts';
import { LIMITS } from './defaults.ts';

/** `-1.5 KB` split into its parts, as written. */
interface Quantity {
  text: string;
  negative: boolean;
  /** Digits before and after the decimal point ('' when absent). */
  whole: string;
  fraction: string;
  /** Whitespace between the number and the unit. */
  space: string;
  unit: string;
}

const SHAPE = /^(-?)(\d*)(?:\.(\d+))?(\s*)(.*)$/;

/** Splits text into number and unit; undefined when it does not start with a number. */
const splitQuantity = (input: string): Quantity | undefined => {
  const text = input.trim();
  const m = SHAPE.exec(text);
  if (m === null || (m[2] === '' && m[3] === undefined)) return undefined;
  const [, sign = '', whole = '', fraction = '', space = '', unit = ''] = m;
  return { text, negative: sign === '-', whole: whole === '' ? '0' : whole, fraction, space, unit };
};

/** The number as written without its unit: `1.5`. */
const numberText = (q: Quantity): string => `${q.negative ? '-' : ''}${q.whole}${q.fraction === '' ? '' : `.${q.fraction}`}`;

/** An exact ratio converted to a number; `whole` says whether it is an integer. */
interface Scaled {
  value: number;
  whole: boolean;
  /** The integers just below and above (equal when whole). */
  floor: number;
  ceil: number;
}

/** |quantity| × multiplier / divisor, exactly (multiplier and divisor are whole numbers). */
const scaleQuantity = (q: Quantity, multiplier: number, divisor: number): Scaled => {
  const numerator = BigInt(q.whole + q.fraction) * BigInt(multiplier);
  const denominator = 10n ** BigInt(q.fraction.length) * BigInt(divisor);
  const floor = numerator / denominator;
  const whole = numerator % denominator === 0n;
  const value = whole ? Number(floor) : Number(numerator) / Number(denominator);
  return { value, whole, floor: Number(floor), ceil: Number(whole ? floor : floor + 1n) };
};

// --- durations (`10ms`, `0.5s`, `250us`): every duration in a scenario carries its unit, and
// conversion is done on the decimal text so `1.005s` is exactly 1005ms.

type DurationUnit = 'us' | 'ms' | 's';

/** A parsed duration, kept as decimal text so conversions are exact. */
export type Duration = Omit<Quantity, 'space' | 'unit'> & { unit: DurationUnit };

type DurationParse = { ok: true; duration: Duration } | { ok: false; problem: string; hint: string };

/** A duration expressed in one unit; `whole` is false when it is not a whole number of it. */
interface DurationValue {
  value: number;
  whole: boolean;
}

const POWER_OF_TEN: Record<DurationUnit, number> = { us: 0, ms: 3, s: 6 };
/** The units a duration may carry (the JSON Schema's pattern is built from them). */
export const DURATION_UNITS = Object.keys(POWER_OF_TEN) as readonly DurationUnit[];
const UNITS_HINT = 'a duration is a number and a unit: us, ms or s (for example 250us, 10ms, 0.5s)';
const isDurationUnit = (unit: string): unit is DurationUnit => unit === 'us' || unit === 'ms' || unit === 's';

// Explains a unit that is not us, ms or s, with the spelling that would work.
const durationUnitProblem = (text: string, number: string, unit: string): DurationParse => {
  const lower = unit.toLowerCase();
  if (isDurationUnit(lower)) return { ok: false, problem: `"${text}": units are lowercase`, hint: `write ${number}${lower}` };
  if (unit === 'µs' || unit === 'μs') return { ok: false, problem: `"${text}": write microseconds as us`, hint: `write ${number}us` };
  return { ok: false, problem: `"${text}" has an unknown unit "${unit}"`, hint: UNITS_HINT };
};

// Reads `10ms`-style text; every failure says what was wrong and what to write instead.
export const parseDuration = (input: string | number): DurationParse => {
  if (typeof input === 'number') {
    return { ok: false, problem: `${input} has no unit`, hint: `durations carry a unit: write ${input}ms (or us, s)` };
  }
  const q = splitQuantity(input);
  if (q === undefined) return { ok: false, problem: `"${input}" is not a duration`, hint: UNITS_HINT };
  const number = numberText(q);
  if (q.unit === '') return { ok: false, problem: `"${input}" has no unit`, hint: `durations carry a unit: write ${number}ms (or us, s)` };
  if (q.space !== '') return { ok: false, problem: `"${input}" has a space before its unit`, hint: `write ${number}${q.unit}` };
  if (!isDurationUnit(q.unit)) return durationUnitProblem(q.text, number, q.unit);
  const { text, negative, whole, fraction } = q;
  return { ok: true, duration: { text, negative, whole, fraction, unit: q.unit } };
};

// Moves the decimal point of whole.fraction by `shift` places (right when positive), as text.
const shiftDecimal = (whole: string, fraction: string, shift: number): DurationValue => {
  const digits = whole + fraction;
  const point = whole.length + shift;
  const intPart = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const fracPart = point < 0 ? '0'.repeat(-point) + digits : digits.slice(Math.max(point, 0));
  const isWhole = /^0*$/.test(fracPart);
  return { value: Number(isWhole ? intPart : `${intPart}.${fracPart}`), whole: isWhole };
};

/** The duration in `unit`, exactly; `whole` says whether it is a whole number of that unit. */
export const durationIn = (d: Duration, unit: DurationUnit): DurationValue => {
  const shifted = shiftDecimal(d.whole, d.fraction, POWER_OF_TEN[d.unit] - POWER_OF_TEN[unit]);
  return d.negative && shifted.value !== 0 ? { ...shifted, value: -shifted.value } : shifted;
};

/** Whole milliseconds as scenario text: `10ms`. */
export const formatMs = (ms: number): string => `${ms}ms`;

// --- sizes (`16B`, `1KB`, `4KiB`, `1.5MB`): KB and MB are 1000-based, KiB and MiB
// 1024-based, and a size must come out as whole bytes. Used for values, cut bytes and the
// rss/heap threshold bounds.

const SIZE_UNITS = { B: 1, KB: 1000, MB: 1_000_000, KiB: 1024, MiB: 1_048_576 } as const;
type SizeUnit = keyof typeof SIZE_UNITS;
/** The units a size may carry (the JSON Schema's pattern is built from them). */
export const SIZE_UNIT_NAMES = Object.keys(SIZE_UNITS) as readonly SizeUnit[];

type SizeParse = { ok: true; bytes: number } | { ok: false; problem: string; hint: string };

export const SIZE_UNITS_HINT = 'a size is a number and a unit: B, KB, MB (1000-based) or KiB, MiB (1024-based), e.g. 16B, 1KB, 4KiB';

export const isSizeUnit = (unit: string): unit is SizeUnit => Object.prototype.hasOwnProperty.call(SIZE_UNITS, unit);

// A unit that is almost right: the spelling that would work, or undefined.
const unitFix = (unit: string, number: string): string | undefined => {
  const lower = unit.toLowerCase();
  if (unit === 'b') return `write ${number}B (B is bytes; sizes are never bits)`;
  if (['k', 'kb'].includes(lower)) return `write ${number}KB (1000 bytes) or ${number}KiB (1024 bytes)`;
  if (['m', 'mb'].includes(lower)) return `write ${number}MB (1000000 bytes) or ${number}MiB (1048576 bytes)`;
  if (lower === 'kib') return `write ${number}KiB`;
  if (lower === 'mib') return `write ${number}MiB`;
  if (['bytes', 'byte'].includes(lower)) return `write ${number}B`;
  if (['g', 'gb', 'gib', 't', 'tb', 'tib'].includes(lower)) return 'sizes go up to MB and MiB; values are at most 256MiB';
  return undefined;
};

// Reads `16B`-style text; every failure says what was wrong and what to write instead.
export const parseSize = (input: string | number): SizeParse => {
  if (typeof input === 'number') {
    return { ok: false, problem: `${input} has no unit`, hint: `sizes carry a unit: write ${input}B (or KB, KiB, MB, MiB)` };
  }
  const q = splitQuantity(input);
  if (q === undefined) return { ok: false, problem: `"${input}" is not a size`, hint: SIZE_UNITS_HINT };
  const number = numberText(q);
  if (q.unit === '') return { ok: false, problem: `"${input}" has no unit`, hint: `sizes carry a unit: write ${number}B (or KB, KiB, MB, MiB)` };
  if (!isSizeUnit(q.unit)) {
    const fix = unitFix(q.unit, number);
    return fix === undefined
      ? { ok: false, problem: `"${q.text}" has an unknown unit "${q.unit}"`, hint: SIZE_UNITS_HINT }
      : { ok: false, problem: `"${q.text}": the unit "${q.unit}" is not one the lab reads`, hint: fix };
  }
  if (q.space !== '') return { ok: false, problem: `"${input}" has a space before its unit`, hint: `write ${number}${q.unit}` };
  const bytes = scaleQuantity(q, SIZE_UNITS[q.unit], 1);
  if (q.negative && bytes.value !== 0) return { ok: false, problem: `"${q.text}" is negative`, hint: 'sizes are 0B or more' };
  if (!bytes.whole) {
    const shown = q.unit === 'B' ? '' : ` (${bytes.value}B)`;
    return { ok: false, problem: `"${q.text}"${shown} is not a whole number of bytes`, hint: `use ${bytes.floor}B or ${bytes.ceil}B` };
  }
  return { ok: true, bytes: bytes.value };
};

/** Bytes in the largest unit that divides them exactly: `16B`, `1KB`, `4KiB`, `1MiB`. */
export const formatSize = (bytes: number): string => {
  for (const unit of ['MiB', 'MB', 'KiB', 'KB'] as const) {
    const factor = SIZE_UNITS[unit];
    if (bytes >= factor && bytes % factor === 0) return `${bytes / factor}${unit}`;
  }
  return `${bytes}B`;
};

// --- rates (`1MB/s`, `unlimited`) for bandwidth caps, per direction in the network section.
// Toxiproxy's bandwidth toxic takes a whole number of KB/s (KB = 1000 bytes), so every rate
// must convert to whole KB/s exactly; 1KiB/s (1.024KB/s) cannot be honoured and is an error.

type RateParse = { ok: true; kbps: number | null } | { ok: false; problem: string; hint: string };

export const RATE_HINT =
  'a rate is a size per second: B/s, KB/s, MB/s (1000-based) or KiB/s, MiB/s, in whole KB/s from 1KB/s; or unlimited';
const { min: minKBps, max: maxKBps } = LIMITS.bandwidthKBps;

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
      hint: `a cap is from ${formatRate(minKBps)}; for no cap write unlimited`,
    };
  }
  if (!kbps.whole) {
    const options = kbps.floor < minKBps ? formatRate(minKBps) : `${formatRate(kbps.floor)} or ${formatRate(kbps.ceil)}`;
    return {
      ok: false,
      problem: `"${text}" is ${kbps.value}KB/s, not a whole number of KB/s`,
      hint: `Toxiproxy's bandwidth toxic takes whole KB/s (1KB = 1000 bytes): use ${options}`,
    };
  }
  if (kbps.value < minKBps) {
    return {
      ok: false,
      problem: `"${text}" is below ${formatRate(minKBps)}`,
      hint: `the smallest cap Toxiproxy can set is ${formatRate(minKBps)}; for no cap write unlimited`,
    };
  }
  if (kbps.value > maxKBps) {
    return {
      ok: false,
      problem: `"${text}" is out of range`,
      hint: `a cap is from ${formatRate(minKBps)} to ${formatRate(maxKBps)}; for no cap write unlimited`,
    };
  }
  return { ok: true, kbps: kbps.value };
};
