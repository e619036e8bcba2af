// Where the time went, against a real Redis behind a real Toxiproxy: for a 10 ms sync config
// and a bandwidth-capped one, the measured parts (link waits, server time, client CPU, the cap's
// bytes) must account for at least 80 % of the median run, the rest shown as unexplained; the
// bytes each way must be the workload's own (the lab's prefill and INFO calls left out).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type ConfigResult, type StartedRuntime } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

const attributionOf = (config: ConfigResult) => {
  const a = config.timeAttribution;
  if (a === undefined) throw new Error(`${config.id} has no time attribution`);
  return a;
};

describe('time attribution', () => {
  it('accounts for >= 80 % of a 10 ms sync config, and adds up with the unexplained rest', async () => {
    const result = await runScenario(
      inlineScenario(`
name: attribution-sync
workload: {command: INCR, key: "c", commands: 120}
modes: [sync]
network: {rtt: [0ms, 10ms]}
warmup: 0
repeat: 3
`),
      { runtime },
    );
    const config = result.configs.find((c) => c.rttMs === 10);
    if (config === undefined) throw new Error('no 10 ms config');
    const a = attributionOf(config);
    const parts = (a.linkWaitMs ?? 0) + a.serverMs + a.clientCpuMs + (a.bandwidthCapMs ?? 0);
    expect(a.linkWaitMs).not.toBeNull();
    expect(a.bandwidthCapMs).toBeNull();
    expect(parts + a.unexplainedMs).toBeCloseTo(a.wallMs, 6);
    expect(a.explainedPct).toBeGreaterThanOrEqual(80);
    expect(a.runs).toBe(3);
    expect(a.wallMs).toBe(config.medianMs); // an odd count: the median run is the median
    // INCR c is 21 bytes up as RESP ("*2\r\n$4\r\nINCR\r\n$1\r\nc\r\n"); a reply ":N\r\n" is 4-6 bytes down.
    expect(a.bytesUp).toBe(120 * 21);
    expect(a.bytesDown).toBeGreaterThanOrEqual(120 * 4);
    expect(a.bytesDown).toBeLessThanOrEqual(120 * 6);
    // The server executed 120 INCRs: some time, far less than the link's waits.
    expect(a.serverMs).toBeGreaterThan(0);
    expect(a.serverMs).toBeLessThan((a.linkWaitMs ?? 0) / 10);
  });

  it('accounts for >= 80 % of a bandwidth-capped config, the cap counted from the bytes that crossed', async () => {
    const result = await runScenario(
      inlineScenario(`
name: attribution-cap
workload: {command: SET, key: "blob:{i}", keys: sequential, value: 16KB, commands: 48}
modes: [pipeline:8]
network: {rtt: 2ms, bandwidth: 500KB/s}
warmup: 0
repeat: 3
`),
      { runtime },
    );
    const [config] = result.configs;
    if (config === undefined) throw new Error('no config');
    const a = attributionOf(config);
    // 48 values of 16,000 bytes went up; nothing much came back.
    expect(a.bytesUp).toBeGreaterThan(48 * 16_000);
    expect(a.bytesUp).toBeLessThan(48 * 16_200);
    expect(a.bandwidthCapMs).not.toBeNull();
    expect(a.bandwidthCapMs ?? 0).toBeGreaterThan(a.linkWaitMs ?? 0);
    const parts = (a.linkWaitMs ?? 0) + a.serverMs + a.clientCpuMs + (a.bandwidthCapMs ?? 0);
    expect(parts + a.unexplainedMs).toBeCloseTo(a.wallMs, 6);
    expect(a.explainedPct).toBeGreaterThanOrEqual(80);
  });

  it('counts every round trip of a request (4 sync commands: 4 waits each), and gives none for open loop with the reason', async () => {
    const result = await runScenario(
      inlineScenario(`
name: attribution-requests
workload:
  - label: closed
    request:
      - {command: GET, key: "a:{r}"}
      - {command: GET, key: "b:{r}"}
      - {command: GET, key: "c:{r}"}
      - {command: INCR, key: hits}
    requests: 40
  - label: open
    request:
      - {command: GET, key: "a:{r}"}
      - {command: INCR, key: hits}
    arrival: {rate: 50/s, for: 1s}
modes: [sync]
network: {rtt: 10ms}
warmup: 0
repeat: 3
`),
      { runtime },
    );
    const closed = result.configs.find((c) => c.workload === 'closed');
    const open = result.configs.find((c) => c.workload === 'open');
    if (closed === undefined || open === undefined) throw new Error('missing config');
    const a = attributionOf(closed);
    const addedMs = result.calibration.find((c) => c.requestedRttMs === 10)?.addedMs ?? Number.NaN;
    // 40 requests of 4 sequential commands: 160 waits on the link, not 40.
    expect(closed.waits).toBe(160);
    expect(a.linkWaitMs).toBeCloseTo(160 * addedMs, 6);
    expect(a.explainedPct).toBeGreaterThanOrEqual(80);
    expect(open.timeAttribution).toBeUndefined();
    expect(result.notMeasured.some((n) => n.startsWith('Where the time went is not given for open-loop configs'))).toBe(true);
  });
});
