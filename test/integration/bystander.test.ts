// The bystander (issue 27, seed 001) against a real Redis through a real Toxiproxy: one pipeline
// of 100,000 INCRs makes a light GET client wait, in the lab's own process far more than its own
// baseline (the lab's event loop is busy building the batch and parsing its replies, and the
// server is busy with it) and in a child process measurably (the server only). Every figure is
// a ratio within one run; and the child process is never left behind, aborted or not.

import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type BystanderSideResult, type StartedRuntime } from '../../lab/index.ts';
import { Bystanders } from '../../lab/run/bystander-runs.ts';
import { endpointClient, inlineScenario, processAlive } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

// This process's children that run the bystander's child module (read from /proc).
const bystanderChildren = (): number[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('bystander/child') && processAlive(Number(pid));
      } catch {
        return false; // gone while we looked
      }
    })
    .map(Number);

const RATE = 200;
const SCENARIO = `
name: bystander-pipeline
workload: {command: INCR, commands: 100000}
modes: [pipeline:all]
warmup: 0
repeat: 1
bystander: {rate: ${RATE}/s, command: GET, process: both}
`;

describe('bystander', () => {
  it('a 100k pipeline raises the same-process bystander p99 by at least its longest event-loop stall, and the other-process one measurably', async () => {
    const result = await runScenario(inlineScenario(SCENARIO), { runtime });
    const [config] = result.configs;
    expect(config?.runs.map((r) => r.failure ?? 'ok')).toEqual(['ok']);
    const bystander = config?.bystander;
    expect(bystander?.process).toBe('both');
    const same = bystander?.same as BystanderSideResult;
    const other = bystander?.other as BystanderSideResult;
    for (const side of [same, other]) {
      expect(side.errors, side.process).toBe(0);
      // Baseline and during each last as long as the run: about as many commands in each.
      const during = side.duringLatencyUs?.count ?? 0;
      const baseline = side.baselineLatencyUs?.count ?? 0;
      expect(during, side.process).toBeGreaterThan(10);
      expect(baseline / during, side.process).toBeGreaterThan(0.7);
      expect(baseline / during, side.process).toBeLessThan(1.4);
    }
    // Same process: clearly worse than alone (observed 97x on a loaded 2-core machine).
    expect(same.p99Ratio).toBeGreaterThan(2);
    // ... by at least the pipeline's own client-side stall (building it, parsing its replies):
    // the GET due when the longest stall began waits all of it. p99 leaves out the slowest 1 %
    // of the samples, each one due 1/rate after the other, so that much may be shaved off.
    const stallUs = (bystander?.eventLoopMaxBlockMs ?? 0) * 1000;
    expect(stallUs).toBeGreaterThan(0);
    const shavedUs = Math.ceil((same.duringLatencyUs?.count ?? 0) * 0.01) * (1e6 / RATE);
    const raiseUs = (same.duringLatencyUs?.p99 ?? 0) - (same.baselineLatencyUs?.p99 ?? 0);
    expect(raiseUs, `p99 raise ${raiseUs} us against a ${stallUs} us stall (less ${shavedUs} us)`).toBeGreaterThanOrEqual(stallUs - shavedUs);
    // Other process: the server's blocking only, measurably worse than alone, and less than in
    // the lab's process, which waits behind the server and its own event loop.
    // (Not p50: only the GETs due while the server runs the batch wait for it, fewer than half of
    // them when the batch is quick; a fresh-clone CI run read p50 x0.92 with p99 raised. The
    // slowest GET during the batch waits behind it, so the max rises with the p99.)
    expect(other.p99Ratio).toBeGreaterThan(1);
    expect(other.duringLatencyUs?.max ?? 0).toBeGreaterThan(other.baselineLatencyUs?.max ?? Number.POSITIVE_INFINITY);
    expect(same.p99Ratio ?? 0).toBeGreaterThan(other.p99Ratio ?? Number.POSITIVE_INFINITY);
    // Thresholds and the registry read the same figures.
    expect(config?.bystander?.same?.duringLatencyUs?.hdr).toBeTypeOf('string');
    expect(bystanderChildren()).toEqual([]);
  });

  it('stands beside a request workload (open-loop arrivals, a batching window): its GETs reach the node, baseline and during', async () => {
    const direct = endpointClient(runtime.redisDirect);
    const gets = async () => Number(/^cmdstat_get:calls=(\d+)/m.exec(await direct.info('commandstats'))?.[1] ?? 0);
    const misses = async () => Number(/^keyspace_misses:(\d+)/m.exec(await direct.info('stats'))?.[1] ?? 0);
    const [getsBefore, missesBefore] = [await gets(), await misses()];
    const result = await runScenario(
      inlineScenario(`
name: bystander-requests
workload: {label: incr, request: [{command: INCR, key: "c:{r}"}], arrival: {rate: 200/s, for: 1s}, batch: {window: 10ms, size: 64}}
modes: [pipeline:all]
warmup: 0
repeat: 1
bystander: {rate: 100/s, process: same}
`),
      { runtime },
    );
    const [config] = result.configs;
    expect(config?.runs.map((r) => r.failure ?? 'ok')).toEqual(['ok']);
    const same = config?.bystander?.same as BystanderSideResult;
    expect(config?.bystander?.node).toBeUndefined();
    expect(same.errors).toBe(0);
    expect(same.duringLatencyUs?.count ?? 0).toBeGreaterThan(10);
    expect(same.baselineLatencyUs?.count ?? 0).toBeGreaterThan(10);
    // Each bystander GET is a miss (a key nobody writes); the run's read-back GETs hit.
    expect((await misses()) - missesBefore).toBe(same.sent);
    expect((await gets()) - getsBefore).toBeGreaterThanOrEqual(same.sent);
    direct.disconnect();
  });

  it('the child ends on close, on abort, and when a run is aborted mid-span', async () => {
    const options = { ratePerSec: 100, command: 'GET', process: 'other' } as const;
    const closed = await Bystanders.start(options, { endpoint: runtime.proxied, key: 'bystander:get' });
    const closedPid = closed.childPid as number;
    expect(processAlive(closedPid)).toBe(true);
    await closed.close();
    expect(processAlive(closedPid)).toBe(false);

    const controller = new AbortController();
    const aborted = await Bystanders.start(options, { endpoint: runtime.proxied, key: 'bystander:get' }, controller.signal);
    const abortedPid = aborted.childPid as number;
    expect(processAlive(abortedPid)).toBe(true);
    controller.abort();
    const deadline = Date.now() + 5_000;
    while (processAlive(abortedPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(processAlive(abortedPid)).toBe(false);
    await aborted.close();

    // A whole scenario aborted while its first run's span runs: it rejects, and no child remains.
    const run = new AbortController();
    let seen: number[] = [];
    const result = runScenario(inlineScenario(SCENARIO), {
      runtime,
      signal: run.signal,
      onProgress: (event) => {
        if (event.type !== 'config-start') return;
        setTimeout(() => {
          seen = bystanderChildren();
          run.abort();
        }, 300);
      },
    });
    await expect(result).rejects.toMatchObject({ code: 'E_INTERRUPTED' });
    expect(seen.length).toBe(1);
    expect(bystanderChildren()).toEqual([]);
  });
});
