// Duration strings (`10ms`, `0.5s`, `250us`): every duration in a scenario carries its unit,
// and conversion is done on the decimal text so `1.005s` is exactly 1005ms.

export type DurationUnit = 'us' | 'ms' | 's';

/** A parsed duration, kept as decimal text so conversions are exact. */
export interface Duration {
  /** The text as written. */
  text: string;
  negative: boolean;
  /** Digits before and after the decimal point. */
  whole: string;
  fraction: string;
  unit: DurationUnit;
}

export type DurationParse =
  | { ok: true; duration: Duration }
  | { ok: false; problem: string; hint: string };

/** A duration expressed in one unit; `whole` is false when it is not a whole number of it. */
export interface DurationValue {
  value: number;
  whole: boolean;
}

const POWER_OF_TEN: Record<DurationUnit, number> = { us: 0, ms: 3, s: 6 };
const UNITS_HINT = 'a duration is a number and a unit: us, ms or s (for example 250us, 10ms, 0.5s)';
const SHAPE = /^(-?)(\d*)(?:\.(\d+))?(\s*)(.*)$/;

// Explains a unit that is not us, ms or s, with the spelling that would work.
const unitProblem = (text: string, number: string, unit: string): DurationParse => {
  const lower = unit.toLowerCase();
  if (lower === 'us' || lower === 'ms' || lower === 's') {
    return { ok: false, problem: `"${text}": units are lowercase`, hint: `write ${number}${lower}` };
  }
  if (unit === 'µs' || unit === 'μs') {
    return { ok: false, problem: `"${text}": write microseconds as us`, hint: `write ${number}us` };
  }
  return { ok: false, problem: `"${text}" has an unknown unit "${unit}"`, hint: UNITS_HINT };
};

// Reads `10ms`-style text; every failure says what was wrong and what to write instead.
export const parseDuration = (input: string | number): DurationParse => {
  if (typeof input === 'number') {
    return { ok: false, problem: `${input} has no unit`, hint: `durations carry a unit: write ${input}ms (or us, s)` };
  }
  const text = input.trim();
  const m = SHAPE.exec(text);
  if (m === null || (m[2] === '' && m[3] === undefined)) {
    return { ok: false, problem: `"${input}" is not a duration`, hint: UNITS_HINT };
  }
  const [, sign = '', wholeDigits = '', fraction = '', space = '', unit = ''] = m;
  const whole = wholeDigits === '' ? '0' : wholeDigits;
  const number = `${sign}${whole}${fraction === '' ? '' : `.${fraction}`}`;
  if (unit === '') {
    return { ok: false, problem: `"${input}" has no unit`, hint: `durations carry a unit: write ${number}ms (or us, s)` };
  }
  if (space !== '') {
    return { ok: false, problem: `"${input}" has a space before its unit`, hint: `write ${number}${unit}` };
  }
  if (unit !== 'us' && unit !== 'ms' && unit !== 's') return unitProblem(text, number, unit);
  return { ok: true, duration: { text, negative: sign === '-', whole, fraction, unit } };
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
