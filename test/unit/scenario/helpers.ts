// Shared helpers for the scenario tests: numbered YAML lines and catching the thrown error.
import { parseScenario, type ScenarioError } from '../../../lab/scenario/index.ts';

// Joins lines so that `lines[i]` is line i + 1 of the file: line numbers in asserts stay obvious.
export const yaml = (...lines: string[]): string => `${lines.join('\n')}\n`;

// The head every valid test file starts with (lines 1-3).
export const HEAD = ['name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync, {pipeline: 8}]'];

// Parses text that must fail and returns the error for its message, hint and issues.
export const failure = (text: string, file = 'scenarios/x.yaml'): ScenarioError => {
  try {
    parseScenario(text, file);
  } catch (error) {
    return error as ScenarioError;
  }
  throw new Error('expected the scenario to be rejected');
};

// `file:line:col: field: message` of each issue, in file order.
export const lines = (error: ScenarioError): string[] =>
  error.issues.map((i) => `${i.line}:${i.col}: ${i.field}${i.field === '' ? '' : ': '}${i.message}`);
