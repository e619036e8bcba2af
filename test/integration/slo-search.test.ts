// The rate an SLO allows (issue 26) against a real Redis through a real Toxiproxy (local
// runtime): a request of 4 sequential commands at rtt 10 ms, searched with a loose objective
// (request p(99) < 150 ms over 3 s probes), finds the capacity of a pool of 1 and of a pool of 8
// within 10 % of pool / (4 x the round trip the requests paid: their mean service time / 4, which
// is Little's law for a busy pool), and within 30 % of pool / (4 x the PING rtt this run's
// calibration measured, which moves by itself on a loaded machine). Each probe past capacity
// builds a queue that grows for the whole probe (3 s at 4 % over capacity: about 120 ms of
// waiting), so the loose objective puts the found rate at capacity, not below it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type StartedRuntime } from '../../lab/index.ts';
import { renderTable } from '../../lab/report/index.ts';
import { decodeLatency } from '../../lab/metrics/index.ts';
import { inlineScenario } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('SLO rate search', () => {
  it('finds the capacity of a pool of 1 and of 8 within 10 % of pool / (4 x the requests\' round trip) and 30 % of pool / (4 x PING rtt)', async () => {
    const result = await runScenario(
      inlineScenario(`
name: slo-capacity
workload:
  label: api
  request:
    - {command: GET, key: "a:{r}"}
    - {command: GET, key: "b:{r}"}
    - {command: GET, key: "c:{r}"}
    - {command: INCR, key: hits}
  arrival: {rate: 20/s, for: 3s, slo: {objective: "request p(99) < 150ms", within: 4%}}
  clients: [{pool: 1}, {pool: 8}]
modes: [sync]
network: {rtt: 10ms}
warmup: 0
repeat: 1
expect:
  - "at clients=pool:8: max-rate >= 100/s"
  - "at clients=pool:1: max-rate >= 100/s"
`),
      { runtime },
    );
    const rttMs = result.calibration[0]?.measuredMs ?? Number.NaN;
    expect(rttMs).toBeGreaterThan(9);
    const found = result.configs.map((c) => {
      const slo = c.slo;
      if (slo === undefined) throw new Error(`${c.id} has no slo`);
      return { id: c.id, pool: c.clients, foundPerSec: slo.foundPerSec, missedPerSec: slo.missedPerSec, stopped: slo.stopped, probes: slo.probes };
    });
    expect(found.map((f) => f.pool)).toEqual([{ pool: 1 }, { pool: 8 }]);
    for (const f of found) {
      const pool = typeof f.pool === 'object' ? f.pool.pool : Number.NaN;
      const capacity = pool / ((4 * rttMs) / 1000);
      expect(f.stopped, f.id).toMatch(/^bracketed/);
      expect(f.foundPerSec, f.id).not.toBeNull();
      // The issue asks for 10 %. Measured against pool / (4 x the calibration's PING rtt): pool 1
      // 2-10 % low, pool 8 from 30 % low (machine at load 20) to 19 % high (quiet, the PING read
      // slow), so the capacity estimate itself is off by that much; 30 % still catches a search
      // that collapsed (one stalled probe once closed pool 8 at 18.7/s against ~200/s).
      expect(Math.abs((f.foundPerSec as number) / capacity - 1), `${f.id}: found ${f.foundPerSec}/s, capacity ${capacity.toFixed(1)}/s`).toBeLessThan(0.3);
      // The 10 %, against the round trip the requests themselves paid at the rate found:
      // the service time runs from the actual send (no pool or queue wait), so it is the 4 round
      // trips a request took on this client, client time included. A pool of N busy all the time
      // completes N / mean service time requests a second (Little's law): that is its capacity.
      const config = result.configs.find((c) => c.id === f.id);
      const serviceHdr = config?.serviceLatencyUs?.hdr;
      expect(serviceHdr, `${f.id}: service latency histogram`).toBeTruthy();
      const service = decodeLatency(serviceHdr as string);
      const serviceMeanUs = service.mean;
      service.destroy();
      const rttPaidMs = serviceMeanUs / 4 / 1000;
      // Sanity: a round trip on a 10 ms link took at least its toxic's share and not wildly more.
      expect(rttPaidMs, `${f.id}: round trip the requests paid`).toBeGreaterThan(5);
      expect(rttPaidMs, `${f.id}: round trip the requests paid`).toBeLessThan(4 * rttMs);
      const paidCapacity = pool / ((4 * rttPaidMs) / 1000);
      expect(Math.abs((f.foundPerSec as number) / paidCapacity - 1), `${f.id}: found ${f.foundPerSec}/s, pool / mean service ${paidCapacity.toFixed(1)}/s (round trip ${rttPaidMs.toFixed(2)} ms)`).toBeLessThan(0.1);
      // Evidence: every probe has its figures; the rate found met the objective, the one above missed it.
      expect(f.probes.every((p) => p.offeredPerSec > 0 && p.runs === 1)).toBe(true);
      expect(f.probes.find((p) => p.offeredPerSec === f.foundPerSec)?.met).toBe(true);
      expect(f.probes.find((p) => p.offeredPerSec === f.missedPerSec)?.met).toBe(false);
    }
    // The config reports its probe at the rate found; thresholds read max-rate from the registry.
    const [pool1, pool8] = result.configs;
    expect(pool8?.schedule?.offeredPerSec).toBe(pool8?.slo?.foundPerSec);
    expect(result.thresholds.map((t) => [t.checked.map((c) => c.configId), t.pass])).toEqual([
      [['sync@rtt=10ms,rate=search,clients=pool:8'], true],
      [['sync@rtt=10ms,rate=search,clients=pool:1'], false],
    ]);
    expect(pool1?.id).toBe('sync@rtt=10ms,rate=search,clients=pool:1');
    // The table's short block names the rate found and the evidence rows.
    const table = renderTable(result, { color: false, width: 200 });
    expect(table).toContain('SLO search');
    expect(table).toMatch(/max-rate [\d.]+\/s for request p\(99\) < 150ms; bracketed/);
  }, 300_000);
});
