// An example of the suites teams keep in their own repos: it imports only the package's public
// entry points, exactly as a user's repo would (package self-reference: package.json's "name"
// and "exports" make `redis-fault-lab` and `redis-fault-lab/vitest` resolve here too).
// Importing `redis-fault-lab/vitest` also installs the matchers on `expect`.

import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { ConfigResult, LabResult } from 'redis-fault-lab';
import { useLab } from 'redis-fault-lab/vitest';

// One runtime for the whole file: started in beforeAll, stopped in afterAll even when tests fail.
// In your repo prefer `useLab()` (runtime 'auto': containers when a Docker engine answers, else
// local binaries). Here it is 'local' on purpose: starting the containers takes ~10 s, ten times
// longer than the measurements below, and the containers runtime has its own integration test.
const lab = useLab({ runtime: 'local' });

const SCENARIO = `
name: incr-sync-vs-pipeline
description: INCR one round trip at a time vs pipelines of 50, on a 5 ms link
workload:
  command: INCR
  key: example:counter
  commands: 200
modes: [sync, pipeline:50]
network:
  rtt: [0ms, 5ms]
warmup: 0
repeat: 1
expect:
  - "pipeline:50 at rtt=5ms: median < 2000ms"
`;

// The proxied config of one mode at one rtt.
const configAt = (result: LabResult, mode: ConfigResult['mode'], batch: number, rttMs: number): ConfigResult => {
  const config = result.configs.find((c) => c.link === 'proxied' && c.mode === mode && c.batch === batch && c.rttMs === rttMs);
  if (!config) throw new Error(`no ${mode}:${batch} config at rtt=${rttMs}ms in ${result.configs.map((c) => c.id).join(', ')}`);
  return config;
};

describe('INCR across a 5 ms link', () => {
  it('pipelines of 50 beat one round trip per command', async ({ signal }) => {
    // The test's signal aborts the run if the test times out.
    const result = await lab.run(SCENARIO, { signal, label: 'example-suite inline scenario' });

    expect(result.runtime).toBe(lab.runtime.kind);
    expect(result).toHaveVerifiedRuns();
    expect(result).toPassThresholds();

    // A figure the thresholds cannot express: the ratio of two configs' medians. Sync waits on
    // 200 round trips, pipeline:50 on 4, so on a 5 ms link sync is far more than 5x slower.
    const sync = configAt(result, 'sync', 1, 5);
    const pipelined = configAt(result, 'pipeline', 50, 5);
    expect(sync.medianMs).not.toBeNull();
    expect(pipelined.medianMs).not.toBeNull();
    expect(sync.medianMs! / pipelined.medianMs!).toBeGreaterThanOrEqual(5);
  });

  it('reports a threshold the link cannot meet', async ({ signal }) => {
    // 50 sync INCRs on a 5 ms link take ~250 ms: a 100 ms bound must fail, with its figures.
    const result = await lab.run(
      `
name: impossible-bound
description: a threshold no 5 ms link can meet
workload: { command: INCR, key: "example:impossible", commands: 50 }
modes: [sync]
network: { rtt: [5ms] }
warmup: 0
repeat: 1
expect:
  - "sync at rtt=5ms: median < 100ms"
`,
      { signal },
    );
    expect(result).toHaveVerifiedRuns();
    expect(result).not.toPassThresholds();
    expect(() => expect(result).toPassThresholds()).toThrow(/"sync at rtt=5ms: median < 100ms"\n\s+✗ sync@rtt=5ms: medianMs = \d+/);
  });

});

describe('a toxic of your own, through toxiproxy-node-client', () => {
  // Median of `count` PINGs, each waited for before the next, in ms.
  const medianPingMs = async (client: Redis, count: number): Promise<number> => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      await client.ping();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(count / 2)]!;
  };

  it('a latency toxic added with lab.proxy.addToxic slows PINGs through the proxy until it is removed', async () => {
    // The lab's proxy as the toxiproxy-node-client Proxy: the client's own API, nothing of the lab's.
    expect(lab.proxy.name).toBe(lab.runtime.proxyName);
    const { host, port, password } = lab.runtime.proxied; // the password the runtime generated
    const client = new Redis({ host, port, ...(password === undefined ? {} : { password }), lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      const before = await medianPingMs(client, 20);
      const toxic = await lab.proxy.addToxic({ name: 'my_slow_replies', type: 'latency', stream: 'downstream', toxicity: 1, attributes: { latency: 25, jitter: 0 } });
      let during: number;
      try {
        during = await medianPingMs(client, 20);
      } finally {
        await toxic.remove();
      }
      const after = await medianPingMs(client, 20);
      // Every reply waits 25 ms in the toxic: a floor, whatever the machine's load.
      expect(during).toBeGreaterThanOrEqual(25);
      // Ratios measured in this one test: the toxic made PINGs several times slower, and removing
      // it gave back a link much faster than the toxic's.
      expect(during / before).toBeGreaterThanOrEqual(3);
      expect(during / after).toBeGreaterThanOrEqual(3);
      await expect(lab.proxy.getToxic('my_slow_replies')).rejects.toThrow(/not found/i); // the server's own words
    } finally {
      client.disconnect();
    }
  });
});

describe('retry safety of INCR after a reply cut', () => {
  // The shipped scenario: 256 INCR at 10 ms RTT, the server's replies cut mid-batch and at a
  // batch boundary, under four retry policies, each run twice (about a minute).
  it('only the idempotent policy neither loses nor double-applies an increment', async ({ signal }) => {
    const result = await lab.run('scenarios/incr-retry-safety.yaml', { signal });
    expect(result).toBeRetrySafe('idempotent');
    expect(result).not.toBeRetrySafe('ioredis-default'); // it re-sends a batch that ran but got no reply
    expect(result).not.toBeRetrySafe('app-retry');
    expect(result).toPassThresholds();
    // Byte-counted cuts land on the same bytes every time: both runs of every cell agree.
    expect(result.reconcile?.every((entry) => entry.consistent)).toBe(true);
  }, 240_000);
});
