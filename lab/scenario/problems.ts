// What is wrong with a scenario and how it is reported: a Problem addressed by its field path
// while validating, then a ScenarioIssue at file:line:col, gathered into one ScenarioError.
// Also the "did you mean" every reader offers for a misspelt word.

import { LabError } from '../errors/index.ts';

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

// --- "did you mean …?" for misspelt keys, modes and metrics --------------------------------

// Optimal-string-alignment distance: edits, with a swap of two neighbours counting as one.
const editDistance = (a: string, b: string): number => {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? Math.max(a.length, b.length);
};

// The one candidate within two edits of `word` (case ignored), or undefined when none or a tie.
export const closest = (word: string, candidates: readonly string[]): string | undefined => {
  const lower = word.toLowerCase();
  const scored = candidates
    .map((candidate) => ({ candidate, distance: editDistance(lower, candidate.toLowerCase()) }))
    .filter(({ distance }) => distance <= 2 && distance < Math.max(word.length, 2))
    .sort((x, y) => x.distance - y.distance);
  const [first, second] = scored;
  if (first === undefined || (second !== undefined && second.distance === first.distance)) return undefined;
  return first.candidate;
};

// --- the error: every problem, each at file:line:col with a hint ----------------------------

/** One located problem, also available to callers that render their own output. */
export interface ScenarioIssue {
  file: string;
  line: number;
  col: number;
  /** Field path such as `network.rtt[1]`; empty for problems of the file as a whole. */
  field: string;
  /** What is wrong. */
  message: string;
  /** What would be valid. */
  hint: string;
}

/** E_SCENARIO_INVALID with the structured issues behind its message. */
export class ScenarioError extends LabError {
  readonly issues: readonly ScenarioIssue[];

  constructor(message: string, hint: string, issues: readonly ScenarioIssue[]) {
    super('E_SCENARIO_INVALID', message, { hint });
    this.issues = issues;
  }
}

// `scenarios/x.yaml:7:10: network.rtt[1]: "1.5ms" is not a whole number of milliseconds`
const issueLine = (issue: ScenarioIssue): string =>
  `${issue.file}:${issue.line}:${issue.col}: ${issue.field === '' ? '' : `${issue.field}: `}${issue.message}`;

// One problem: its line is the message and its hint the hint. Several: a count, then each
// problem followed by its own hint, in file order.
export const scenarioError = (file: string, issues: readonly ScenarioIssue[]): ScenarioError => {
  const sorted = [...issues].sort((a, b) => a.line - b.line || a.col - b.col);
  const [only] = sorted;
  if (sorted.length === 1 && only !== undefined) return new ScenarioError(issueLine(only), only.hint, sorted);
  const lines = sorted.flatMap((issue) => [issueLine(issue), `  hint: ${issue.hint}`]);
  return new ScenarioError(
    [`${sorted.length} problems in ${file}`, ...lines].join('\n'),
    'each problem above is followed by what would be valid',
    sorted,
  );
};
