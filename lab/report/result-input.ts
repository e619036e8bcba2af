// Reading a result JSON back (for `report` and `compare`): the file must be a result as `run
// --json` or `--out` wrote it: a LabResult of result version 2, or a version 1 single-node
// result (the same shape). A version 1 cluster result (`kind: "cluster"`) is refused with the
// version it needs. A result file is input that may have been crafted (a baseline committed in a
// pull request), so:
// - only a regular file is read, opened without blocking (a FIFO, a directory or /dev/zero is
//   refused at once, from fstat) and no larger than RESULT_FILE_MAX_BYTES;
// - the parsed value is checked against the result schema (result-schema/), generated from the
//   result contract: every field the renderers read, of its type, numbers finite and in range,
//   each HDR histogram within the lab's limits;
// and the first problem is named by file and JSON path, with what was expected and what was found.

import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { LabError, errorMessage } from '../errors/index.ts';
import type { LabResult } from '../contracts/index.ts';
import { schemaProblem, type SchemaProblem } from './result-schema/check.ts';
import { resultSchema } from './result-schema/result-schema.ts';

/** The largest result file read: 64 MiB, far above a lab run's (a few kB per config). */
export const RESULT_FILE_MAX_BYTES = 64 * 1024 * 1024;

export interface ReadResultOptions {
  /** Refuse files larger than this many bytes; default RESULT_FILE_MAX_BYTES. */
  maxBytes?: number;
}

const HINT = 'give a file written by `redis-fault-lab run --json FILE` or the result.json of `--out DIR`';
let schema: ReturnType<typeof resultSchema> | undefined;
const LAB_VERSION = (createRequire(import.meta.url)('redis-fault-lab/package.json') as { version: string }).version;

const invalid = (file: string, message: string, hint = HINT, cause?: unknown): LabError =>
  new LabError('E_RESULT_INVALID', `${file}: ${message}`, { hint, ...(cause === undefined ? {} : { cause }) });

const kindOf = (mode: number): string => {
  const type = mode & constants.S_IFMT;
  if (type === constants.S_IFDIR) return 'a directory';
  if (type === constants.S_IFIFO) return 'a FIFO (named pipe)';
  if (type === constants.S_IFCHR) return 'a character device';
  if (type === constants.S_IFBLK) return 'a block device';
  if (type === constants.S_IFSOCK) return 'a socket';
  return 'not a regular file';
};

// The file's text: opened non-blocking (so a FIFO without a writer does not hang the open), then
// fstat before any read; at most maxBytes + 1 bytes are read, in case it grows meanwhile.
const readRegularFile = async (file: string, maxBytes: number): Promise<string> => {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw invalid(file, `cannot read the file (${errorMessage(error)})`, HINT, error);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw invalid(file, `${kindOf(stat.mode)}, not a regular file; a result is read from a regular file only`);
    const tooLarge = `larger than ${maxBytes} bytes, the most a result file may hold`;
    if (stat.size > maxBytes) throw invalid(file, `${stat.size} bytes, ${tooLarge}`);
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw invalid(file, tooLarge);
      if (length === buffer.length) break;
    }
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (error instanceof LabError) throw error;
    throw invalid(file, `cannot read the file (${errorMessage(error)})`, HINT, error);
  } finally {
    await handle.close();
  }
};

// The first pass, kept from before the schema for its messages (which users and tests know): the
// fields the renderers read first, by hand. The schema then checks everything.
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

// A primary/replicas result of version 1 kept its figures in topology.replication / .failover;
// version 2 has them as configs and reconcile rows (issue 23).
const replicaV1Problem = (value: Record<string, unknown>): string | undefined => {
  const figures = isObject(value.topology) ? ['replication', 'failover'].find((key) => key in (value.topology as object)) : undefined;
  return figures === undefined ? undefined : `written by redis-fault-lab result version 1 (topology.${figures}); this version reads version 2: re-run the scenario`;
};

// ` (config "pipeline:8@rtt=10ms")` when the path is inside a config that has a string id.
const configContext = (value: Record<string, unknown>, path: string): string => {
  const index = /^configs\[(\d+)\]\./.exec(path)?.[1];
  if (index === undefined || !Array.isArray(value.configs)) return '';
  const config: unknown = value.configs[Number(index)];
  const id = typeof config === 'object' && config !== null ? (config as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? ` (config ${JSON.stringify(id)})` : '';
};

const schemaError = (file: string, value: Record<string, unknown>, problem: SchemaProblem): LabError => {
  const where = problem.path === '' ? '' : `${problem.path}: `;
  const message = `${where}expected ${problem.expected}${configContext(value, problem.path)}`;
  const found = problem.got === undefined
    ? `the field is missing; a result written by an older redis-fault-lab lacks fields this one reads: rerun the scenario with redis-fault-lab ${LAB_VERSION} (result format: scenarios/result.schema.json), or ${HINT}`
    : `the file has ${problem.got} there; ${HINT}`;
  return invalid(file, message, found);
};

const RERUN = 'this version reads version 2: re-run the scenario';

// A version 1 file whose shape version 2 changed: refused by name, before the schema says less.
const oldVersionProblem = (value: unknown): string | undefined =>
  isObject(value) && value.resultVersion === undefined && value.kind === 'cluster' ? `written by redis-fault-lab result version 1 (a Redis Cluster result, kind "cluster"); ${RERUN}` : undefined;

/** Reads and checks one result file; throws E_RESULT_INVALID naming the file, the JSON path and
 * what was expected. */
export const readResultFile = async (file: string, options: ReadResultOptions = {}): Promise<LabResult> => {
  const text = await readRegularFile(file, options.maxBytes ?? RESULT_FILE_MAX_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(file, `not JSON (${errorMessage(error)})`, HINT, error);
  }
  const old = oldVersionProblem(value);
  if (old !== undefined) throw invalid(file, old, `run the scenario again with redis-fault-lab ${LAB_VERSION} (result format: scenarios/result.schema.json) and ${HINT}`);
  const shape = problemOf(value);
  if (shape !== undefined) throw invalid(file, shape);
  const replicaV1 = replicaV1Problem(value as Record<string, unknown>);
  if (replicaV1 !== undefined) throw invalid(file, replicaV1, `re-run the scenario with redis-fault-lab ${LAB_VERSION} to get a result this version reads`);
  const problem = schemaProblem(value, (schema ??= resultSchema()));
  if (problem !== undefined) throw schemaError(file, value as Record<string, unknown>, problem);
  return value as LabResult;
};
