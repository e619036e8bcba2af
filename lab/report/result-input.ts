// Reading a result JSON back (for `report` and `compare`): the file must be a LabResult as
// `run --json` or `--out` wrote it. Checks the fields the renderers read and names the first
// one that is missing, so a wrong file fails with a clear error instead of a blank chart.

import { readFile } from 'node:fs/promises';
import { LabError, errorMessage } from '../errors/index.ts';
import type { LabResult } from '../contracts/index.ts';

const HINT = 'give a file written by `redis-fault-lab run --json FILE` or the result.json of `--out DIR`';

const invalid = (file: string, message: string, cause?: unknown): LabError =>
  new LabError('E_RESULT_INVALID', `${file}: ${message}`, { hint: HINT, ...(cause === undefined ? {} : { cause }) });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// The first top-level or per-config field that is missing or of the wrong type, or undefined.
const problemOf = (value: unknown): string | undefined => {
  if (!isObject(value)) return 'expected a JSON object (a lab result)';
  if (!isObject(value.scenario) || typeof value.scenario.name !== 'string') return 'scenario.name: expected a string';
  for (const field of ['configs', 'calibration', 'thresholds', 'warnings', 'notMeasured'] as const) {
    if (!Array.isArray(value[field])) return `${field}: expected an array`;
  }
  const configs = value.configs as unknown[];
  for (const [i, config] of configs.entries()) {
    if (!isObject(config) || typeof config.id !== 'string') return `configs[${i}].id: expected a string`;
    if (!Array.isArray(config.runs)) return `configs[${i}].runs: expected an array (config "${config.id}")`;
    if (config.medianMs !== null && typeof config.medianMs !== 'number') return `configs[${i}].medianMs: expected a number or null (config "${config.id}")`;
  }
  if (value.reconcile !== undefined && !Array.isArray(value.reconcile)) return 'reconcile: expected an array';
  return undefined;
};

/** Reads and checks one result file; throws E_RESULT_INVALID naming the file and field. */
export const readResultFile = async (file: string): Promise<LabResult> => {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw invalid(file, `cannot read the file (${errorMessage(error)})`, error);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(file, `not JSON (${errorMessage(error)})`, error);
  }
  const problem = problemOf(value);
  if (problem !== undefined) throw invalid(file, problem);
  return value as LabResult;
};
