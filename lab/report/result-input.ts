// Reading a result JSON back (for `report` and `compare`): the file must be a result as `run
// --json` or `--out` wrote it: a LabResult, or for a cluster scenario a ClusterResult (`kind:
// "cluster"`), which `report` reads and `compare` does not. Checks the fields the renderers read
// and names the first one that is missing, so a wrong file fails with a clear error instead of a
// blank chart.

import { readFile } from 'node:fs/promises';
import { LabError, errorMessage } from '../errors/index.ts';
import { isClusterResult, type AnyResult, type LabResult } from '../contracts/index.ts';

const HINT = 'give a file written by `redis-fault-lab run --json FILE` or the result.json of `--out DIR`';

const invalid = (file: string, message: string, cause?: unknown): LabError =>
  new LabError('E_RESULT_INVALID', `${file}: ${message}`, { hint: HINT, ...(cause === undefined ? {} : { cause }) });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// The first top-level or per-config field that is missing or of the wrong type, or undefined.
const problemOf = (value: unknown): string | undefined => {
  if (!isObject(value)) return 'expected a JSON object (a lab result)';
  if (!isObject(value.scenario) || typeof value.scenario.name !== 'string') return 'scenario.name: expected a string';
  if (value.kind === 'cluster') return clusterProblemOf(value);
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

// The same for a cluster result: its links, runs and faults as the cluster renderers read them.
const clusterProblemOf = (value: Record<string, unknown>): string | undefined => {
  if (!isObject(value.topology) || !isObject(value.topology.cluster)) return 'topology.cluster: expected an object (a cluster result)';
  for (const field of ['links', 'configs', 'faults', 'warnings', 'notMeasured'] as const) {
    if (!Array.isArray(value[field])) return `${field}: expected an array (a cluster result)`;
  }
  for (const [i, link] of (value.links as unknown[]).entries()) {
    if (!isObject(link) || typeof link.node !== 'string' || !isObject(link.calibration)) return `links[${i}]: expected a node name and its calibration`;
  }
  for (const [i, config] of (value.configs as unknown[]).entries()) {
    if (!isObject(config) || typeof config.id !== 'string') return `configs[${i}].id: expected a string`;
    if (!Array.isArray(config.runsMs) || !Array.isArray(config.perNode)) return `configs[${i}]: expected runsMs and perNode arrays (config "${config.id}")`;
  }
  for (const [i, fault] of (value.faults as unknown[]).entries()) {
    if (!isObject(fault) || !isObject(fault.fault) || !Array.isArray(fault.timeline) || !isObject(fault.writes)) return `faults[${i}]: expected fault, timeline and writes`;
  }
  return undefined;
};

/** Reads and checks one result file of either kind; throws E_RESULT_INVALID naming the file and field. */
export const readAnyResultFile = async (file: string): Promise<AnyResult> => {
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
  return value as AnyResult;
};

/** A single-node (or topology) result only: what `compare` takes. */
export const readResultFile = async (file: string): Promise<LabResult> => {
  const result = await readAnyResultFile(file);
  if (isClusterResult(result)) {
    throw new LabError('E_RESULT_INVALID', `${file}: a cluster result; compare takes results of single-node scenarios only (cluster runs have no comparison yet)`, {
      hint: `read it with \`redis-fault-lab report ${file}\` (add --html FILE for the HTML report)`,
    });
  }
  return result;
};
