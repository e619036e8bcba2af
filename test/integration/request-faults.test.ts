// A request workload under a fault, end to end (real Redis + Toxiproxy): open-loop GET + INCR
// requests on a pool of 3 at 100/s for 3 s, a connection reset at 1 s, under ioredis-default and
// under no retry. The request counts add up, the INCR reconcile counts match the counter read
// back on a direct connection, and the row reaches the table, the HTML report, compare, thresholds
// and (on a primary with a replica, the fault placed after N requests) the vitest matchers.

import { Redis } from 'ioredis';
import '../../lab/vitest/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type LabResult, type ReconcileEntry, type StartedRuntime } from '../../lab/index.ts';
import { compareResults, renderHtmlReport, renderTable } from '../../lab/report/index.ts';
import { endpointClient, inlineScenario } from './support.ts';

let runtime: StartedRuntime;
let direct: Redis;
beforeAll(async () => {
  runtime = await startRuntime('local');
  direct = endpointClient((runtime.nodes[0] as { direct: { host: string; port: number } }).direct);
});
afterAll(async () => {
  direct?.disconnect();
  await runtime?.stop();
});

// GET + INCR requests on an open-loop schedule of 100/s under one fault and one policy; `topology`
// puts them on a primary with a replica (no timeline: the single-node path at the primary's proxy).
const requestScenario = (o: { name: string; forS: number; pool: number; fault: string; policy: string; expect: string[]; topology?: string }) =>
  inlineScenario(`
name: ${o.name}
${o.topology === undefined ? '' : `topology: ${o.topology}`}
workload:
  request: [{command: GET, key: "rf:counter"}, {command: INCR, key: "rf:counter"}]
  arrival: {rate: 100/s, for: ${o.forS}s}
  clients: {pool: ${o.pool}}
modes: [sync]
faults:
  - ${o.fault}
policies: [${o.policy}]
repeat: 1
reconcile: {deadline: 30s}
${o.expect.length === 0 ? '' : `expect:\n${o.expect.map((line) => `  - "${line}"`).join('\n')}`}
`);

const scenarioFor = (policy: string) =>
  requestScenario({ name: `api-reset-${policy}`, forS: 3, pool: 3, fault: '{name: reset-1s, at: 1s, reset: {}}', policy, expect: [`policy ${policy}: lost == 0`, `policy ${policy}: requests-sent >= 200`] });

// The same on a primary with a replica, 2 s on a pool of 2, under ioredis-default.
const replicaScenario = (name: string, fault: string, thresholds: string[] = []) =>
  requestScenario({ name, forS: 2, pool: 2, fault, policy: 'ioredis-default', expect: thresholds, topology: '{primary: 1, replicas: 1}' });

// The row, and what the server holds after it: the counter and the log of applied op ids.
const runPolicy = async (policy: string): Promise<{ result: LabResult; row: ReconcileEntry; counter: number; logLength: number }> => {
  const result = await runScenario(scenarioFor(policy), { runtime });
  const row = result.reconcile?.[0];
  if (row === undefined) throw new Error('no reconcile row');
  const counter = Number((await direct.get('rf:counter')) ?? 0);
  const logLength = await direct.llen('lab:log:{rf:counter}');
  return { result, row, counter, logLength };
};

