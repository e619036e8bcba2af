// The shipped which-writes-are-retry-safe scenario end to end on real Redis and Toxiproxy: at a
// batch-boundary reply cut, a set absorbs a re-sent SADD under every policy, while a policy that
// re-sends the batch (ioredis-default) leaves each LPUSH element and XADD entry of that batch
// twice and leaks the SET NX locks its first attempt took.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarioFile, runScenario, startRuntime, type ReconcileEntry, type StartedRuntime } from '../../lab/index.ts';

let runtime: StartedRuntime;
let rows: ReconcileEntry[] = [];
beforeAll(async () => {
  runtime = await startRuntime('local');
  const scenario = await loadScenarioFile('scenarios/which-writes-are-retry-safe.yaml');
  const result = await runScenario({ ...scenario, repeat: 1 }, { runtime });
  rows = result.reconcile ?? [];
}, 240_000);
afterAll(async () => {
  await runtime?.stop();
});

const row = (write: string, policy: string): ReconcileEntry => {
  const found = rows.find((r) => r.workload === write && r.policy === policy);
  if (found === undefined) throw new Error(`no row for ${write} / ${policy}; rows: ${rows.map((r) => r.id).join(', ')}`);
  return found;
};

const POLICIES = ['none', 'ioredis-default', 'app-retry', 'idempotent', 'node-redis-default'];

describe('which writes are retry-safe', () => {
  it('has one row per write and policy, and the fault fired in each', () => {
    expect(rows).toHaveLength(5 * POLICIES.length);
    for (const r of rows) expect(r.faultObserved, r.id).toBe(true);
  });

  it('SADD is SAFE under every policy: every acknowledged member is there once', () => {
    for (const policy of POLICIES) {
      const sadd = row('SADD', policy);
      expect(sadd.verdict, sadd.id).toBe('SAFE');
      expect(sadd.counts.lost, sadd.id).toBe(0);
      expect(sadd.counts.duplicated, sadd.id).toBe(0);
    }
  });

  it('LPUSH is UNSAFE under ioredis-default: the re-sent batch is in the list twice', () => {
    const lpush = row('LPUSH', 'ioredis-default');
    expect(lpush.verdict).toBe('UNSAFE');
    expect(lpush.counts.duplicated).toBe(64); // the whole third batch of 64
    expect(lpush.reasons.join('\n')).toMatch(/list writes:list holds 64 list elements more than once: op:128 ×2/);
    // The same cut under the idempotent policy: no duplicate.
    expect(row('LPUSH', 'idempotent').counts.duplicated).toBe(0);
  });

  it('XADD with * duplicates like LPUSH; SET NX leaks the locks instead of granting them twice', () => {
    expect(row('XADD', 'ioredis-default').counts.duplicated).toBe(64);
    const lock = row('SETNX', 'ioredis-default');
    expect(lock.verdict).toBe('UNSAFE');
    expect(lock.counts.duplicated).toBe(0);
    expect(lock.reasons.join('\n')).toMatch(/64 locks leaked/);
    expect(lock.reasons.join('\n')).toMatch(/held until its lease expired \(px: 30000 ms\)/);
  });
});
