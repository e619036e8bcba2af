// Every workload command, key distribution and mode against a real Redis through a real
// Toxiproxy: each reply and the final state are checked by the lab itself, so a config that
// verifies is one where nothing was dropped, wrong or double-counted.

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type LabResult, type StartedRuntime } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

const unverified = (result: LabResult) =>
  result.configs.filter((c) => c.runs.some((r) => !r.verified)).map((c) => `${c.id}: ${c.runs.find((r) => !r.verified)?.failure}`);

describe('workloads', () => {
  it('runs every command in every mode over one and several connections, all replies checked', async () => {
    const result = await runScenario(
      inlineScenario(`
name: mixed
seed: 7
workload:
  - {label: SET, command: SET, key: "k:{i}", keys: {uniform: 50}, value: "8B..64B", commands: 240}
  - {label: GET, command: GET, key: "k:{i}", keys: {zipfian: 50, theta: 0.9}, value: 16B, commands: 240}
  - {label: HSET, command: HSET, key: "h:{i}", keys: sequential, commands: 240}
  - {label: MGET, command: MGET, key: "k:{i}", keys: {sequential: 40}, mget-keys: 5, commands: 240}
  - {label: EVAL, command: EVAL, key: "e:{i}", keys: {uniform: 10}, script: "return redis.call('INCR', KEYS[1])", reply: integer, commands: 240}
  - {label: EVALSHA, command: EVALSHA, key: "s:{i}", script: "return redis.call('SET', KEYS[1], ARGV[1])", args: ["{value}"], reply: ok, commands: 240}
  - {label: CUSTOM, command: CUSTOM, key: "z", args: [ZADD, "{key}", "{i}", "m{i}"], reply: integer, commands: 240}
  - {label: INCRBY, command: INCRBY, key: "c:{i}", keys: {uniform: 7}, by: 3, commands: 240}
modes: [sync, pipeline:32, multi:16, auto:8]
connections: [1, 3]
warmup: 0
repeat: 1
`),
      { runtime },
    );
    expect(result.seed).toBe(7);
    expect(result.configs).toHaveLength(8 * 4 * 2);
    expect(new Set(result.configs.map((c) => c.id)).size).toBe(result.configs.length);
    expect(unverified(result)).toEqual([]);
    for (const config of result.configs) {
      expect(config.errors, config.id).toBe(0);
      expect(config.latencyUs?.count, config.id).toBe(240);
      expect(config.serverInfo?.netInputBytes, config.id).toBeGreaterThan(0);
      expect(config.clientPeakRssBytes, config.id).toBeGreaterThan(0);
    }
    expect(result.pass).toBe(true);
  });

  it('fails a GET run whose values another client overwrites, naming the key', async () => {
    const intruder = new Redis({ host: runtime.redisDirect.host, port: runtime.redisDirect.port, password: runtime.redisDirect.password, lazyConnect: true });
    await intruder.connect();
    const timer = setInterval(() => void intruder.set('g:3', 'not what the lab wrote').catch(() => undefined), 20);
    try {
      const result = await runScenario(
        inlineScenario(`
name: overwritten
workload: {command: GET, key: "g:{i}", keys: {sequential: 8}, commands: 400}
modes: [sync]
network: {rtt: 2ms}
warmup: 0
repeat: 2
`),
        { runtime },
      );
      const [config] = result.configs;
      expect(config?.runs.map((r) => r.verified)).toEqual([false, false]);
      expect(config?.runs[0]?.failure).toMatch(/g:3/);
      expect(config?.medianMs).toBeNull();
      expect(result.pass).toBe(false);
    } finally {
      clearInterval(timer);
      intruder.disconnect();
    }
  });

  it('under a bandwidth cap, large values take longer than the model of round trips predicts', async () => {
    const result = await runScenario(
      inlineScenario(`
name: capped
workload: {command: SET, key: "b:{i}", keys: sequential, value: 16KB, commands: 48}
modes: [pipeline:8]
network: {rtt: 0ms, bandwidth: [unlimited, 200KB/s]}
warmup: 0
repeat: 2
`),
      { runtime },
    );
    expect(unverified(result)).toEqual([]);
    const [open, capped] = result.configs;
    expect(capped?.id).toMatch(/bw=200KB\/s/);
    // 48 x 16 KB = 768 KB through 200 KB/s takes seconds; uncapped on loopback, milliseconds.
    expect(capped!.medianMs! / open!.medianMs!).toBeGreaterThan(5);
    expect(capped!.modelRatio!).toBeGreaterThan(2);
  });
});
