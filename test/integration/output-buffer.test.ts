// Seed 001's disconnect on the local runtime: with a 1 MiB hard client-output-buffer-limit, one
// pipeline of 64 GETs of 100 KiB values owes 6.4 MiB of replies and the server closes the client
// mid-batch, while batches of 8 (800 KiB) pass. The result says why, with the server's own
// evidence, and a write under the same limit is reconciled against the server's state.

import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { runScenario, startRuntime } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

const LIMIT = 'server: {client-output-buffer-limit: {hard: 1MiB}}';

const directClient = async (endpoint: { host: string; port: number; password?: string }): Promise<Redis> => {
  const client = new Redis({ host: endpoint.host, port: endpoint.port, ...(endpoint.password === undefined ? {} : { password: endpoint.password }), lazyConnect: true });
  await client.connect();
  return client;
};

describe('client-output-buffer-limit on the local runtime', () => {
  it('closes a pipeline of large GETs mid-batch and says why, with the evidence; batches that fit pass; the limit is restored', async () => {
    const runtime = await startRuntime('local');
    const control = await directClient(runtime.redisDirect);
    try {
      const before = await control.config('GET', 'client-output-buffer-limit');
      const result = await runScenario(
        inlineScenario(`
name: obl-get
workload: {command: GET, key: "page:{i}", keys: sequential, value: 100KiB, commands: 64}
modes: [pipeline:8, pipeline:all]
${LIMIT}
warmup: 0
repeat: 2
expect:
  - "pipeline:all: output-buffer-disconnects > 0"
  - "pipeline:8: output-buffer-disconnects == 0"
`),
        { runtime },
      );
      const all = result.configs.find((c) => c.id.startsWith('pipeline:all'));
      const small = result.configs.find((c) => c.id.startsWith('pipeline:8'));
      // Batches of 8 owe 800 KiB at most: never closed, every run verified.
      expect(small?.serverClosed).toBeUndefined();
      expect(small?.errors).toBe(0);
      // One batch of 64: closed in every run, and the row says why.
      const closed = all?.serverClosed;
      expect(closed?.reason).toBe('client-output-buffer-limit');
      expect(closed?.runs).toBe(2);
      expect(closed?.count).toBeGreaterThanOrEqual(2);
      const [major = 0, minor = 0] = result.versions.redis.split('.').map(Number);
      const infoHasIt = major > 7 || (major === 7 && minor >= 4);
      expect(closed?.evidence).toBe(infoHasIt ? 'info' : 'log');
      if (!infoHasIt) expect(closed?.logLine).toMatch(/cmd=get .*scheduled to be closed ASAP for overcoming of output buffer limits/);
      for (const run of all?.runs ?? []) {
        expect(run.verified).toBe(false);
        expect(run.failure).toMatch(/^the server closed the client \(client-output-buffer-limit/);
        // Half applied: the server executed part of the batch, the client was told less (or nothing).
        const figures = run.serverClosed;
        expect(figures?.issued).toBe(64);
        expect(figures?.executed).toBeGreaterThan(0);
        expect(figures?.executed).toBeLessThan(64);
        expect(figures?.acknowledged).toBeLessThanOrEqual(figures?.executed ?? -1);
        expect(figures?.lost).toBe(0);
      }
      expect(result.thresholds.every((t) => t.pass)).toBe(true);
      expect(result.pass).toBe(true);
      expect(await control.config('GET', 'client-output-buffer-limit')).toStrictEqual(before);
    } finally {
      control.disconnect();
      await runtime.stop();
    }
  });

  it('reconciles a write cut by the close: what the server applied against what the client was told', async () => {
    const runtime = await startRuntime('local');
    const control = await directClient(runtime.redisDirect);
    try {
      const result = await runScenario(
        inlineScenario(`
name: obl-write
workload:
  command: EVAL
  key: counter
  script: "redis.call('INCR', KEYS[1]) return string.rep('x', 102400)"
  commands: 64
modes: [pipeline:all]
${LIMIT}
warmup: 0
repeat: 1
`),
        { runtime },
      );
      const [config] = result.configs;
      const closed = config?.runs[0]?.serverClosed;
      expect(closed).toBeDefined();
      // The server's state after the run (the lab empties its keys before a run, not after):
      // every INCR it applied is in the counter, and it matches the server's own count of EVALs.
      const applied = Number((await control.get('counter')) ?? 0);
      expect(applied).toBe(closed?.executed);
      expect(applied).toBeGreaterThan(0);
      expect(applied).toBeLessThan(64);
      // Nothing acknowledged is missing, and what was applied without a reply is counted as such.
      expect(closed?.acknowledged).toBeLessThanOrEqual(applied);
      expect(closed?.lost).toBe(0);
      expect(closed?.appliedUnacknowledged).toBe(applied - (closed?.acknowledged ?? 0));
      expect(closed?.issued).toBe(64);
    } finally {
      control.disconnect();
      await runtime.stop();
    }
  });

  it('reads the evidence from the container log on the containers runtime', async () => {
    const runtime = await startRuntime('containers');
    try {
      const result = await runScenario(
        inlineScenario(`
name: obl-containers
workload: {command: GET, key: "page:{i}", keys: sequential, value: 100KiB, commands: 64}
modes: [pipeline:all]
${LIMIT}
warmup: 0
repeat: 1
`),
        { runtime },
      );
      const closed = result.configs[0]?.serverClosed;
      const [major = 0, minor = 0] = result.versions.redis.split('.').map(Number);
      expect(closed?.evidence).toBe(major > 7 || (major === 7 && minor >= 4) ? 'info' : 'log');
      expect(closed?.count).toBeGreaterThanOrEqual(1);
      expect(closed?.executed).toBeLessThan(64);
    } finally {
      await runtime.stop();
    }
  });
  it('applies the limit to the primary of a primary with replicas (the single-node path): its client is closed, a replica is not', async () => {
    const result = await runScenario(
      inlineScenario(`
name: obl-primary
topology: {primary: 1, replicas: 1}
workload: {command: GET, key: "page:{i}", keys: sequential, value: 100KiB, commands: 64}
modes: [pipeline:8, pipeline:all]
${LIMIT}
warmup: 0
repeat: 1
expect:
  - "pipeline:all: output-buffer-disconnects > 0"
  - "pipeline:8: output-buffer-disconnects == 0"
`),
      { runtime: 'local' },
    );
    expect(result.topology?.nodes.map((n) => n.role)).toStrictEqual(['primary', 'replica']);
    const all = result.configs.find((c) => c.id.startsWith('pipeline:all'));
    expect(all?.serverClosed?.reason).toBe('client-output-buffer-limit');
    expect(all?.serverClosed?.executed).toBeLessThan(64);
    expect(result.configs.find((c) => c.id.startsWith('pipeline:8'))?.serverClosed).toBeUndefined();
    // The replica's link to the primary uses the replica class, untouched: it still replicates
    // (the lab's marker SETs reach replica-1; a short run may end before its first marker).
    for (const config of result.configs) {
      expect(config.readsFrom).toBe('primary');
      expect(config.lag?.map((l) => l.replica)).toStrictEqual(['replica-1']);
    }
    expect(result.configs.some((c) => (c.lag?.[0]?.lagMs?.samples ?? 0) > 0)).toBe(true);
    expect(result.pass).toBe(true);
  });
});
