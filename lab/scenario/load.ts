// Reading a scenario file from disk; a path that cannot be read is its own error code.

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Scenario } from '../contracts/index.ts';
import { parseScenario } from './parse.ts';
import { LabError, errorMessage } from '../errors/index.ts';

// Says why the file could not be read and what to check, by errno code.
const unreadable = (path: string, error: unknown): LabError => {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const absolute = resolve(path);
  if (code === 'ENOENT') {
    return new LabError('E_SCENARIO_NOT_FOUND', `scenario file not found: ${path}`, {
      hint: `looked for ${absolute}; relative paths start at the current directory (shipped scenarios are in scenarios/)`,
      cause: error,
    });
  }
  if (code === 'EISDIR') {
    return new LabError('E_SCENARIO_NOT_FOUND', `scenario path is a directory: ${path}`, {
      hint: 'give a .yaml or .json scenario file inside it',
      cause: error,
    });
  }
  return new LabError('E_SCENARIO_NOT_FOUND', `cannot read scenario file ${path}: ${errorMessage(error)}`, {
    hint: `check that ${absolute} is a readable file`,
    cause: error,
  });
};

/** Reads and parses a scenario file; `file` on the result is the path as given. */
export const loadScenarioFile = async (path: string): Promise<Scenario> => {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw unreadable(path, error);
  }
  return { ...parseScenario(text, path), file: path };
};
