// A window batcher under a fault (issue 27), end to end on a real Redis behind Toxiproxy: open-loop
// GET + INCR requests at 400/s gather in a 5 ms / 16-command window, each batch one policy batch,
// and a connection reset fires mid-run. Under the idempotent policy every INCR is applied exactly
// once; the row records the batcher (batches, waits to fill) inside its request latency, and the
// figures reach the table, the HTML report, compare, thresholds and the matchers through the registry.

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../lab/vitest/index.ts';
import { runScenario, startRuntime, type LabResult, type StartedRuntime } from '../../lab/index.ts';
import { renderHtmlReport, renderTable } from '../../lab/report/index.ts';
import { expectEverySurface } from './every-surface.ts';
import { endpointClient, inlineScenario, useTempDir } from './support.ts';

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

const dir = useTempDir('rfl-window-faults-');

const scenario = (policy: string) =>
  inlineScenario(`
name: window-under-reset
description: 'a window under a reset </table><script>alert("surfaces")</script>'
workload:
  request: [{command: GET, key: "wf:counter"}, {command: INCR, key: "wf:counter"}]
  arrival: {rate: 400/s, for: 1500ms}
  batch: {window: 5ms, size: 16}
modes: [pipeline:all]
network: {rtt: 2ms}
faults:
  - {name: reset, at: 600ms, reset: {}}
policies: [${policy}]
repeat: 1
reconcile: {deadline: 30s}
expect:
  - "policy ${policy}: request-batches > 0"
  - "policy ${policy}: request-batch-wait-p(99) < 60s"
  - "policy ${policy}: lost == 0"
`);

describe('a window batcher under a fault', { timeout: 120_000 }, () => {
  it('idempotent: the reset fired, every INCR applied once, the batches and their waits are on the row and every surface', async () => {
    const result: LabResult = await runScenario(scenario('idempotent'), { runtime });
    const row = result.reconcile?.find((r) => r.policy === 'idempotent');
    if (row === undefined) throw new Error('no idempotent row');
    expect(row.faultObserved).toBe(true);
    expect(row.verdict).toBe('SAFE');
    const r = row.requests;
    const b = r?.batching;
    if (r === undefined || b === undefined) throw new Error('the row has no request batching figures');
    expect(b.batcher).toEqual({ windowMs: 5, size: 16 });
    // 600 requests of 2 commands in batches of at most 16 commands: at least 75 batches, each left on its timer or its size.
    expect(b.batches ?? 0).toBeGreaterThanOrEqual(75);
    expect((b.timerFlushes ?? 0) + (b.sizeFlushes ?? 0)).toBe(b.batches);
    expect(b.maxBatchCommands ?? 0).toBeLessThanOrEqual(16 + 1);
    expect(b.waitUs?.count).toBe(r.sent);
    // The wait to fill is inside the request's latency (from the intended start), not its service latency (from the batch's send).
    expect(r.latencyUs?.p50 ?? 0).toBeGreaterThan(r.serviceLatencyUs?.p50 ?? Number.POSITIVE_INFINITY);
    // Exactly once: the counter read back is the applied count, no duplicates.
    expect(row.counts.duplicated).toBe(0);
    expect(Number(await direct.get('wf:counter'))).toBe(row.counts.applied);
    expect(result.thresholds.map((t) => [t.metric, t.pass])).toEqual([['request-batches', true], ['request-batch-wait-p(99)', true], ['lost', true]]);
    const table = renderTable(result, { color: false, width: 300 });
    expect(table).toContain('batch wait p99 ms');
    expect(renderHtmlReport([result])).toContain('batch wait p99');
    await expectEverySurface(result, dir.file, { matcher: (res) => expect(res).not.toBeRetrySafe('idempotent'), why: /idempotent/ });
  });

  it('refuses auto and a list of batchers under a fault, naming what runs', () => {
    const text = (batch: string) => `name: t
workload: {request: [{command: GET, key: c}, {command: INCR, key: c}], arrival: {rate: 100/s, for: 1s}, batch: ${batch}}
modes: [pipeline:all]
faults: [{name: a, at: 100ms, reset: {}}]`;
    expect(() => inlineScenario(text('auto'))).toThrow(/batch: auto does not run under faults/);
    expect(() => inlineScenario(text('[{window: 5ms, size: 8}, {window: 10ms, size: 8}]'))).toThrow(/a fault scenario takes one batcher/);
  });
});
