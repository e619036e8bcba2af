// The error a bad scenario file raises: every problem, each at file:line:col with a hint.

import { LabError } from '../errors/index.ts';

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
export const issueLine = (issue: ScenarioIssue): string =>
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