describe('request workloads under faults', { timeout: 120_000 }, () => {
  for (const policy of ['ioredis-default', 'none']) {
    it(`${policy}: the reset fired, requests add up, the INCRs reconcile against the counter read back`, async () => {
      const { result, row, counter, logLength } = await runPolicy(policy);
      expect(row.faultObserved).toBe(true);
      expect(row.verdict).not.toBe('NOT-TESTED');
      const r = row.requests;
      if (r === undefined) throw new Error('the row has no request figures');
      expect(r.loop).toBe('open');
      expect(r.scheduled).toBe(300);
      expect(r.completed + r.failed + r.unfinished).toBe(r.sent);
      // A request still waiting at the deadline is the policy hanging, and the row says so first.
      if (r.unfinished > 0) expect(row.reasons[0]).toMatch(/^HUNG: /);
      else expect(r.completed + r.failed).toBe(r.sent);
      expect(Object.values(r.failedByKind).reduce((a, b) => a + b, 0)).toBe(r.failed);
      expect(r.latencyUs?.count).toBe(r.completed);
      expect(r.aroundFault).not.toBeNull();
      expect(r.aroundFault?.sent ?? 0).toBeGreaterThan(0);
      expect(r.aroundFault?.failed).toBeLessThanOrEqual(r.failed);
      // INCR is the last step: a request completed exactly when its INCR was acknowledged.
      expect(row.counts.acknowledged).toBe(r.completed);
      expect(r.reads.ok + r.reads.failed).toBeGreaterThanOrEqual(r.sent - r.unfinished);
      expect(row.counts.issued).toBeLessThanOrEqual(r.sent);
      // The server's own record: every application of an INCR appended its id to the log atomically.
      expect(counter).toBe(logLength);
      expect(row.counter?.final).toBe(counter);
      // Applied = acknowledged - lost + the unanswered or failed ones that ran anyway; each
      // duplicated op ran at least twice.
      const c = row.counts;
      expect(c.applied).toBe(c.acknowledged - c.lost + c.indeterminateApplied + c.failedButApplied);
      expect(counter).toBeGreaterThanOrEqual(c.applied + c.duplicated);
      expect(counter).toBeLessThanOrEqual(c.issued + c.duplicated * (1 + (policy === 'none' ? 0 : 20)));
      if (policy === 'none') expect(c.retries).toBe(0);

      // Thresholds on the row, from the registry's names.
      expect(result.thresholds.map((t) => [t.metric, t.pass])).toEqual([['lost', true], ['requests-sent', true]]);
      // The table, the HTML report and compare read the same figures.
      const table = renderTable(result, { color: false, width: 260 });
      expect(table).toContain('req sent');
      expect(table).toMatch(new RegExp(`\\b${r.sent}\\b`));
      const page = renderHtmlReport([result]);
      expect(page).toContain('near-fault p99');
      expect(page).toContain(`<td>${r.sent}</td>`);
      expect(compareResults(result, result, 10).pass).toBe(true);
      const moreFailed: LabResult = { ...result, reconcile: [{ ...row, requests: { ...r, failed: r.failed + 50 } }] };
      const worse = compareResults(result, moreFailed, 10);
      expect(worse.countChanges.map((ch) => ch.metric)).toContain('requests-failed');
      expect(worse.pass).toBe(false);
    });
  }

  // The same workload on a primary with a replica: without a timeline the single-node path runs
  // it at the primary's client proxy, so the reset lands on the primary's link and the row is
  // judged the same way (the topology is the run's own, started and stopped by it).
  it('on a primary with a replica: the reset on the primary\'s link fired, requests add up, the INCRs reconcile', async () => {
    const scenario = replicaScenario('api-reset-topology', '{name: reset-1s, at: 1s, reset: {}}');
    const result = await runScenario(scenario, { runtime: 'local' });
    expect(result.topology?.nodes.map((n) => n.role)).toEqual(['primary', 'replica']);
    const row = result.reconcile?.[0];
    if (row === undefined) throw new Error('no reconcile row');
    expect(row.faultObserved).toBe(true);
    expect(row.verdict).not.toBe('NOT-TESTED');
    const r = row.requests;
    if (r === undefined) throw new Error('the row has no request figures');
    expect(r.scheduled).toBe(200);
    expect(r.completed + r.failed + r.unfinished).toBe(r.sent);
    expect(row.counts.acknowledged).toBe(r.completed);
    const c = row.counts;
    expect(c.applied).toBe(c.acknowledged - c.lost + c.indeterminateApplied + c.failedButApplied);
    expect(row.counter?.final).toBeGreaterThanOrEqual(c.applied + c.duplicated);
  });

  // The vitest matchers on such a row (a `requests` block), the fault placed by request count:
  // its threshold passes, toHaveVerifiedRuns fails (no config was measured), and toBeRetrySafe
  // follows the row's verdict.
  it('on a primary with a replica, a reset after 100 requests: the matchers judge the row', async () => {
    const result = await runScenario(replicaScenario('api-reset-after-requests', '{name: reset-100, after: 100 requests, reset: {}}', ['policy ioredis-default: requests-sent >= 100']), {
      runtime: 'local',
    });
    const row = result.reconcile![0]!;
    expect(row.faultObserved).toBe(true);
    expect(row.requests!.scheduled).toBe(200);
    expect(row.requests!.sent).toBeGreaterThanOrEqual(100);
    expect(result).toPassThresholds();
    expect(() => expect(result).toHaveVerifiedRuns()).toThrow(/measured no config|fault scenario/);
    if (row.verdict === 'SAFE') expect(result).toBeRetrySafe('ioredis-default');
    else expect(() => expect(result).toBeRetrySafe('ioredis-default')).toThrow(/for policy ioredis-default not SAFE/);
  });
});
