// redis-benchmark as the server-capacity reference: the same INCR at the same pipeline depth,
// from C with no client-side work to speak of, against the lab's own local Redis. Optional:
// where it is not installed the bench says so.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findBinary } from '../../lab/runtime/index.ts';
import type { Endpoint } from '../../lab/runtime/types.ts';

const run = promisify(execFile);
const TIMEOUT_MS = 120_000;

export interface BenchmarkCase {
  pipeline: number;
  clients: number;
  requests: number;
}

export interface BenchmarkResult extends BenchmarkCase {
  opsPerSec: number;
}

/** The ops/s of `-q` output ("INCR: 1412429.00 requests per second, p50=0.175 msec"); the last figure wins. */
export const parseQuietRps = (output: string): number | undefined => {
  // -q redraws a live line with \r; the final summary is the last match.
  const matches = [...output.matchAll(/([\d.]+)\s+requests per second/g)];
  const last = matches[matches.length - 1]?.[1];
  const value = last === undefined ? Number.NaN : Number(last);
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

export const benchmarkArgs = (endpoint: Endpoint, c: BenchmarkCase): string[] => [
  '-h', endpoint.host,
  '-p', String(endpoint.port),
  '-t', 'incr',
  '-n', String(c.requests),
  '-c', String(c.clients),
  '-P', String(c.pipeline),
  '-q',
  ...(endpoint.password === undefined ? [] : ['-a', endpoint.password]), // the bench's own loopback runtime
];

export const findRedisBenchmark = (): Promise<string | undefined> => findBinary('redis-benchmark');

export const runRedisBenchmark = async (binary: string, endpoint: Endpoint, c: BenchmarkCase): Promise<BenchmarkResult> => {
  const { stdout, stderr } = await run(binary, benchmarkArgs(endpoint, c), { timeout: TIMEOUT_MS });
  const opsPerSec = parseQuietRps(stdout);
  if (opsPerSec === undefined) throw new Error(`redis-benchmark printed no rate: ${(stdout + stderr).trim().slice(0, 200)}`);
  return { ...c, opsPerSec };
};
