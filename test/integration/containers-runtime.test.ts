// The containers runtime end to end: real Redis and real Toxiproxy in Docker, started by
// the lab, a small cross-DC scenario, and nothing left behind afterwards.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type LabResult, type StartedRuntime } from '../../lab/index.ts';
import { expectCalibratedHonestly, inlineScenario, labContainerIds, labNetworkNames } from './support.ts';

const scenario = inlineScenario(`
name: containers-smoke
workload: { command: INCR, key: it:counter, commands: 300 }
modes: [sync, { pipeline: 256 }]
network: { rtt: [0ms, 10ms] }
warmup: 1
repeat: 3
expect:
  - "pipeline:256 at rtt=10ms: median < 10s"
`);

describe('containers runtime', () => {
  let runtime: StartedRuntime;
  let result: LabResult;

  beforeAll(async () => {
    runtime = await startRuntime('containers');
    result = await runScenario(scenario, { runtime });
  });

  afterAll(async () => {
    await runtime?.stop();
  });

  it('runs Redis and Toxiproxy 2.12.0 in containers and says which images ran', () => {
    expect(result.runtime).toBe('containers');
    expect(result.versions.toxiproxy).toBe('2.12.0');
    expect(result.versions.redis).toMatch(/^\d+\.\d+\.\d+$/);
    expect(result.images?.source).toMatch(/^(upstream|offline)$/);
    expect(runtime.resources.containers).toHaveLength(2);
  });

  it('calibrates every rtt as close as whole-ms toxics allow, and warns when outside 0.5 ms / 10 %', () => {
    expect(result.calibration.map((c) => c.requestedRttMs)).toEqual([0, 10]);
    expectCalibratedHonestly(result);
  });

  it('verifies every run and passes its threshold', () => {
    for (const config of result.configs) {
      expect(config.runs.map((r) => r.verified)).toEqual([true, true, true]);
      // GC pauses are measured inside the timed span, so they can never exceed it.
      for (const run of config.runs) {
        expect(run.clientGcMs).toBeGreaterThanOrEqual(0);
        expect(run.clientGcMs).toBeLessThanOrEqual(run.totalMs);
      }
    }
    expect(result.thresholds.map((t) => t.pass)).toEqual([true]);
    expect(result.pass).toBe(true);
  });

  it('makes sync many times slower than pipeline:256 at 10 ms, close to the cost model', () => {
    const at10 = (id: string) => result.configs.find((c) => c.id === id)!;
    const sync = at10('sync@rtt=10ms');
    const pipelined = at10('pipeline:256@rtt=10ms');
    expect(sync.waits).toBe(300);
    expect(pipelined.waits).toBe(2);
    // Ratios within one run, never a fixed number of ms: 300 waits against 2.
    expect(sync.medianMs! / pipelined.medianMs!).toBeGreaterThan(20);
    // Close to the model, not equal: the model adds what the link added to one PING (calibrated
    // before the runs) per wait, so a busy machine moves the ratio both ways (a fresh-clone CI run
    // read 23 % off the model, and 0.68 at load 15). Outside [0.5, 2] would mean the link or the
    // wait count is wrong: without the link the ratio is about 0.01.
    const modelRatio = sync.medianMs! / sync.modelMs!;
    expect(modelRatio).toBeGreaterThan(0.5);
    expect(modelRatio).toBeLessThan(2);
    expect(sync.latencyUs?.count).toBe(900);
    expect(pipelined.latencyUs?.count).toBe(900);
  });

  it('leaves no container or network behind after stop', async () => {
    const { containers, networks } = runtime.resources;
    expect(await labContainerIds()).toEqual(expect.arrayContaining(containers));
    const report = await runtime.stop();
    expect(report.problems).toEqual([]);
    const remaining = await labContainerIds();
    for (const id of containers) expect(remaining).not.toContain(id);
    expect(await labNetworkNames()).toEqual([]);
    expect(networks).toHaveLength(1);
  });
});

describe('auto runtime', () => {
  it('picks containers when a Docker engine answers', async () => {
    const runtime = await startRuntime('auto');
    try {
      expect(runtime.kind).toBe('containers');
    } finally {
      await runtime.stop();
    }
  });
});
