// The redis-benchmark engine in a scenario run: finding the tool (before anything starts, with
// a clear error where it is missing), its version, what each config's command line is, and one
// run of a config against the proxy (or Redis itself for the direct baseline). The link is
// applied and calibrated exactly as for the lab's own engine (measured-runs.ts): the C client
// only replaces the ioredis drive.

import { LabError } from '../errors/index.ts';
import { findBinary, type Endpoint } from '../runtime/index.ts';
import { benchmarkCommand, runBenchmarkWorkload, runChild, type BenchmarkRun, type BenchmarkTarget } from '../workload/index.ts';
import type { ConfigCell, EngineInfo } from '../contracts/index.ts';
import type { ConfigRuns } from './result-assembly.ts';
import type { RunSession } from './session.ts';

/** The tool as found, and the endpoints it drives. */
export interface EngineSetup {
  binary: string;
  version: string;
}

const ENV = 'REDIS_FAULT_LAB_REDIS_BENCHMARK';
const VERSION_TIMEOUT_MS = 10_000;

/** Finds redis-benchmark (REDIS_FAULT_LAB_REDIS_BENCHMARK, else on PATH) and reads its version. */
export const findEngine = async (): Promise<EngineSetup> => {
  const name = process.env[ENV] ?? 'redis-benchmark';
  const binary = await findBinary(name);
  if (binary === undefined) {
    throw new LabError('E_ENGINE', `engine: redis-benchmark, but ${name.includes('/') ? `${name} is not an executable file` : `${name} was not found on PATH`}`, {
      hint: `install it (Debian: apt-get install redis-tools; docker/provision.sh does), set ${ENV} to its path, or remove engine: redis-benchmark to run the lab's own ioredis engine`,
    });
  }
  const out = await runChild(binary, ['--version'], { silenceMs: VERSION_TIMEOUT_MS, secrets: [] });
  const version = /redis-benchmark\s+(\S+)/.exec(out.stdout)?.[1];
  if (out.exitCode !== 0 || version === undefined) {
    throw new LabError('E_ENGINE', `${binary} --version did not print a redis-benchmark version (exit ${String(out.exitCode)}: ${out.stdout.trim().slice(0, 120)})`, {
      hint: `point ${ENV} at Redis's redis-benchmark (7.0 or later)`,
    });
  }
  return { binary, version };
};

/** What the result says about the engine of one config. */
export const engineInfo = (setup: EngineSetup, cell: ConfigCell): EngineInfo => ({
  name: 'redis-benchmark',
  version: setup.version,
  commandLine: benchmarkCommand(cell).display,
  latencyFrom: 'median run',
});

const targetOf = (endpoint: Endpoint): BenchmarkTarget => ({ host: endpoint.host, port: endpoint.port, auth: endpoint.password !== undefined });

/** One run of a config on the C engine. */
export const runEngineConfig = (
  session: RunSession,
  setup: EngineSetup,
  endpoints: { proxied: Endpoint; direct: Endpoint },
  config: ConfigRuns,
): Promise<BenchmarkRun> =>
  runBenchmarkWorkload({
    binary: setup.binary,
    target: targetOf(config.cell.link === 'direct' ? endpoints.direct : endpoints.proxied),
    control: session.direct,
    keyspace: session.keyspace,
    cell: config.cell,
    ...(session.signal ? { signal: session.signal } : {}),
  });
