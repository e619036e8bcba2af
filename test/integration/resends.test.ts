// The retries column's two sources, on real Redis and Toxiproxy: with tags, the relay counts the
// operations a client library re-sent on its own (ioredis re-sends an unanswered batch after it
// reconnects) apart from the retries a policy announced with retrying() (the idempotent
// built-in); ioredis with no retries re-sends nothing.

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

const row = (result: LabResult, policy: string) => {
  const found = result.reconcile?.find((r) => r.policy === policy);
  if (found === undefined) throw new Error(`no row for ${policy}`);
  return found;
};

describe('retries with their source', () => {
  it("counts ioredis's own re-send on the wire, apart from announced retries", async () => {
    const result = await runScenario(
      inlineScenario(`
name: resends
workload: {command: INCR, key: "rs:counter", commands: 64}
modes: [pipeline:16]
faults: [{name: boundary, after: 32 commands, cut-after: {down: "0 replies"}}]
policies: [none, ioredis-default, idempotent]
reconcile: {tags: log}
repeat: 1
`),
      { runtime },
    );
    const resending = row(result, 'ioredis-default');
    expect(resending.counts.duplicated).toBe(16); // the unanswered batch ran twice
    expect(resending.counts.retries).toBe(0); // the policy announced nothing
    expect(resending.counts.resent).toBe(16); // ioredis re-sent the batch by itself
    expect(row(result, 'none').counts.resent).toBe(0);
    const idempotent = row(result, 'idempotent');
    expect(idempotent.counts.retries).toBeGreaterThan(0);
    expect(idempotent.counts.resent).toBe(0); // its re-sends are the announced ones
  });
});
