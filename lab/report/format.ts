// Number formatting for the terminal: fixed rules so equal values always print the same.

export const NOT_AVAILABLE = 'n/a';

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

// Per-command latency is recorded in µs and shown in ms: 3 decimals below 1 ms (0.095), else 2 (10.39).
export const formatUsAsMs = (us: number): string => fixed(us / 1000, Math.abs(us) < 1000 ? 3 : 2);

// Whole operations per second with thousands separators (locale-independent).
export const formatOps = (opsPerSec: number): string =>
  String(Math.round(opsPerSec)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

// A run's wall time: ms below a second, seconds with one decimal above.
export const formatDuration = (ms: number): string =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${fixed(ms / 1000, 1)} s`;

// Format a value that may be missing.
export const orNa = <T>(value: T | null | undefined, format: (v: T) => string): string =>
  value === null || value === undefined ? NOT_AVAILABLE : format(value);
