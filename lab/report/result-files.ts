// The files a result is written to: the JSON result (the stable contract, pretty-printed so
// diffs between runs read well), and for --out DIR that JSON plus one .hgrm latency distribution
// per config (per node of a config that keeps each node's share, `perNode`; per topology timeline
// row that keeps its writes' latency), so each histogram can be plotted or compared with
// HdrHistogram's tools.
//
// .hgrm is HdrHistogram's percentile-distribution text, the format its
// outputPercentileDistribution prints and its plotters read: Value, Percentile, TotalCount,
// 1/(1-Percentile), then the Mean/StdDeviation, Max/Total count and Buckets/SubBuckets footer.
// Values are microseconds, as recorded (scaling ratio 1).

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { decodeLatency } from '../metrics/index.ts';
import type { ConfigResult, LabResult, ReconcileEntry } from '../contracts/index.ts';

// The result as JSON text: 2-space indent and a trailing newline.
export const toJson = (result: LabResult): string => `${JSON.stringify(result, null, 2)}\n`;

// Write the result to `path`, creating missing parent directories.
export const writeJsonResult = async (path: string, result: LabResult): Promise<void> => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, toJson(result), 'utf8');
};

/** Percentile ticks per half distance to 100%, HdrHistogram's default. */
const HGRM_TICKS_PER_HALF_DISTANCE = 5;

/** The .hgrm text of a result's compressed histogram (`latencyUs.hdr`), values in µs. */
const toHgrm = (hdr: string): string => {
  const histogram = decodeLatency(hdr);
  try {
    return histogram.outputPercentileDistribution(HGRM_TICKS_PER_HALF_DISTANCE, 1);
  } finally {
    histogram.destroy();
  }
};

/** Characters outside [A-Za-z0-9._=-] replaced by '_': `pipeline:256@rtt=10ms` → `pipeline_256_rtt=10ms`. */
export const safeFileStem = (id: string): string => {
  const stem = id.replace(/[^A-Za-z0-9._=-]/g, '_');
  // "." and ".." are not file names, and a leading dot would hide the file.
  return stem === '' || /^\.+$/.test(stem) ? `_${stem}` : stem.startsWith('.') ? `_${stem.slice(1)}` : stem;
};

/** Safe stems for the ids, unique even on case-insensitive file systems: repeats get `-2`, `-3`. */
export const uniqueFileStems = (ids: readonly string[], reserved: readonly string[] = []): string[] => {
  const taken = new Set(reserved.map((name) => name.toLowerCase()));
  return ids.map((id) => {
    const stem = safeFileStem(id);
    let candidate = stem;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
};

const RESULT_FILE = 'result.json';

// Configs with a histogram worth writing (an empty one has no distribution).
const withLatency = (configs: readonly ConfigResult[]) =>
  configs.flatMap((config) =>
    config.latencyUs !== null && config.latencyUs.count > 0 && config.latencyUs.hdr !== null ? [{ id: config.id, hdr: config.latencyUs.hdr }] : [],
  );

// Decode a config's (or a row's) histogram, naming it when its `hdr` is not one.
const hgrmOf = (id: string, hdr: string, owner = 'config'): string => {
  try {
    return toHgrm(hdr);
  } catch (error) {
    throw new TypeError(
      `Expected \`latencyUs.hdr\` of ${owner} "${id}" to be a compressed HDR histogram (hdr-histogram-js encodeIntoCompressedBase64), got "${hdr.slice(0, 24)}${hdr.length > 24 ? '…' : ''}"`,
      { cause: error },
    );
  }
};

// Each node's histogram of a config that keeps them (`<config>@<node>`).
const perNodeLatency = (configs: readonly ConfigResult[]) =>
  configs.flatMap((config) => (config.perNode ?? []).flatMap((n) => (n.latencyUs !== undefined && n.latencyUs.count > 0 && n.latencyUs.hdr !== null ? [{ id: `${config.id}@${n.node}`, hdr: n.latencyUs.hdr }] : [])));

// Reconcile rows with a per-write histogram (a topology timeline's rows: a failover scenario has
// no configs, its latency is there).
const rowLatency = (rows: readonly ReconcileEntry[]) =>
  rows.flatMap((row) => (row.latencyUs != null && row.latencyUs.count > 0 && row.latencyUs.hdr !== null ? [{ id: row.id, hdr: row.latencyUs.hdr, owner: 'reconcile row' }] : []));

// Reconcile rows of a request workload under a fault: its completed requests' latency (`<row>@requests`).
const rowRequestLatency = (rows: readonly ReconcileEntry[]) =>
  rows.flatMap((row) => {
    const latency = row.requests?.latencyUs;
    return latency != null && latency.count > 0 && latency.hdr !== null ? [{ id: `${row.id}@requests`, hdr: latency.hdr, owner: 'reconcile row requests' }] : [];
  });

/** Write `result.json` and `<safe-config-id>.hgrm` per config with latency into `dir` (created if
 * missing), `<config>@<node>.hgrm` per node of a config that keeps each node's histogram
 * (perNode), `<safe-row-id>.hgrm` per reconcile row with a per-write histogram (topology
 * timeline rows) and `<row>@requests.hgrm` per row of a request workload under a fault; returns
 * the paths written, result.json first. */
export const writeOutDir = async (result: LabResult, dir: string): Promise<string[]> => {
  const configs: { id: string; hdr: string; owner?: string }[] = [...withLatency(result.configs), ...perNodeLatency(result.configs), ...rowLatency(result.reconcile ?? []), ...rowRequestLatency(result.reconcile ?? [])];
  const histograms = configs.map(({ id, hdr, owner }) => hgrmOf(id, hdr, owner)); // decode all before writing anything
  const stems = uniqueFileStems(configs.map(({ id }) => id));
  await mkdir(dir, { recursive: true });
  const files: [path: string, text: string][] = [
    [join(dir, RESULT_FILE), toJson(result)],
    ...histograms.map((text, i): [string, string] => [join(dir, `${stems[i]}.hgrm`), text]),
  ];
  for (const [path, text] of files) await writeFile(path, text, 'utf8');
  return files.map(([path]) => path);
};
