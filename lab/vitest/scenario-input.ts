// What `lab.run` accepts as a scenario: a file path (or file: URL), inline YAML text, or a
// Scenario object, turned into a Scenario through the library's own loader and parser.

import { fileURLToPath } from 'node:url';
import { loadScenarioFile, parseScenario, type Scenario } from '../index.ts';

/**
 * A scenario file path (relative paths start at the current directory, as vitest runs in the
 * project root), a `file:` URL such as `new URL('./slow-link.yaml', import.meta.url)`, inline
 * YAML text (any string with a line break, or starting with `{`), or a parsed Scenario.
 */
export type ScenarioInput = string | URL | Scenario;

/** True when a string is scenario text rather than a path: it has a line break or is a flow mapping. */
export const isInlineYaml = (text: string): boolean => text.includes('\n') || text.trimStart().startsWith('{');

/** Loads, parses or passes through the scenario; `label` names inline YAML in error messages. */
export const toScenario = async (input: ScenarioInput, label: string): Promise<Scenario> => {
  if (input instanceof URL) return loadScenarioFile(fileURLToPath(input));
  if (typeof input === 'string') return isInlineYaml(input) ? parseScenario(input, label) : loadScenarioFile(input);
  return input;
};
