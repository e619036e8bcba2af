// The JSON result file: the stable contract, pretty-printed so diffs between runs read well.

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LabResult } from '../contracts/index.ts';

// The result as JSON text: 2-space indent and a trailing newline.
export const toJson = (result: LabResult): string => `${JSON.stringify(result, null, 2)}\n`;

// Write the result to `path`, creating missing parent directories.
export const writeJsonResult = async (path: string, result: LabResult): Promise<void> => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, toJson(result), 'utf8');
};
