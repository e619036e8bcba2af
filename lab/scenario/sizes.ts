// Sizes with units (`16B`, `1KB`, `4KiB`, `1.5MB`): KB and MB are 1000-based, KiB and MiB
// 1024-based, and a size must come out as whole bytes. Used for values, cut bytes and the
// rss/heap threshold bounds.

import { numberText, scaleQuantity, splitQuantity } from './quantity.ts';

export const SIZE_UNITS = { B: 1, KB: 1000, MB: 1_000_000, KiB: 1024, MiB: 1_048_576 } as const;
export type SizeUnit = keyof typeof SIZE_UNITS;

export type SizeParse = { ok: true; bytes: number } | { ok: false; problem: string; hint: string };

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
  if (['g', 'gb', 'gib', 't', 'tb', 'tib'].includes(lower)) return 'sizes go up to MB and MiB; Redis takes values of at most 512MiB';
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
