// Faults and reconciliation end to end: a reply-side cut at a batch boundary and one inside a
// batch, under every retry policy, judged from the server's own log of applied operations.
// What ioredis does here is the lab's finding, measured; the assertions pin what a user relies
// on: the idempotent policy is SAFE, a re-sent unanswered batch shows up as duplicates, and
// byte-counted cuts give the same counts on every run.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type LabResult, type ReconcileEntry, type StartedRuntime } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

const entry = (result: LabResult, id: string): ReconcileEntry => {
  const found = result.reconcile?.find((e) => e.id === id);
  if (!found) throw new Error(`no entry ${id} in ${result.reconcile?.map((e) => e.id).join(', ')}`);
  return found;
};

describe('reconciliation after reply cuts', () => {
  it('finds duplicates where a policy re-sends an executed batch, none for idempotent, the same on every run', async () => {
    const result = await runScenario(
      inlineScenario(`
name: cuts
workload: {command: INCR, key: "rc:counter", commands: 128}
modes: [sync, pipeline:32]
network: {rtt: 1ms}
faults:
  - {name: boundary, after: 64 commands, cut-after: {down: "0 replies"}}
  - {name: mid, after: 64 commands, cut-after: {down: "16 replies + 2B"}}
repeat: 2
expect:
  - "policy idempotent: SAFE"
`),
      { runtime },
    );
    expect(result.reconcile).toHaveLength(2 * 2 * 4);
    for (const e of result.reconcile ?? []) {
      expect(e.consistent, e.id).toBe(true);
      expect(e.faultObserved, e.id).toBe(true);
      expect(e.counts.issued, e.id).toBe(128);
      expect(e.counts.lost, e.id).toBe(0);
    }
    for (const fault of ['boundary', 'mid']) {
      for (const mode of ['sync', 'pipeline:32']) {
        const safe = entry(result, `${fault} / ${mode} / idempotent`);
        expect(safe.verdict).toBe('SAFE');
        expect(safe.counts.duplicated).toBe(0);
        expect(safe.counts.applied).toBe(128);
        expect(safe.counter?.final).toBe(128);
      }
    }
    // The whole third batch ran and no byte of its replies came back: ioredis re-sends it.
    const resent = entry(result, 'boundary / pipeline:32 / ioredis-default');
    expect(resent.verdict).toBe('UNSAFE');
    expect(resent.counts.duplicated).toBe(32);
    expect(resent.counter?.final).toBe(160);
    expect(entry(result, 'boundary / sync / ioredis-default').counts.duplicated).toBe(1);
    // Half of the batch was answered: ioredis aborts the rest instead of re-sending.
    const aborted = entry(result, 'mid / pipeline:32 / ioredis-default');
    expect(aborted.counts.duplicated).toBe(0);
    expect(aborted.counts.indeterminateApplied).toBe(16);
    // No re-send at all: the executed batch is indeterminate, resolved to applied by the log.
    const none = entry(result, 'boundary / pipeline:32 / none');
    expect(none.counts.duplicated).toBe(0);
    expect(none.counts.indeterminateApplied).toBe(32);
    expect(none.prefix?.nonPrefix).toBe(0);
    expect(result.thresholds.every((t) => t.pass)).toBe(true);
  });

  it('without tags, a duplicate shows only as a counter above its upper bound', async () => {
    const result = await runScenario(
      inlineScenario(`
name: untagged
workload: {command: INCR, key: "rc:bare", commands: 64}
modes: [pipeline:16]
faults: [{name: boundary, after: 32 commands, cut-after: {down: "0 replies"}}]
policies: [none, ioredis-default]
reconcile: {tags: none}
repeat: 1
`),
      { runtime },
    );
    const resent = entry(result, 'boundary / pipeline:16 / ioredis-default');
    expect(resent.counter).toMatchObject({ final: 80, lower: 64, upper: 64, withinBounds: false });
    expect(resent.verdict).toBe('UNSAFE');
    // No re-send: within bounds, but 16 increments were never answered, so a duplicate could hide.
    const none = entry(result, 'boundary / pipeline:16 / none');
    expect(none.counter?.withinBounds).toBe(true);
    expect(none.verdict).toBe('UNKNOWN');
  });

  it('keyed writes: a SET per operation, judged by its own key (untagged) or by the log (tagged)', async () => {
    const scenario = (tags: string) =>
      inlineScenario(`
name: keyed-${tags}
workload: {command: SET, key: "kw:{i}", keys: sequential, value: 8B, commands: 64}
modes: [pipeline:16]
faults: [{name: boundary, after: 32 commands, cut-after: {down: "0 replies"}}]
policies: [none, ioredis-default]
reconcile: {tags: ${tags}}
repeat: 1
`);
    const bare = await runScenario(scenario('none'), { runtime });
    // Without tags the effect of each SET is its key: applied or not; "twice" cannot be seen, so
    // with unanswered writes the verdict stays UNKNOWN rather than claiming SAFE.
    const untagged = entry(bare, 'boundary / pipeline:16 / none');
    expect(untagged.counts.applied).toBe(48); // two batches acknowledged, the third ran unanswered
    expect(untagged.counts.indeterminateApplied).toBe(16);
    expect(untagged.counts.lost).toBe(0);
    expect(untagged.verdict).toBe('UNKNOWN');
    const tagged = await runScenario(scenario('log'), { runtime });
    // With the log, ioredis's re-send of the unanswered batch shows: harmless for SET, but seen.
    expect(entry(tagged, 'boundary / pipeline:16 / ioredis-default').counts.duplicated).toBe(16);
    expect(entry(tagged, 'boundary / pipeline:16 / none').counts.duplicated).toBe(0);
  });
});
