// Where a suite's results go: with a results directory (useLab's `resultsDir`, or the
// REDIS_FAULT_LAB_RESULTS_DIR environment variable), every `lab.run` writes its result as JSON
// there, so shards of one suite on several CI runners each leave files that
// `redis-fault-lab report a.json b.json ... --html FILE` merges into one page.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LabError, type LabResult } from '../index.ts';

/** The environment variable read when useLab is given no `resultsDir`. */
const RESULTS_DIR_ENV = 'REDIS_FAULT_LAB_RESULTS_DIR';

/** The directory to save results in, or undefined (save nothing): the option, else the environment. */
export const resultsDirFrom = (option: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined => {
  const dir = option ?? env[RESULTS_DIR_ENV];
  return dir === undefined || dir === '' ? undefined : dir;
};

/** `cross-dc-incr` stays; anything outside [A-Za-z0-9._-] becomes '_', and a leading dot is dropped. */
export const resultFileStem = (scenarioName: string): string => scenarioName.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '') || 'result';

const MAX_SUFFIX = 1000;

/**
 * Writes the result to `<dir>/<scenario name>.json`, or `-2.json`, `-3.json`... when that name is
 * taken (by another run of the same scenario, in this process or another shard's): a file is
 * never overwritten. Returns the path written.
 */
export const saveResult = async (dir: string, result: LabResult): Promise<string> => {
  const text = `${JSON.stringify(result, null, 2)}\n`;
  const stem = resultFileStem(result.scenario.name);
  try {
    await mkdir(dir, { recursive: true });
    for (let n = 1; n <= MAX_SUFFIX; n++) {
      const path = join(dir, n === 1 ? `${stem}.json` : `${stem}-${n}.json`);
      try {
        await writeFile(path, text, { encoding: 'utf8', flag: 'wx' });
        return path;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  } catch (error) {
    throw new LabError('E_USAGE', `could not save the result of "${result.scenario.name}" in ${dir}: ${(error as Error).message}`, {
      hint: `resultsDir (or ${RESULTS_DIR_ENV}) must name a directory this process can create and write`,
      cause: error,
    });
  }
  throw new LabError('E_USAGE', `could not save the result of "${result.scenario.name}" in ${dir}: ${MAX_SUFFIX} files named ${stem}*.json are there already`, {
    hint: 'empty the results directory before the suite runs',
  });
};
