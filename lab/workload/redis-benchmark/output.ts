// Reading redis-benchmark's (7.0) full report of one test, in its own units (milliseconds,
// requests per second). Each figure comes from the tool's HdrHistogram (3 significant digits by
// default, values from 10 µs to 3 s, larger ones clamped to 3 s), printed with three decimals of
// a millisecond, so to the microsecond:
//
//   ====== SET ======
//     100000 requests completed in 0.16 seconds
//   ...
//   Latency by percentile distribution:
//   0.000% <= 0.103 milliseconds (cumulative count 1)
//   ...
//   100.000% <= 1.207 milliseconds (cumulative count 100000)
//   ...
//   Summary:
//     throughput summary: 621118.00 requests per second
//     latency summary (msec):
//             avg       min       p50       p95       p99       max
//           0.123     0.040     0.111     0.199     0.279     1.207
//
// Live progress lines ("SET: rps=... (overall: ...) avg_msec=...\r") are redrawn on the same
// line with \r and ignored. Pure: it parses text the caller captured.

import type { EngineRunFigures } from '../../contracts/index.ts';

/** One test's summary as redis-benchmark printed it: the figures a run keeps
 * (EngineRunFigures, less the server's count, which the tool cannot know), its title and replies. */
export interface BenchmarkReport extends Omit<EngineRunFigures, 'serverCalls'> {
  /** The test's title: `SET`, or the whole custom command line. */
  title: string;
  /** Replies it received (`N requests completed`): -n, plus up to one pipeline less one. */
  completed: number;
}

const TITLE = /^====== (.*) ======\s*$/m;
const COMPLETED = /^\s*(\d+) requests completed in [\d.]+ seconds/m;
const THROUGHPUT = /throughput summary: ([\d.]+) requests per second/;
const SUMMARY_HEAD = /^\s*avg\s+min\s+p50\s+p95\s+p99\s+max\s*$/m;
const NUMBER = /^-?\d+(?:\.\d+)?$/;
const CUMULATIVE = /\(cumulative count (\d+)\)/g;

// The percentile section alone (its cumulative counts end at the histogram's total).
const percentileSection = (text: string): string => {
  const start = text.indexOf('Latency by percentile distribution:');
  if (start < 0) return '';
  const end = text.indexOf('Cumulative distribution of latencies:', start);
  return text.slice(start, end < 0 ? undefined : end);
};

/** The report of the last test in `stdout`, or undefined when it printed no complete summary. */
export const parseBenchmarkReport = (stdout: string): BenchmarkReport | undefined => {
  // Progress lines end in \r: keep only what follows the last \r of each line.
  const text = stdout
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('\r') + 1))
    .join('\n');
  const title = TITLE.exec(text)?.[1]?.trim();
  const completed = Number(COMPLETED.exec(text)?.[1] ?? Number.NaN);
  const rps = Number(THROUGHPUT.exec(text)?.[1] ?? Number.NaN);
  const head = SUMMARY_HEAD.exec(text);
  if (title === undefined || !Number.isFinite(completed) || !(rps > 0) || head === null) return undefined;
  const row = text.slice(head.index + head[0].length).trimStart().split('\n')[0]?.trim().split(/\s+/) ?? [];
  if (row.length !== 6 || !row.every((cell) => NUMBER.test(cell))) return undefined;
  const [avgMs, minMs, p50Ms, p95Ms, p99Ms, maxMs] = row.map(Number) as [number, number, number, number, number, number];
  const counts = [...percentileSection(text).matchAll(CUMULATIVE)].map((m) => Number(m[1]));
  const count = counts[counts.length - 1];
  if (count === undefined) return undefined;
  return { title, completed, rps, avgMs, minMs, p50Ms, p95Ms, p99Ms, maxMs, count };
};

// Lines that say what went wrong, as redis-benchmark writes them (stderr first): a refused
// connection, an AUTH or command error, an invalid option.
const isNoise = (line: string): boolean => line === '' || /^WARNING: Could not fetch server CONFIG/.test(line);

/** The first meaningful line of a failed run's output, at most `maxChars` long, for an error message. */
export const benchmarkComplaint = (stdout: string, stderr: string, maxChars = 300): string => {
  const lines = [...stderr.split('\n'), ...stdout.split('\n')]
    .map((line) => line.slice(line.lastIndexOf('\r') + 1).trim())
    .filter((line) => !isNoise(line));
  const first = lines[0] ?? 'no output';
  return first.length > maxChars ? `${first.slice(0, maxChars)}…` : first;
};
