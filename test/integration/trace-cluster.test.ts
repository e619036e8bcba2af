// Trace replay on a Redis Cluster (issue 27, item 5): the shipped MONITOR capture
// (scenarios/traces/cart-session.monitor) replayed on a local cluster of 3 primaries, primary-3's
// link at 10 ms, the others at rtt 0 then 30 ms, through ioredis Cluster clients on the
// single-node path. With pipeline: 2ms some rounds hold keys of several slots: each goes as one
// pipeline per slot (ioredis would refuse one pipeline across nodes, and the run would fail).
// Every primary's INFO commandstats, as the lab reads it after each run, must show the traced
// commands; the request p50 must rise with the rtt; the result goes through every surface.
// Real Redis Cluster nodes and Toxiproxy, started by the code under test.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../lab/vitest/index.ts';
import { loadScenarioFile, runScenario, type LabResult } from '../../lab/index.ts';
import { expectEverySurface } from './every-surface.ts';

const TRACE = fileURLToPath(new URL('../../scenarios/traces/cart-session.monitor', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'rfl-trace-cluster-'));
const SCENARIO = `name: trace-cluster
description: "the cart trace on a cluster of 3 primaries, primary-3 at 10 ms </table><script>alert(\\"surfaces\\")</script>"
topology: { cluster: { primaries: 3, replicas: 0 } }
network: { rtt: [0ms, 30ms], nodes: { primary-3: { rtt: 10ms } } }
workload:
  label: cart
  trace: {file: ${JSON.stringify(TRACE)}, gap: 10ms, pipeline: 2ms}
modes: [sync]
warmup: 1
repeat: 3
calibration: { pings: 10 }
expect:
  - "cart at rtt=30ms: request p(50) > 0ms"
`;

// The lab's own INFO readings (readInfo, straight to each node after every run), by node port.
const commandstats = new Map<number, string>();
const originalCall = Redis.prototype.call;
let result: LabResult;
let acrossSlots = 0;

beforeAll(async () => {
  const call = function (this: Redis, ...args: unknown[]) {
    const reply = (originalCall as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    if (String(args[0]).toUpperCase() === 'INFO' && JSON.stringify(args).includes('commandstats')) {
      void reply.then((text) => commandstats.set(this.options.port ?? 0, String(text)), () => undefined);
    }
    return reply;
  };
  Redis.prototype.call = call as typeof Redis.prototype.call;
  const file = join(dir, 'trace-cluster.yaml');
  writeFileSync(file, SCENARIO);
  const scenario = await loadScenarioFile(file);
  for (const request of scenario.workloads[0]?.trace?.replay?.requests ?? []) {
    let at = 0;
    for (const size of request.rounds) {
      const keys = request.commands.slice(at, at + size).map((command) => command[1]);
      if (new Set(keys).size > 1) acrossSlots++;
      at += size;
    }
  }
  result = await runScenario(scenario, { runtime: 'local' });
}, 180_000);
afterAll(() => {
  Redis.prototype.call = originalCall;
  rmSync(dir, { recursive: true, force: true });
});

const calls = (text: string, command: string): number => Number(new RegExp(`^cmdstat_${command}:calls=(\\d+)`, 'm').exec(text)?.[1] ?? 0);

describe('trace replay on a Redis Cluster', () => {
  it('replays every request at both rtts, verified, some rounds across slots', () => {
    expect(result.configs.map((c) => [c.rttMs, c.runs.map((r) => r.failure ?? 'ok'), c.errors])).toEqual([
      [0, ['ok', 'ok', 'ok'], 0],
      [30, ['ok', 'ok', 'ok'], 0],
    ]);
    // Rounds of two different untagged keys: in two slots (the keys hash whole, prefix included).
    expect(acrossSlots).toBeGreaterThanOrEqual(5);
    for (const c of result.configs) {
      expect(c.trace).toMatchObject({ format: 'monitor', clients: 3, gapMs: 10, pipelineMs: 2 });
      expect(c.requestLatencyUs?.count).toBe(3 * (c.trace?.requests ?? 0));
      expect(c.latencyUs?.count).toBe(3 * (c.trace?.commands ?? 0));
      expect(c.schedule?.unfinished).toBe(0);
      // Fewer round trips than commands: some commands went together, and those keys are in several slots.
      expect(c.trace?.roundTripsPerRequest).toBeLessThan((c.trace?.commands ?? 0) / (c.trace?.requests ?? 1));
    }
    expect(result.topology?.links.map((l) => [l.to, l.requestedRttMs])).toEqual([
      ['primary-1', 0],
      ['primary-2', 0],
      ['primary-3', 10],
    ]);
    expect(result.notMeasured.some((line) => line.includes('ioredis Cluster clients'))).toBe(true);
    expect(result.notMeasured.some((line) => line.includes('with an rtt list each config shaped'))).toBe(true);
  });

  it('reached every primary: each one’s commandstats count traced commands', () => {
    expect(commandstats.size).toBe(3);
    for (const [port, text] of commandstats) {
      for (const command of ['get', 'hgetall', 'lpush']) expect(calls(text, command), `${command} on :${port}`).toBeGreaterThan(0);
    }
  });

  it('shifts the request p50 up with the rtt against rtt 0', () => {
    const [base, shifted] = result.configs;
    const trace = shifted?.trace;
    expect(base?.trace?.baseConfigId).toBeNull();
    expect(trace?.baseConfigId).toBe(base?.id);
    expect(trace?.predictedShiftMs).toBeCloseTo((trace?.roundTripsPerRequest ?? 0) * 30, 9);
    const health = result.configs.map((c) => `${c.id}: req p50 ${c.requestLatencyUs?.p50}us late ${c.schedule?.lateStarts} loop p99 ${c.schedule?.eventLoopDelayP99Ms}ms`).join('; ');
    // At rtt 0 a request waits on primary-3's 10 ms when one of its keys is there; at 30 ms on every link but primary-3's.
    expect(trace?.requestP50ShiftMs, health).toBeGreaterThan(0);
    expect(trace?.shiftRatio, health).toBeGreaterThan(0);
    // Short of round trips x rtt: rounds on primary-3 paid its 10 ms at rtt 0 too.
    expect(trace?.shiftRatio, health).toBeLessThan(1);
    // Each config's quietest run (the test machine is shared): the far one is slower.
    const quietest = (i: number) => Math.min(...result.configs[i]!.runLatencyUs!.map((r) => r.requestP50Us ?? Infinity));
    expect(quietest(1), health).toBeGreaterThan(quietest(0) + 10_000);
  });

  it('goes through compare, the HTML report, .hgrm files and the matchers', async () => {
    const out = mkdtempSync(join(dir, 'surfaces-'));
    await expectEverySurface(result, (name) => join(out, name), { matcher: (r) => expect(r).toBeRetrySafe('none'), why: /no reconcile entries/ });
  }, 150_000);
});
