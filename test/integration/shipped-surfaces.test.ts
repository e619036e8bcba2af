// The shipped topology scenarios on every surface (issue 23 done-when): each file in scenarios/
// that no other test takes through all of compare, `report --html`, .hgrm export and the vitest
// matchers is run here cut down (fewer commands and runs, shorter events; its topology, timeline
// actions and policies kept) on the local runtime, and its result goes through every surface
// (every-surface.ts). Real Redis, sentinels and Toxiproxy; nothing is left running.

import { describe, expect, it } from 'vitest';
import { runScenario, type LabResult } from '../../lab/index.ts';
import { cutDownScenario, expectEverySurface } from './every-surface.ts';
import { childServers, useTempDir } from './support.ts';

type Doc = Record<string, unknown>;
type Entry = Record<string, unknown>;

const workloads = (doc: Doc): Entry[] => (Array.isArray(doc.workload) ? (doc.workload as Entry[]) : [doc.workload as Entry]);
const events = (doc: Doc): Entry[] => doc.timeline as Entry[];

// A run on the local runtime that leaves no server behind.
const run = async (scenario: Awaited<ReturnType<typeof cutDownScenario>>): Promise<LabResult> => {
  const before = childServers();
  const result = await runScenario(scenario, { runtime: 'local' });
  expect(childServers()).toEqual(before);
  return result;
};

// A fault scenario's result has rows, no measured configs: toHaveVerifiedRuns says so.
const notVerifiedRuns = { matcher: (r: LabResult) => expect(r).toHaveVerifiedRuns(), why: /measured no config|fault scenario/ };

