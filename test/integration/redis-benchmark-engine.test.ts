// The redis-benchmark engine against a real Redis behind a real Toxiproxy (the local runtime,
// started here): a small SET scenario at rtt 0 and 5 ms, sync and pipeline:8 on one connection.
// The figures must be the C engine's own (its per-run summary, its percentiles, never a claim
// of verification), they must follow the link (p50 at 5 ms at least the two latency toxics;
// pipeline:8 several times faster than sync at 5 ms, in the same run), the password must appear
// nowhere in the result, and no redis-benchmark process may be left running, after a normal end
// and after an abort mid-run.

import { readdirSync, readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLabError, runScenario, startRuntime, type ConfigResult, type StartedRuntime } from '../../lab/index.ts';
import { expectCalibratedHonestly, inlineScenario } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

// Children of this process running redis-benchmark (read from /proc: comm and parent pid).
const benchmarkChildren = (): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const comm = /\((.*)\)/.exec(stat)?.[1];
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
        return comm === 'redis-benchmark' && ppid === process.pid && state !== 'Z' ? [Number(pid)] : [];
      } catch {
        return []; // gone while we looked
      }
    });

// Waits (up to 30 s) until a redis-benchmark child runs: calibration comes before the tool.
const untilBenchmarkRuns = async (): Promise<void> => {
  const deadline = performance.now() + 30_000;
  while (benchmarkChildren().length === 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
};

const byId = (configs: readonly ConfigResult[], id: string): ConfigResult => {
  const config = configs.find((c) => c.id === id);
  if (config === undefined) throw new Error(`no config ${id} in ${configs.map((c) => c.id).join(', ')}`);
  return config;
};

describe('engine: redis-benchmark', () => {
  it('drives SET through the calibrated proxy and reports its own figures, unverified', async () => {
    const result = await runScenario(
      inlineScenario(`
name: c-engine-small
engine: redis-benchmark
workload: {command: SET, key: "k:__rand_int__", value: 3B, commands: 400}
modes: [sync, pipeline:8]
network: {rtt: [0ms, 5ms]}
warmup: 0
repeat: 2
`),
      { runtime },
    );
    expect(benchmarkChildren()).toStrictEqual([]);
    expectCalibratedHonestly(result);
    expect(result.configs.map((c) => c.id).sort()).toStrictEqual(['pipeline:8@rtt=0ms', 'pipeline:8@rtt=5ms', 'sync@rtt=0ms', 'sync@rtt=5ms']);
    for (const config of result.configs) {
      expect(config.engine).toMatchObject({ name: 'redis-benchmark', latencyFrom: 'median run' });
      expect(config.engine?.commandLine).toMatch(/^-c 1 -n 400 -P (1|8) SET k:__rand_int__ <3-byte value>$/);
      expect(config.errors, JSON.stringify(config.runs)).toBe(0);
      for (const run of config.runs) {
        expect(run.verified).toBe(false); // the C engine never claims verification
        expect(run.clientGcMs).toBeNull();
        expect(run.engine?.count).toBe(400);
        expect(run.engine?.serverCalls).toBeGreaterThanOrEqual(400);
        expect(run.engine?.serverCalls).toBeLessThan(400 + 8);
        // The run time is the tool's own: its replies / its rate.
        expect(run.totalMs).toBeCloseTo((1000 * (run.engine?.serverCalls ?? 0)) / (run.engine?.rps ?? 1), 0);
      }
      expect(config.latencyUs).toMatchObject({ p90: null, p999: null, hdr: null, count: 400 });
      expect(config.clientPeakRssBytes).toBeNull();
      expect(config.serverInfo?.netInputBytes).toBeGreaterThan(400 * 20);
    }
    const at5 = result.calibration.find((c) => c.requestedRttMs === 5);
    if (at5 === undefined) throw new Error('no 5 ms calibration');
    const sync5 = byId(result.configs, 'sync@rtt=5ms');
    const pipe5 = byId(result.configs, 'pipeline:8@rtt=5ms');
    // Every request crosses both latency toxics: its latency is at least their sum.
    expect(sync5.latencyUs?.p50).toBeGreaterThanOrEqual((at5.upstreamLatencyMs + at5.downstreamLatencyMs) * 1000);
    expect(sync5.latencyUs?.p50).toBeGreaterThan((byId(result.configs, 'sync@rtt=0ms').latencyUs?.p50 ?? Infinity) * 2);
    // 8 in flight per round trip against 1: measured in the same run, far apart.
    expect((pipe5.opsPerSec ?? 0) / (sync5.opsPerSec ?? Infinity)).toBeGreaterThan(4);
    // What the result says about itself: not verified, and why.
    expect(result.notMeasured.some((line) => line.startsWith('Not verified (C engine)'))).toBe(true);
    expect(result.pass).toBe(true);
    // The runtime's password and the runs' own passwords are nowhere in the result.
    const text = JSON.stringify(result);
    expect(runtime.proxied.password).toBeDefined();
    expect(text).not.toContain(runtime.proxied.password);
    expect(text).not.toMatch(/-a [A-Za-z0-9_-]{20,}/);
  }, 120_000);

  it('drives the primary of a primary with replicas (the single-node path), replication lag sampled around it', async () => {
    const result = await runScenario(
      inlineScenario(`
name: c-engine-primary
engine: redis-benchmark
topology: {primary: 1, replicas: 1}
workload: {command: SET, key: "k:__rand_int__", value: 3B, commands: 2000}
modes: [sync]
network: {rtt: 2ms}
warmup: 0
repeat: 1
`),
      { runtime: 'local' },
    );
    expect(benchmarkChildren()).toStrictEqual([]);
    expect(result.topology?.nodes.map((n) => n.name)).toStrictEqual(['primary', 'replica-1']);
    const [config] = result.configs;
    expect(config?.engine?.name).toBe('redis-benchmark');
    expect(config?.errors).toBe(0);
    expect(config?.runs[0]?.engine?.serverCalls).toBeGreaterThanOrEqual(2000);
    // 2000 round trips at 2 ms take seconds: the lab's markers reached the replica meanwhile.
    expect(config?.readsFrom).toBe('primary');
    expect(config?.lag?.[0]?.replica).toBe('replica-1');
    expect(config?.lag?.[0]?.lagMs?.samples).toBeGreaterThan(0);
    expect(result.pass).toBe(true);
  }, 120_000);

  it('an abort mid-run kills redis-benchmark: nothing is left running', async () => {
    const abort = new AbortController();
    const running = runScenario(
      inlineScenario(`
name: c-engine-abort
engine: redis-benchmark
workload: {command: INCR, key: c, commands: 100000}
modes: [sync]
network: {rtt: 10ms}
warmup: 0
repeat: 1
`),
      { runtime, signal: abort.signal },
    );
    // Wait until the tool runs (calibration comes first), then abort.
    await untilBenchmarkRuns();
    expect(benchmarkChildren().length).toBe(1);
    abort.abort();
    const error = await running.then(() => undefined, (e: unknown) => e);
    expect(isLabError(error) && error.code).toBe('E_INTERRUPTED');
    expect(benchmarkChildren()).toStrictEqual([]);
  }, 60_000);

  it("the run's user, whose password any local user reads from ps, may run only the scenario's command on its key, and is gone after the run", async () => {
    const abort = new AbortController();
    const running = runScenario(
      inlineScenario(`
name: c-engine-user
engine: redis-benchmark
workload: {command: INCR, key: "ctr:{i}", keys: {uniform: 50}, commands: 100000}
modes: [sync]
network: {rtt: 10ms}
warmup: 0
repeat: 1
`),
      { runtime, signal: abort.signal },
    );
    await untilBenchmarkRuns();
    const [pid] = benchmarkChildren();
    if (pid === undefined) throw new Error('redis-benchmark never started');
    // What `ps` shows: its arguments, --user and -a among them.
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const user = argv[argv.indexOf('--user') + 1];
    const password = argv[argv.indexOf('-a') + 1];
    expect(user).toMatch(/^lab-bench-/);
    expect(password).not.toBe(runtime.redisDirect.password);
    const { host, port } = runtime.redisDirect;
    const thief = new Redis({ host, port, username: user, password, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, enableReadyCheck: false });
    const admin = new Redis({ host, port, password: runtime.redisDirect.password, lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await thief.connect();
      const refused = (promise: Promise<unknown>) => promise.then((reply) => `allowed: ${JSON.stringify(reply)}`, (e: unknown) => String(e));
      expect(await refused(thief.call('CONFIG', 'GET', 'requirepass'))).toMatch(/NOPERM/);
      expect(await refused(thief.call('ACL', 'LIST'))).toMatch(/NOPERM/);
      expect(await refused(thief.call('FLUSHALL'))).toMatch(/NOPERM/);
      expect(await refused(thief.call('GET', 'ctr:000000000001'))).toMatch(/NOPERM/); // another command
      expect(await refused(thief.call('INCR', 'other'))).toMatch(/NOPERM/); // another key
      expect(await refused(thief.call('INCR', 'ctr:1'))).toMatch(/NOPERM/); // not the 12 digits -r writes
      expect(await thief.call('INCR', 'ctr:000000000001')).toBeGreaterThan(0); // the run's own command and key
      abort.abort();
      await running.then(() => undefined, () => undefined);
      await admin.connect();
      const users = (await admin.call('ACL', 'USERS')) as string[];
      expect(users).not.toContain(user);
      expect(users.filter((name) => name.startsWith('lab-bench-'))).toStrictEqual([]);
      // DELUSER dropped its connections: the reader's connection is closed too.
      expect(await refused(thief.call('PING'))).not.toMatch(/^allowed/);
    } finally {
      abort.abort();
      thief.disconnect();
      admin.disconnect();
    }
  }, 60_000);

  it('a missing redis-benchmark is an error with a hint, before anything starts', async () => {
    const saved = process.env.REDIS_FAULT_LAB_REDIS_BENCHMARK;
    process.env.REDIS_FAULT_LAB_REDIS_BENCHMARK = '/nonexistent/redis-benchmark';
    try {
      const error = await runScenario(inlineScenario('name: t\nengine: redis-benchmark\nworkload: {command: INCR, commands: 10}\nmodes: [sync]\n'), { runtime: 'local' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isLabError(error) && error.code).toBe('E_ENGINE');
      expect(isLabError(error) && error.message).toBe('engine: redis-benchmark, but /nonexistent/redis-benchmark is not an executable file');
      expect(isLabError(error) && error.hint).toMatch(/apt-get install redis-tools/);
    } finally {
      if (saved === undefined) delete process.env.REDIS_FAULT_LAB_REDIS_BENCHMARK;
      else process.env.REDIS_FAULT_LAB_REDIS_BENCHMARK = saved;
    }
  });
});
