// `clients` as an axis (issue 26) against a real Redis through a real Toxiproxy: one open-loop
// scenario runs shared clients and a pool of 4 side by side; each config records how requests
// reached Redis and the connections it opened, and a `clients=` threshold selects only its own.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type StartedRuntime } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('clients as an axis', () => {
  it('runs shared and {pool: 4} as two configs, records each, and selects one with clients=', async () => {
    const result = await runScenario(
      inlineScenario(`
name: clients-axis
workload:
  label: api
  request: [{command: GET, key: "user:{r}"}, {command: INCR, key: hits}]
  arrival: {rate: 100/s, for: 1s}
  clients: [shared, {pool: 4}]
modes: [sync]
network: {rtt: 2ms}
warmup: 0
repeat: 1
expect:
  - "at clients=pool:4: request p(99) < 60s"
  - "at clients=shared, rate=100/s, requests=100: late-starts >= 0"
`),
      { runtime },
    );
    for (const c of result.configs) expect(c.runs.map((r) => r.failure ?? 'ok'), c.id).toEqual(['ok']);
    expect(result.configs.map((c) => [c.id, c.clients, c.connections])).toEqual([
      ['sync@rtt=2ms,rate=100/s,clients=shared', 'shared', 1],
      ['sync@rtt=2ms,rate=100/s,clients=pool:4', { pool: 4 }, 4],
    ]);
    const [shared, pool] = result.configs;
    expect(shared?.requestLatencyUs?.count).toBe(100);
    expect(pool?.requestLatencyUs?.count).toBe(100);
    // The pool counts requests that found all its connections busy; shared clients have no pool.
    expect(pool?.schedule?.poolWaited).toBeGreaterThanOrEqual(0);
    expect(shared?.schedule?.poolWaited).toBeUndefined();
    const [poolOnly, sharedOnly] = result.thresholds;
    expect(poolOnly?.checked.map((c) => c.configId)).toEqual(['sync@rtt=2ms,rate=100/s,clients=pool:4']);
    expect(sharedOnly?.checked.map((c) => c.configId)).toEqual(['sync@rtt=2ms,rate=100/s,clients=shared']);
    expect(result.thresholds.every((t) => t.pass)).toBe(true);
    // The JSON carries it as written.
    expect(JSON.parse(JSON.stringify(result)).configs[1].clients).toEqual({ pool: 4 });
  });
});
