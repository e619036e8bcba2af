// The local runtime: redis-server and toxiproxy-server as child processes on 127.0.0.1.

import { describe, expect, it } from 'vitest';
import { calibrationWithinTolerance, runScenario, startRuntime } from '../../lab/index.ts';
import { inlineScenario, processAlive } from './support.ts';

describe('local runtime', () => {
  it('runs a scenario through a real proxy and stops both processes', async () => {
    const runtime = await startRuntime('local');
    const pids = runtime.resources.pids;
    expect(pids).toHaveLength(2);
    expect(pids.every(processAlive)).toBe(true);
    try {
      const result = await runScenario(
        inlineScenario(`
name: local-smoke
workload: { command: INCR, commands: 200 }
modes: [sync, { pipeline: 64 }]
network: { rtt: [0ms, 5ms] }
warmup: 1
repeat: 3
`),
        { runtime },
      );
      expect(result.runtime).toBe('local');
      expect(result.images).toBeUndefined();
      expect(result.versions.toxiproxy).toBe('2.12.0');
      for (const c of result.calibration) expect(calibrationWithinTolerance(c), JSON.stringify(c)).toBe(true);
      expect(result.pass).toBe(true);
      const sync = result.configs.find((c) => c.id === 'sync@rtt=5ms')!;
      const pipelined = result.configs.find((c) => c.id === 'pipeline:64@rtt=5ms')!;
      expect(sync.medianMs! / pipelined.medianMs!).toBeGreaterThan(10);
    } finally {
      expect((await runtime.stop()).problems).toEqual([]);
    }
    expect(pids.some(processAlive)).toBe(false);
  });

  it('cleans up when the run is aborted', async () => {
    const runtime = await startRuntime('local');
    const abort = new AbortController();
    const scenario = inlineScenario(`
name: local-abort
workload: { command: INCR, commands: 5000 }
modes: [sync]
network: { rtt: [10ms] }
warmup: 0
repeat: 1
`);
    setTimeout(() => abort.abort(), 1_500);
    const error = await runScenario(scenario, { runtime, signal: abort.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_INTERRUPTED' });
    await runtime.stop();
    expect(runtime.resources.pids.some(processAlive)).toBe(false);
  });
});
