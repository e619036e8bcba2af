// --out DIR: the JSON result plus one .hgrm latency distribution per config, so each config's
// histogram can be plotted or compared with HdrHistogram's tools.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConfigResult, LabResult } from '../contracts/index.ts';
import { toHgrm, uniqueFileStems } from './hgrm.ts';
import { toJson } from './json.ts';

export const RESULT_FILE = 'result.json';

// Configs with a histogram worth writing (an empty one has no distribution).
const withLatency = (configs: readonly ConfigResult[]) =>
  configs.flatMap((config) =>
    config.latencyUs !== null && config.latencyUs.count > 0 ? [{ id: config.id, hdr: config.latencyUs.hdr }] : [],
  );

// Decode a config's histogram, naming the config when its `hdr` is not one.
const hgrmOf = (id: string, hdr: string): string => {
  try {
    return toHgrm(hdr);
  } catch (error) {
    throw new TypeError(
      `Expected \`latencyUs.hdr\` of config "${id}" to be a compressed HDR histogram (hdr-histogram-js encodeIntoCompressedBase64), got "${hdr.slice(0, 24)}${hdr.length > 24 ? '…' : ''}"`,
      { cause: error },
    );
  }
};

/** Write `result.json` and `<safe-config-id>.hgrm` per config with latency into `dir` (created if
 * missing); returns the paths written, result.json first. */
export const writeOutDir = async (result: LabResult, dir: string): Promise<string[]> => {
  const configs = withLatency(result.configs);
  const histograms = configs.map(({ id, hdr }) => hgrmOf(id, hdr)); // decode all before writing anything
  const stems = uniqueFileStems(configs.map(({ id }) => id));
  await mkdir(dir, { recursive: true });
  const files: [path: string, text: string][] = [
    [join(dir, RESULT_FILE), toJson(result)],
    ...histograms.map((text, i): [string, string] => [join(dir, `${stems[i]}.hgrm`), text]),
  ];
  for (const [path, text] of files) await writeFile(path, text, 'utf8');
  return files.map(([path]) => path);
};
