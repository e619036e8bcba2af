// `value:`: the size of each value written or read, with a unit (`16B`, `1KB`, `4KiB`), a range
// drawn uniformly per operation (`16B..1KB`), or a list of those (a matrix axis). Redis takes
// values of at most 512MiB, so anything larger is an error.

import type { ValueSize } from '../contracts/index.ts';
import { MAX_VALUE_BYTES } from './defaults.ts';
import { readAxis } from './axis.ts';
import { formatSize, parseSize, SIZE_UNITS_HINT } from './sizes.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

export const VALUE_HINT = `a value size with a unit (16B, 1KB, 4KiB), a range 16B..1KB drawn per operation, or a list of those; ${SIZE_UNITS_HINT}`;

/** `16B`, or `16B..1KB` for a range. */
export const formatValueSize = (v: ValueSize): string =>
  v.minBytes === v.maxBytes ? formatSize(v.minBytes) : `${formatSize(v.minBytes)}..${formatSize(v.maxBytes)}`;

// One end of a size (or the whole of a fixed one), in bytes within Redis's limit.
const readBytes = (text: string | number, whole: string, path: FieldPath, problems: Problem[]): number | undefined => {
  const parsed = parseSize(text);
  const prefix = typeof text === 'string' && whole !== text.trim() ? `"${whole}": ` : '';
  if (!parsed.ok) {
    problems.push({ path, message: `${prefix}${parsed.problem}`, hint: parsed.hint });
    return undefined;
  }
  if (parsed.bytes > MAX_VALUE_BYTES) {
    const message = `${prefix}"${String(text).trim()}" is above ${formatSize(MAX_VALUE_BYTES)}, the largest value Redis accepts`;
    problems.push({ path, message, hint: `value sizes go up to ${formatSize(MAX_VALUE_BYTES)} (Redis's proto-max-bulk-len)` });
    return undefined;
  }
  return parsed.bytes;
};

// One size or one range.
const readValueSize = (value: unknown, path: FieldPath, problems: Problem[]): ValueSize | undefined => {
  if (typeof value === 'number') {
    const bytes = readBytes(value, String(value), path, problems);
    return bytes === undefined ? undefined : { minBytes: bytes, maxBytes: bytes };
  }
  if (typeof value !== 'string') {
    problems.push({ path, message: `expected a value size like 16B, got ${describeValue(value)}`, hint: VALUE_HINT });
    return undefined;
  }
  const whole = value.trim();
  const dots = whole.indexOf('..');
  if (dots < 0) {
    const bytes = readBytes(value, whole, path, problems);
    return bytes === undefined ? undefined : { minBytes: bytes, maxBytes: bytes };
  }
  const before = problems.length;
  const minBytes = readBytes(whole.slice(0, dots), whole, path, problems);
  const maxBytes = readBytes(whole.slice(dots + 2), whole, path, problems);
  if (minBytes === undefined || maxBytes === undefined || problems.length > before) return undefined;
  if (minBytes > maxBytes) {
    const fixed = `${whole.slice(dots + 2).trim()}..${whole.slice(0, dots).trim()}`;
    problems.push({ path, message: `"${whole}": the smaller size comes first`, hint: `write ${fixed}` });
    return undefined;
  }
  return { minBytes, maxBytes };
};

/** Reads `value`: one size or range, or a list of distinct ones. */
export const readValueSizes = (value: unknown, path: FieldPath, problems: Problem[]): ValueSize[] | undefined =>
  readAxis(
    value,
    path,
    { readItem: (item, itemPath) => readValueSize(item, itemPath, problems), label: formatValueSize, what: 'value size', example: 'value: [16B, 1KB, 16B..4KiB]' },
    problems,
  );
