// A number followed by a unit (`1.5KB`, `100KiB/s`), kept as decimal text so that conversions
// are exact: `0.5KiB` is exactly 512 bytes and `1KiB/s` is exactly 1.024KB/s, never 1.0239999.

/** `-1.5 KB` split into its parts, as written. */
export interface Quantity {
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
export const splitQuantity = (input: string): Quantity | undefined => {
  const text = input.trim();
  const m = SHAPE.exec(text);
  if (m === null || (m[2] === '' && m[3] === undefined)) return undefined;
  const [, sign = '', whole = '', fraction = '', space = '', unit = ''] = m;
  return { text, negative: sign === '-', whole: whole === '' ? '0' : whole, fraction, space, unit };
};

/** The number as written without its unit: `1.5`. */
export const numberText = (q: Quantity): string => `${q.negative ? '-' : ''}${q.whole}${q.fraction === '' ? '' : `.${q.fraction}`}`;

/** An exact ratio converted to a number; `whole` says whether it is an integer. */
export interface Scaled {
  value: number;
  whole: boolean;
  /** The integers just below and above (equal when whole). */
  floor: number;
  ceil: number;
}

/** |quantity| × multiplier / divisor, exactly (multiplier and divisor are whole numbers). */
export const scaleQuantity = (q: Quantity, multiplier: number, divisor: number): Scaled => {
  const numerator = BigInt(q.whole + q.fraction) * BigInt(multiplier);
  const denominator = 10n ** BigInt(q.fraction.length) * BigInt(divisor);
  const floor = numerator / denominator;
  const whole = numerator % denominator === 0n;
  const value = whole ? Number(floor) : Number(numerator) / Number(denominator);
  return { value, whole, floor: Number(floor), ceil: Number(whole ? floor : floor + 1n) };
};