describe('shipped topology scenarios on every surface (local runtime)', () => {
  const dir = useTempDir('rfl-shipped-surfaces-');
  const files = (prefix: string) => (name: string) => dir.file(`${prefix}-${name}`);

  it('failover-lost-writes.yaml: both workloads, both WAIT settings, the partition and the promotion', async () => {
    const scenario = await cutDownScenario('failover-lost-writes', (doc) => {
      for (const w of workloads(doc)) w.commands = 30_000;
      doc.repeat = 1;
      doc.calibration = { pings: 10 };
      const [isolate, promote] = events(doc);
      Object.assign(isolate!, { at: '300ms', for: '1500ms' });
      Object.assign(promote!, { at: '1s' });
      doc.expect = ['INCR at wait=none: acknowledged > 0'];
    });
    const result = await run(scenario);
    expect(result.reconcile!.map((r) => r.id)).toEqual(['INCR / no WAIT', 'INCR / WAIT 1 100ms', 'SET / no WAIT', 'SET / WAIT 1 100ms']);
    await expectEverySurface(result, files('lost-writes'), notVerifiedRuns);
  }, 120_000);

  it('sentinel-failover.yaml: the sentinels promote the replica; the rows keep their per-write latency in .hgrm', async () => {
    const scenario = await cutDownScenario('sentinel-failover', (doc) => {
      doc.calibration = { pings: 10 };
      Object.assign(events(doc)[0]!, { at: '300ms', for: '4s' });
      doc.expect = ['INCR: acknowledged > 0'];
    });
    const result = await run(scenario);
    expect(result.reconcile!.map((r) => r.id)).toEqual(['INCR / no WAIT', 'SET / no WAIT']);
    expect(result.reconcile!.every((r) => r.events?.some((e) => e.event === 'sentinels switched to replica-1'))).toBe(true);
    await expectEverySurface(result, files('sentinel'), notVerifiedRuns);
  }, 120_000);

  it('failover-retry-safety.yaml: a built-in policy and an example module across a Sentinel failover', async () => {
    const scenario = await cutDownScenario('failover-retry-safety', (doc) => {
      doc.workload = workloads(doc).slice(0, 1);
      doc.policies = (doc.policies as unknown[]).filter((p) => p === 'ioredis-default' || (typeof p === 'object' && (p as Entry).name === 'naive-retry'));
      doc.calibration = { pings: 10 };
      Object.assign(events(doc)[0]!, { at: '300ms', for: '4s' });
      doc.expect = ['policy naive-retry: acknowledged > 0'];
    });
    const result = await run(scenario);
    expect(result.reconcile!.map((r) => r.policy)).toEqual(['none', 'ioredis-default', 'naive-retry']);
    for (const row of result.reconcile!.slice(1)) expect(row.faultObserved).toBe(true);
    const naive = result.reconcile![2]!;
    // The module's row is judged like a built-in's: the matcher follows its verdict.
    const matcher = (r: LabResult) => (naive.verdict === 'SAFE' ? expect(r).not.toBeRetrySafe('naive-retry') : expect(r).toBeRetrySafe('naive-retry'));
    await expectEverySurface(result, files('retry-safety'), { matcher, why: /for policy naive-retry/ });
  }, 150_000);

  it('replica-across-dc.yaml: WAIT across a 10 ms replica link, as configs with HDR latency', async () => {
    const scenario = await cutDownScenario('replica-across-dc', (doc) => {
      for (const w of workloads(doc)) w.commands = 100;
      Object.assign(doc, { warmup: 0, repeat: 3, calibration: { pings: 10 } });
      doc.expect = ['SET at wait=1/100ms: wait-p(99) < 2s'];
    });
    const result = await run(scenario);
    expect(result.configs.map((c) => c.id)).toEqual(['SET / no WAIT', 'SET / WAIT 1 100ms']);
    // No fault, so no row judges a policy.
    await expectEverySurface(result, files('replica-dc'), { matcher: (r) => expect(r).toBeRetrySafe('none'), why: /no reconcile entries/ });
  }, 120_000);

  it('cluster-cross-dc.yaml: a far shard, a failover, a takeover and a partition of a near primary', async () => {
    const scenario = await cutDownScenario('cluster-cross-dc', (doc) => {
      Object.assign(doc.workload as Entry, { commands: 200, keys: { sequential: 200 } });
      Object.assign(doc, { warmup: 0, repeat: 3, calibration: { pings: 10 } });
      Object.assign(events(doc)[2]!, { for: '4s' });
      doc.expect = ['median > 0ms'];
    });
    const result = await run(scenario);
    expect(result.reconcile!.map((r) => r.fault)).toEqual(['failover-near', 'takeover-far', 'partition-near']);
    // The lab's writer is the rows' policy: a matcher naming another finds no row.
    await expectEverySurface(result, files('cluster'), { matcher: (r) => expect(r).toBeRetrySafe('none'), why: /no reconcile entry for policy none/ });
  }, 150_000);

  it('failover-retry-safety-cluster.yaml: an example retry module across a cluster failover', async () => {
    const scenario = await cutDownScenario('failover-retry-safety-cluster', (doc) => {
      doc.policies = (doc.policies as unknown[]).filter((p) => typeof p === 'object' && (p as Entry).name === 'naive-retry');
      (doc.workload as Entry).commands = 4_000;
      doc.calibration = { pings: 10 };
      // The wrapper re-sends each MOVED (it cannot follow a redirect): retries, whatever the race
      // between the first write and CLUSTER FAILOVER (that race decides whether any write is acknowledged).
      doc.expect = ['policy naive-retry: retries > 0'];
    });
    const result = await run(scenario);
    expect(result.reconcile!.map((r) => r.policy)).toEqual(['lab-writer', 'naive-retry']);
    const naive = result.reconcile![1]!;
    expect(naive.node).toBe('replica-1-1');
    expect(naive.faultObserved).toBe(true);
    const matcher = (r: LabResult) => (naive.verdict === 'SAFE' ? expect(r).not.toBeRetrySafe('naive-retry') : expect(r).toBeRetrySafe('naive-retry'));
    await expectEverySurface(result, files('retry-safety-cluster'), { matcher, why: /for policy naive-retry/ });
  }, 150_000);
});
