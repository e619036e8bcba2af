// Request workloads on a Redis Cluster (issues 23/26): closed-loop and open-loop requests through
// ioredis Cluster clients, measured by the single-node path, on a local cluster of 3 primaries
// whose links are all 1 ms, then with primary-3's at 10 ms. Each request reads three keys of its
// own and INCRs a counter on primary-3, so every request crosses primary-3's link at least once.
// Real Redis Cluster nodes and Toxiproxy, started by the code under test.

import { beforeAll, describe, expect, it } from 'vitest';
import '../../lab/vitest/index.ts';
import { keySlot } from '../../lab/client/index.ts';
import { runScenario, type ConfigResult, type LabResult } from '../../lab/index.ts';
import type { RunLatency } from '../../lab/contracts/index.ts';
import { compareResults, renderHtmlReport } from '../../lab/report/index.ts';
import { inlineScenario } from './support.ts';

// A counter key in primary-3's slots (10923..16383 on a cluster of three made by the lab).
const FAR_COUNTER = Array.from({ length: 200 }, (_, i) => `hits:${i}`).find((k) => keySlot(k) >= 10923)!;

const scenario = (farRttMs: number) => `name: cluster-requests
description: 3 GETs + 1 INCR per request on a cluster, primary-3 at ${farRttMs} ms
topology: { cluster: { primaries: 3, replicas: 0 } }
network: { rtt: 1ms, nodes: { primary-3: { rtt: ${farRttMs}ms } } }
workload:
  - label: closed
    requests: 40
    request:
      - {command: GET, key: "session:{r}"}
      - {command: GET, key: "user:{r}"}
      - {command: GET, key: "cart:{r}"}
      - {command: INCR, key: "${FAR_COUNTER}"}
  - label: open
    request:
      - {command: GET, key: "session:{r}"}
      - {command: GET, key: "user:{r}"}
      - {command: GET, key: "cart:{r}"}
      - {command: INCR, key: "${FAR_COUNTER}"}
    arrival: {rate: 20/s, for: 2s}
    clients: {pool: 4}
modes: [sync]
connections: 2
warmup: 1
repeat: 3
calibration: { pings: 10 }
expect:
  - "closed: request p(50) > 0ms"
  # A loaded test machine may fall behind 20/s: either outcome is allowed (it does not fail the run).
  - "open: saturated <= 1"
`;

// A request whose keys share one hash tag, sent whole (one MULTI/EXEC on one primary) and auto-pipelined.
const WHOLE = `name: cluster-requests-whole
description: a request sent whole on a cluster, its keys under one hash tag
topology: { cluster: { primaries: 3, replicas: 0 } }
network: { rtt: 1ms, nodes: { primary-3: { rtt: 10ms } } }
workload:
  requests: 30
  request:
    - {command: SET, key: "user:{{r}}", value: 16B}
    - {command: INCR, key: "visits:{{r}}"}
    - {command: GET, key: "user:{{r}}"}
modes: [multi:all, pipeline:all, auto:2]
warmup: 0
repeat: 2
calibration: { pings: 10 }
`;

const config = (result: LabResult, workload: string): ConfigResult => result.configs.find((c) => c.workload === workload)!;

describe('request workloads on a Redis Cluster', () => {
  let flat: LabResult;
  let far: LabResult;
  let whole: LabResult;

  beforeAll(async () => {
    flat = await runScenario(inlineScenario(scenario(1)), { runtime: 'local' });
    far = await runScenario(inlineScenario(scenario(10)), { runtime: 'local' });
    whole = await runScenario(inlineScenario(WHOLE), { runtime: 'local' });
  }, 300_000);

  it('verifies every run and reports request figures, closed-loop and open-loop', () => {
    for (const result of [flat, far]) {
      expect(result.configs.map((c) => c.workload)).toEqual(['closed', 'open']);
      expect(result.pass).toBe(true);
      for (const c of result.configs) {
        expect(c.errors).toBe(0);
        expect(c.requestLatencyUs?.count).toBe(3 * 40); // 40 requests, 3 measured runs
      }
      expect(config(result, 'open').serviceLatencyUs?.count).toBe(3 * 40);
      expect(config(result, 'open').schedule?.offeredPerSec).toBe(20);
      expect(config(result, 'open').saturation).toBeDefined();
      // Every primary's INFO was read: the run's bytes and its GETs' server time add up over them.
      expect(config(result, 'closed').serverInfo?.netInputBytes).toBeGreaterThan(0);
      expect(result.topology?.links.map((l) => [l.to, l.requestedRttMs])).toEqual([
        ['primary-1', 1],
        ['primary-2', 1],
        ['primary-3', result === flat ? 1 : 10],
      ]);
      expect(result.notMeasured.some((line) => line.includes('ioredis Cluster clients'))).toBe(true);
    }
  });

  it('pays primary-3’s link in the request latency: p50 rises with its rtt, closed-loop and open-loop', () => {
    // Each result's quietest run (its lowest per-run p50): the test machine is shared, and a busy
    // spell slows every link alike. Every request crosses primary-3's link at least once (+9 ms).
    const quietest = (result: LabResult, workload: string, pick: (r: RunLatency) => number | null) => Math.min(...config(result, workload).runLatencyUs!.map((r) => pick(r) ?? Infinity));
    const ratio = (workload: string, pick: (r: RunLatency) => number | null) => quietest(far, workload, pick) / quietest(flat, workload, pick);
    expect(ratio('closed', (r) => r.requestP50Us)).toBeGreaterThan(1.5);
    expect(ratio('open', (r) => r.requestP50Us)).toBeGreaterThan(1.5);
    expect(ratio('open', (r) => r.serviceP50Us)).toBeGreaterThan(1.5);
  });

  it('sends a request whole (MULTI/EXEC, a pipeline) when its keys share a hash tag, and auto-pipelines it', () => {
    expect(whole.configs.map((c) => c.id)).toEqual(['multi:all@rtt=1ms', 'pipeline:all@rtt=1ms', 'auto:2@rtt=1ms']);
    expect(whole).toHaveVerifiedRuns();
    for (const c of whole.configs) expect(c.requestLatencyUs?.count).toBe(2 * 30);
    // One round trip per request sent whole, three awaited ones with auto-pipelining.
    expect(whole.configs.map((c) => c.waitsPerRequest)).toEqual([1, 1, 3]);
  });

  it('passes the vitest matchers and renders in the HTML report', () => {
    for (const result of [flat, far]) {
      expect(result).toHaveVerifiedRuns();
      expect(result).toPassThresholds();
    }
    const html = renderHtmlReport([far]);
    expect(html).toContain('<h1>cluster-requests <span class="pass">PASS</span></h1>');
  });

  it('is judged by compare: against itself it passes, against the far link the closed-loop config fails', () => {
    expect(compareResults(flat, flat, 10).pass).toBe(true);
    const worse = compareResults(flat, far, 10);
    expect(worse.configs.find((c) => c.id === config(flat, 'closed').id)?.failure).not.toBeNull();
    expect(worse.pass).toBe(false);
  });
});
