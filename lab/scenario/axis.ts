// A matrix axis: one value, or a non-empty list of distinct values. A value listed twice would
// give two cells the same id, so repeats are errors, compared after conversion (1ms = 1000us).

import { formatPath, type FieldPath, type Problem } from './problems.ts';

export interface AxisRules<T> {
  /** Reads one value; adds a Problem and returns undefined when it is invalid. */
  readItem: (value: unknown, path: FieldPath) => T | undefined;
  /** The value as ids and messages write it; equal labels mean equal values. */
  label: (item: T) => string;
  /** What one value is called, e.g. `rtt`, `connection count`. */
  what: string;
  /** A valid line showing a list, e.g. `rtt: [0ms, 10ms]`. */
  example: string;
}

// Reads the axis; every invalid or repeated value is its own problem.
export const readAxis = <T>(value: unknown, path: FieldPath, rules: AxisRules<T>, problems: Problem[]): T[] | undefined => {
  if (!Array.isArray(value)) {
    const single = rules.readItem(value, path);
    return single === undefined ? undefined : [single];
  }
  if (value.length === 0) {
    problems.push({ path, message: 'is an empty list', hint: `give one ${rules.what} or a list, e.g. ${rules.example}` });
    return undefined;
  }
  const before = problems.length;
  const firstIndex = new Map<string, number>();
  const items: T[] = [];
  value.forEach((raw, index) => {
    const item = rules.readItem(raw, [...path, index]);
    if (item === undefined) return;
    const label = rules.label(item);
    const first = firstIndex.get(label);
    if (first !== undefined) {
      const message = `${label} is listed twice (also ${formatPath([...path, first])})`;
      problems.push({ path: [...path, index], message, hint: `list each ${rules.what} once` });
      return;
    }
    firstIndex.set(label, index);
    items.push(item);
  });
  return problems.length === before ? items : undefined;
};
