import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

// Full path of an executable found on PATH (or given as a path), or undefined.
export const findBinary = async (name: string): Promise<string | undefined> => {
  const candidates = name.includes('/') ? [name] : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
};
