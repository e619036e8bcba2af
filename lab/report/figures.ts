// How figures print on a terminal: fixed rules so equal values always print the same, every
// figure not in a column headed with its unit carries the unit itself, and errors by kind as
// one short text ("2 (ABORTED×2)", the most frequent kinds first).

const NOT_AVAILABLE = 'n/a';

// toFixed without the "-0.00" that tiny negative noise would print.
export const fixed = (value: number, decimals: number): string => {
  const text = value.toFixed(decimals);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
};

// Milliseconds with about three significant figures: 0.412, 4.12, 41.2, 412.0 is 412.
export const formatMs = (ms: number): string => {
  const magnitude = Math.abs(ms);
  if (magnitude < 1) return fixed(ms, 3);
  if (magnitude < 10) return fixed(ms, 2);
  if (magnitude < 1000) return fixed(ms, 1);
  return fixed(ms, 0);
};

// A latency with its unit, about three significant figures: "95 µs", "1.02 ms", "86.0 ms", "1.24 s".
export const formatLatencyUs = (us: number): string => {
  const magnitude = Math.abs(us);
  if (magnitude < 1000) return `${Math.round(us)} µs`;
  if (magnitude < 1_000_000) return `${formatMs(us / 1000)} ms`;
  return `${fixed(us / 1_000_000, magnitude < 10_000_000 ? 2 : 1)} s`;
};

// Whole operations per second with thousands separators (locale-independent).
export const formatOps = (opsPerSec: number): string => formatCount(Math.round(opsPerSec));

// An integer with thousands separators: 1,234,567.
export const formatCount = (count: number): string => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

// A run's wall time: ms below a second, seconds with one decimal above.
export const formatDuration = (ms: number): string =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${fixed(ms / 1000, 1)} s`;

// Bytes as megabytes (MB = 10^6 bytes, like Toxiproxy's KB = 1000 bytes), one decimal.
export const formatMB = (bytes: number): string => fixed(bytes / 1e6, 1);

// Bytes with a decimal unit chosen by size: "512 B", "34.1 kB", "1.23 MB", "2.05 GB".
export const formatBytes = (bytes: number): string => {
  const magnitude = Math.abs(bytes);
  if (magnitude < 1000) return `${Math.round(bytes)} B`;
  const [scale, unit] = magnitude < 1e6 ? [1e3, 'kB'] : magnitude < 1e9 ? [1e6, 'MB'] : [1e9, 'GB'];
  const value = bytes / scale;
  return `${fixed(value, Math.abs(value) < 10 ? 2 : 1)} ${unit}`;
};

// A signed figure ("+3.1", "-0.4", "0.0") for growth columns.
export const signed = (text: string): string => (text.startsWith('-') || /^0\.?0*$/.test(text) ? text : `+${text}`);

// A dimensionless ratio with its "×": "1.01×".
export const formatRatio = (ratio: number): string => `${fixed(ratio, 2)}×`;

// Elapsed time or an ETA for the progress bar: "8s", "1m05s", "2h03m".
export const formatClock = (ms: number): string => {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m${String(seconds).padStart(2, '0')}s`;
  return `${seconds}s`;
};

// Format a value that may be missing.
export const orNa = <T>(value: T | null | undefined, format: (v: T) => string): string =>
  value === null || value === undefined ? NOT_AVAILABLE : format(value);

/** Kinds listed in full at most; the rest are counted ("and 99,990 more kinds"). */
export const LISTED_KINDS_MAX = 10;

// Names in code-unit order: locale-independent, and fast enough for 100,000 kinds (localeCompare
// is not).
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Kinds with their counts, most frequent first, then by name; sorted once per call. */
const sortedKinds = (byKind: Readonly<Record<string, number>>): [kind: string, count: number][] =>
  Object.entries(byKind)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || byName(a, b));

const kindCount = (n: number): string => `${n} kind${n === 1 ? '' : 's'}`;
const kindTexts = (kinds: readonly [string, number][], shown: number): string[] => kinds.slice(0, shown).map(([kind, count]) => `${kind}×${count}`);

/** "ABORTED×2, ERR×1", or the first `maxKinds` of them then "+N kinds". */
export const kindsText = (byKind: Readonly<Record<string, number>>, maxKinds = Infinity): string => {
  const kinds = sortedKinds(byKind);
  const shown = kindTexts(kinds, maxKinds);
  const hidden = kinds.length - shown.length;
  return [...shown, ...(hidden > 0 ? [`+${kindCount(hidden)}`] : [])].join(', ');
};

const sum = (kinds: readonly [string, number][]): number => kinds.reduce((total, [, count]) => total + count, 0);

/** "0" or "3 (ABORTED×2, ERR×1)": the total, and the kinds when there are any; past `maxKinds`
 * (LISTED_KINDS_MAX unless given) the rest are counted: "… ERR×1, and 99,990 more kinds)". */
export const errorsText = (byKind: Readonly<Record<string, number>>, maxKinds = LISTED_KINDS_MAX): string => {
  const kinds = sortedKinds(byKind);
  if (kinds.length === 0) return '0';
  const shown = kindTexts(kinds, maxKinds);
  const hidden = kinds.length - shown.length;
  const tail = hidden > 0 ? [`and ${formatCount(hidden)} more kind${hidden === 1 ? '' : 's'}`] : [];
  return `${sum(kinds)} (${[...shown, ...tail].join(', ')})`;
};

/** errorsText with as many kinds as fit in `maxChars` (down to "9 (3 kinds)"), and whether kinds
 * were left out. Linear in the kinds: one sort, then each candidate's length from running sums. */
export const errorsCellText = (
  byKind: Readonly<Record<string, number>>,
  maxChars: number,
): { text: string; complete: boolean } => {
  const kinds = sortedKinds(byKind);
  if (kinds.length === 0) return { text: '0', complete: true };
  const total = String(sum(kinds));
  // prefix[n]: the length of the first n kinds' texts joined by ", ".
  const prefix = [0];
  for (const [i, [kind, count]] of kinds.entries()) prefix.push((prefix[i] ?? 0) + (i === 0 ? 0 : 2) + kind.length + 1 + String(count).length);
  const lengthOf = (shown: number): number => {
    const hidden = kinds.length - shown;
    const tail = hidden > 0 ? 2 + `+${kindCount(hidden)}`.length : 0;
    return total.length + 2 + (prefix[shown] ?? 0) + tail + 1;
  };
  for (let shown = kinds.length; shown >= 1; shown--) {
    if (lengthOf(shown) > maxChars) continue;
    const hidden = kinds.length - shown;
    const text = `${total} (${[...kindTexts(kinds, shown), ...(hidden > 0 ? [`+${kindCount(hidden)}`] : [])].join(', ')})`;
    return { text, complete: hidden === 0 };
  }
  return { text: `${total} (${kindCount(kinds.length)})`, complete: false };
};
