// Shared helpers for the scenario tests: numbered YAML lines, catching the thrown error, and the
// resolved shapes a default workload and network take.
import { parseScenario, type NetworkAxes, type ScenarioError, type Workload } from '../../../lab/scenario/index.ts';

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

// `line:col: field: message` of each issue, in file order.
export const lines = (error: ScenarioError): string[] =>
  error.issues.map((i) => `${i.line}:${i.col}: ${i.field}${i.field === '' ? '' : ': '}${i.message}`);

// The hint of each issue, in file order.
export const hints = (error: ScenarioError): string[] => error.issues.map((i) => i.hint);

// A resolved workload with every default, for `command` and `commands`.
export const defaultWorkload = (command: Workload['command'], commands: number[], overrides: Partial<Workload> = {}): Workload => ({
  label: command,
  command,
  key: 'bench:counter',
  keys: { kind: 'one' },
  commands,
  valueBytes: [{ minBytes: 16, maxBytes: 16 }],
  incrementBy: 1,
  field: 'field',
  mgetKeys: 10,
  args: [],
  reply: { kind: 'any' },
  ...overrides,
});

// The resolved network when a file has no network section.
export const defaultNetwork = (overrides: Partial<NetworkAxes> = {}): NetworkAxes => ({
  rttMs: [0],
  jitterMs: [0],
  bandwidth: [{ upKBps: null, downKBps: null }],
  direct: false,
  ...overrides,
});
