// How the redis-benchmark engine's configs read: never "verified", never FAILED when they
// completed, the figures it cannot give as n/a, and the matcher refusing to call them verified.
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../lab/report/index.ts';
import { configsTable } from '../../../lab/report/html/tables.ts';
import { checkVerifiedRuns } from '../../../lab/vitest/checks.ts';
import type { ConfigResult, EngineRunFigures } from '../../../lab/contracts/index.ts';
import { config, labResult, run } from '../vitest/results.ts';

const figures: EngineRunFigures = { rps: 600_000, avgMs: 0.5, minMs: 0.1, p50Ms: 0.4, p95Ms: 0.9, p99Ms: 1.2, maxMs: 2.5, count: 100_000, serverCalls: 100_004 };
const engineConfig = (overrides: Partial<ConfigResult> = {}): ConfigResult =>
  config({
    id: 'pipeline:8@rtt=0ms',
    mode: 'pipeline',
    batch: 8,
    batchLabel: '8',
    rttMs: 0,
    engine: { name: 'redis-benchmark', version: '7.0.15', commandLine: '-c 50 -n 100000 -P 8 SET key:__rand_int__ <3-byte value>', latencyFrom: 'median run' },
    runs: [run({ order: 0, verified: false, clientGcMs: null, engine: figures }), run({ order: 1, verified: false, clientGcMs: null, engine: figures })],
    latencyUs: { p50: 400, p90: null, p99: 1200, p999: null, max: 2500, count: 100_000, hdr: null },
    ...overrides,
  });

describe('the C engine in reports', () => {
  it('the table says not verified: C engine, with the engine in the header and a legend line', () => {
    const text = renderTable(labResult({ configs: [engineConfig()] }), { color: false, width: 200 });
    expect(text).toMatch(/engine: redis-benchmark 7\.0\.15 \(a C client; replies not verified one by one\)/);
    expect(text).toMatch(/pipeline:8 .*not verified: C engine 2\/2/);
    expect(text).not.toMatch(/FAILED/);
    expect(text).toMatch(/redis-benchmark ran these configs; it checks no reply one by one/);
  });

  it('a C-engine run that did not complete is FAILED', () => {
    const broken = engineConfig({ runs: [run({ verified: false, clientGcMs: null, failure: 'redis-benchmark exited 1: Error from server: ERR x' })], errors: 1 });
    const text = renderTable(labResult({ configs: [broken] }), { color: false, width: 200 });
    expect(text).toMatch(/FAILED 0\/1/);
    expect(text).toMatch(/redis-benchmark exited 1: Error from server: ERR x/);
  });

  it('the HTML table says not verified: C engine and n/a for p99.9', () => {
    const html = String(configsTable(labResult({ configs: [engineConfig()] })));
    expect(html).toContain('not verified: C engine (redis-benchmark); completed runs');
    expect(html).toContain('<span class="na">n/a</span>');
  });

  it('toHaveVerifiedRuns does not call C-engine runs verified', () => {
    const check = checkVerifiedRuns(labResult({ configs: [engineConfig()] }));
    expect(check.pass).toBe(false);
    expect(check.message).toContain('run 1 of 2: not verified: C engine (redis-benchmark checks no reply; the run completed)');
  });
});
