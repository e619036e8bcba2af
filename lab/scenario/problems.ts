// What validation finds wrong, before it is placed at a file:line:col.

export type FieldPath = readonly (string | number)[];

/** One thing wrong with a scenario, addressed by its field path in the parsed document. */
export interface Problem {
  path: FieldPath;
  /** What is wrong, without the path (it is added when the problem is located). */
  message: string;
  /** What would be valid. */
  hint: string;
  /** `key` points at the key itself (unknown keys), `value` (default) at its value. */
  at?: 'key' | 'value';
  /** A token inside a string value, so the column lands on it rather than on the string. */
  span?: { index: number; text: string };
}

// `network.rtt[1]`: how a field is named in messages.
export const formatPath = (path: FieldPath): string =>
  path.reduce<string>(
    (text, segment) => (typeof segment === 'number' ? `${text}[${segment}]` : text === '' ? segment : `${text}.${segment}`),
    '',
  );

// How a wrong value is quoted in "got …": strings in quotes, structures by their kind.
export const describeValue = (value: unknown): string => {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
};
