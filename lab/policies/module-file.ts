// Where a scenario's policy module lives: a path relative to the scenario file that must stay
// inside the scenario's folder and name a regular file. Checked before anything is imported, so
// `validate` refuses a missing or escaping path with the path and what would be valid.

import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { LabError } from '../errors/index.ts';

const outside = (base: string, file: string): boolean => {
  const relative = path.relative(base, file);
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
};

/** The folder module paths are relative to: the scenario file's, or the working directory. */
export const moduleBase = (scenarioFile: string | undefined): string => path.resolve(scenarioFile === undefined ? process.cwd() : path.dirname(scenarioFile));

/** The module's absolute path; throws E_POLICY when it leaves `base` or is not a regular file. */
export const resolveModuleFile = async (module: string, base: string, source: string): Promise<string> => {
  const file = path.resolve(base, module);
  const valid = `module paths are relative to the scenario file and stay inside its folder ${base}, e.g. module: ./policies/ours.ts`;
  if (outside(base, file)) throw new LabError('E_POLICY', `Policy module ${source}: ${file} is outside the scenario's folder`, { hint: valid });
  const found = await stat(file).catch(() => undefined);
  if (found === undefined) throw new LabError('E_POLICY', `Policy module ${source}: no file at ${file}`, { hint: valid });
  if (!found.isFile()) throw new LabError('E_POLICY', `Policy module ${source}: ${file} is not a regular file`, { hint: valid });
  // A symbolic link inside the folder may point out of it: judge where it leads.
  const [realFile, realBase] = await Promise.all([realpath(file), realpath(base)]);
  if (outside(realBase, realFile)) {
    throw new LabError('E_POLICY', `Policy module ${source}: ${file} leads to ${realFile}, outside the scenario's folder`, { hint: valid });
  }
  return file;
};
