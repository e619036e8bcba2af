// HdrHistogram's percentile-distribution text (.hgrm), the format HdrHistogram's
// outputPercentileDistribution prints and its plotters read: Value, Percentile, TotalCount,
// 1/(1-Percentile), then the Mean/StdDeviation, Max/Total count and Buckets/SubBuckets footer.
// Values are microseconds, as recorded (scaling ratio 1).

import { decodeLatency } from '../metrics/index.ts';

/** Percentile ticks per half distance to 100%, HdrHistogram's default. */
export const HGRM_TICKS_PER_HALF_DISTANCE = 5;

/** The .hgrm text of a result's compressed histogram (`latencyUs.hdr`), values in µs. */
export const toHgrm = (hdr: string): string => {
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
