// What every check behind a matcher returns, and how the checks write figures and marks.
// Pure: the checks read a LabResult and never run anything.

/** The outcome of one check: whether it holds and, either way, what was found. */
export interface CheckResult {
  pass: boolean;
  /** What the check found, in words: each failure with its figures (or what passed). */
  message: string;
}

/** A figure as a message shows it: whole numbers as they are, others to 3 decimals. */
export const formatFigure = (value: number | string | null): string => {
  if (value === null) return 'not measured';
  if (typeof value === 'string') return value;
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));
};

export const mark = (pass: boolean): string => (pass ? '✓' : '✗');

/** `1 run`, `3 runs`. */
export const plural = (count: number, noun: string, pluralNoun = `${noun}s`): string =>
  `${count} ${count === 1 ? noun : pluralNoun}`;
