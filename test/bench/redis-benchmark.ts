// redis-benchmark as the server-capacity reference: the same INCR at the same pipeline depth,
// from C with no client-side work to speak of, against the lab's own local Redis. Optional:
// where it is not installed the bench says so. Running it and reading its report are the lab's
// own (lab/workload/redis-benchmark/, the engine behind `engine: redis-benchmark`).

import { findBinary } from '../../lab/runtime/index.ts';
import type { Endpoint } from '../../lab/runtime/types.ts';
import { benchmarkComplaint, parseBenchmarkReport, runChild } from '../../lab/workload/index.ts';

const SILENCE_MS = 60_000;

export interface BenchmarkCase {
  pipeline: number;
  clients: number;
  requests: number;
}

export interface BenchmarkResult extends BenchmarkCase {
  opsPerSec: number;
}

export const benchmarkArgs = (endpoint: Endpoint, c: BenchmarkCase): string[] => [
  '-h', endpoint.host,
  '-p', String(endpoint.port),
  '-t', 'incr',
  '-n', String(c.requests),
  '-c', String(c.clients),
  '-P', String(c.pipeline),
  ...(endpoint.password === undefined ? [] : ['-a', endpoint.password]), // the bench's own loopback runtime
];

export const findRedisBenchmark = (): Promise<string | undefined> => findBinary('redis-benchmark');

export const runRedisBenchmark = async (binary: string, endpoint: Endpoint, c: BenchmarkCase): Promise<BenchmarkResult> => {
  const secrets = endpoint.password === undefined ? [] : [endpoint.password];
  const child = await runChild(binary, benchmarkArgs(endpoint, c), { silenceMs: SILENCE_MS, secrets, giveUpOn: /^Could not connect to Redis at .*$/m });
  const report = child.exitCode === 0 ? parseBenchmarkReport(child.stdout) : undefined;
  if (report === undefined) throw new Error(`redis-benchmark printed no rate: ${benchmarkComplaint(child.stdout, child.stderr)}`);
  return { ...c, opsPerSec: report.rps };
};
