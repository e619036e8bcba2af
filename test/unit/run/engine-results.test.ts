import { describe, expect, it } from 'vitest';
import { destroyHistograms } from '../../../lab/metrics/index.ts';
import { newConfigRuns, recordEngineRun, toConfigResult, type ConfigRuns } from '../../../lab/run/result-assembly.ts';
import { expandMatrix, parseScenario } from '../../../lab/scenario/index.ts';
import type { BenchmarkRun } from '../../../lab/workload/index.ts';
import type { EngineInfo, EngineRunFigures } from '../../../lab/contracts/index.ts';

const ENGINE: EngineInfo = { name: 'redis-benchmark', version: '7.0.15', commandLine: '-c 50 -n 1000 -P 8 SET k <3-byte value>', latencyFrom: 'median run' };
const SERVER = {
  netInputBytes: 10, netOutputBytes: 20, clientRecentMaxInputBufferBytes: 0, clientRecentMaxOutputBufferBytes: 0,
  usedMemoryPeakBytes: 1000, evictedKeys: 0, rejectedConnections: 0, queryBufferLimitDisconnections: 0,
  outputBufferLimitDisconnections: 0, errorStats: {},
};
const figures = (p50Ms: number): EngineRunFigures => ({ rps: 100_000, avgMs: 0.5, minMs: 0.1, p50Ms, p95Ms: 0.9, p99Ms: 1.111, maxMs: 2.5, count: 1000, serverCalls: 1000 });
const completed = (totalMs: number, p50Ms: number): BenchmarkRun => ({ totalMs, figures: figures(p50Ms), serverInfo: SERVER, serverMs: 1 });

const config = (): ConfigRuns => {
  const scenario = parseScenario('name: t\nengine: redis-benchmark\nworkload: {command: SET, key: k, value: 3B, commands: 1000}\nmodes: [pipeline:8]\nconnections: 50\n', 't.yaml');
  const [cell] = expandMatrix(scenario);
  if (cell === undefined) throw new Error('no cell');
  return { ...newConfigRuns(cell, 0), engine: ENGINE };
};

describe('toConfigResult on the redis-benchmark engine', () => {
  it('completed runs count, none is verified, and latency is the median run\'s own percentiles in µs', () => {
    const c = config();
    recordEngineRun(c, completed(12, 0.333), 0);
    recordEngineRun(c, { totalMs: 40, failure: 'redis-benchmark exited 1: Error from server: ERR x', serverInfo: SERVER, serverMs: 0 }, 1);
    recordEngineRun(c, completed(10, 0.222), 2);
    recordEngineRun(c, completed(11, 0.999), 3);
    const result = toConfigResult(c);
    destroyHistograms([c.histogram]);
    expect(result.engine).toStrictEqual(ENGINE);
    expect(result.runs.map((r) => [r.verified, r.engine !== undefined, r.clientGcMs])).toStrictEqual([
      [false, true, null],
      [false, false, null],
      [false, true, null],
      [false, true, null],
    ]);
    expect(result).toMatchObject({ medianMs: 11, minMs: 10, maxMs: 12, errors: 1, clientPeakRssBytes: null, clientPeakHeapBytes: null });
    expect(result.opsPerSec).toBeCloseTo(1000 / 0.011);
    // The median run (11 ms) printed p50 0.999 ms: 999 µs; p99 1.111 ms; max 2.5 ms.
    expect(result.latencyUs).toStrictEqual({ p50: 999, p90: null, p99: 1111, p999: null, max: 2500, count: 1000, hdr: null });
    expect(result.timeAttribution).toBeUndefined();
  });

  it('no completed run: no figures, every run an error', () => {
    const c = config();
    recordEngineRun(c, { totalMs: 5, failure: 'redis-benchmark was killed (aborted)', serverInfo: SERVER, serverMs: 0 }, 0);
    const result = toConfigResult(c);
    destroyHistograms([c.histogram]);
    expect(result).toMatchObject({ medianMs: null, latencyUs: null, errors: 1 });
    expect(result.runs[0]?.failure).toBe('redis-benchmark was killed (aborted)');
  });
});
