import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../lab/report/index.ts';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { labResult } from './lab-result.fixture.ts';

// Matches any ANSI escape sequence.
const ANSI = /\u001b\[/;
const strip = (text: string): string => text.replace(/\u001b\[\d+m/g, '');
const lines = (text: string): string[] => text.split('\n');
const lineWith = (text: string, ...parts: string[]): string | undefined =>
  lines(text).find((line) => parts.every((part) => line.includes(part)));

describe('renderTable', () => {
  const plain = renderTable(labResult, { color: false });
  const wide = renderTable(labResult, { color: false, width: 200 });

  it('prints the header with seed, images and versions, and the calibration', () => {
    expect(plain).toContain('Scenario: cross-dc-incr');
    expect(plain).toContain('images: redis:7.4.2, ghcr.io/shopify/toxiproxy:2.12.0 (upstream)');
    expect(plain).toContain('ioredis 5.6.1');
    expect(plain).toMatch(/seed: 42$/m);
    expect(plain).toMatch(/10\s+0\s+-\s+5\/5\s+10\.52\s+0\.09\s+10\.43\s+10\.41-10\.77\s+50/);
  });

  it('groups configs by link: direct first, then rtt, then bandwidth caps', () => {
    const configs = wide.slice(wide.indexOf('Configs'), wide.indexOf('Verification failures'));
    const order = ['direct (no proxy)', 'rtt 0 ms', 'rtt 10 ms\n', 'rtt 10 ms, bandwidth up 1000 KB/s / down 500 KB/s'].map((h) =>
      configs.indexOf(h),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('labels rows by mode plus the axes that vary, with every figure and its unit', () => {
    expect(wide).toMatch(/config\s+median ms\s+min-max ms\s+ops\/s\s+p50\s+p99\s+p99\.9\s+waits\s+model ms\s+ratio\s+RSS MB\s+heap\+ MB\s+errors\s+verified/);
    // median, spread (min-max), ops/s, p50/p99/p99.9 with units, waits, model, ratio, RSS, heap growth, errors, runs verified
    expect(lineWith(wide, 'sync c=1', '21310')).toMatch(
      /^ {2}sync c=1\s+21310\s+21289-21402\s+96\s+10\.4 ms\s+10\.9 ms\s+12\.9 ms\s+2048\s+21091\s+1\.01×\s+84\.2\s+\+1\.6\s+0\s+3\/3$/,
    );
    expect(lineWith(wide, 'sync c=1', '201.5')).toMatch(/198\.2-204\.9\s+10,164\s+95 µs\s+180 µs\s+2\.31 ms/);
    expect(lineWith(wide, 'multi:8 c=4')).toMatch(/700\.3\s+698\.4-702\.2\s+2,925\s.*\bn\/a\s+n\/a\s+9 \(ABORTED×5, \+2 kinds\)\s+FAILED 2\/3$/);
    expect(wide).toContain('c = connections');
  });

  it('shows errors by kind in the cell, and every kind below when the cell is too small', () => {
    expect(lineWith(plain, 'pipeline:256 c=1', '88.4')).toMatch(/2 \(ABORTED×2\)\s+FAILED 1\/3$/);
    expect(plain).toContain('Errors by kind\n  multi:8@rtt=10ms,bw=1000/500KBps,c=4: 9 (ABORTED×5, ECONNRESET×3, LOADING×1)');
  });

  it('marks configs that failed verification and lists why', () => {
    expect(plain).toContain('pipeline:256@rtt=10ms run 2/3: connection reset: 2 commands aborted');
    expect(plain).toContain('pipeline:256@rtt=10ms run 3/3: final counter 4095, expected 4096');
    expect(plain).toContain('multi:8@rtt=10ms,bw=1000/500KBps,c=4 run 3/3: connection reset mid-run');
  });

  it('prints the server INFO deltas per config, with units', () => {
    const server = plain.slice(plain.indexOf('Server'), plain.indexOf('Reconcile'));
    expect(server).toMatch(/config\s+net in\s+net out\s+max in buf/);
    expect(lineWith(server, 'pipeline:256 c=1', '2.15 MB')).toMatch(/2\.15 MB\s+10\.2 kB\s+1\.05 MB\s.*1\.23 MB\s+0\s+0\s+0\/0\s+ERR×1$/);
    expect(lineWith(server, 'multi:8 c=4')).toMatch(/n\/a(\s+n\/a)+$/);
    expect(server).toMatch(/n\/a: not collected for that\s+config/);
    expect(server).not.toContain('Redis < 7.4');
  });

  it('says buffer-limit disconnections are n/a on Redis < 7.4', () => {
    const old: LabResult = {
      ...labResult,
      versions: { ...labResult.versions, redis: '7.2.4' },
      configs: labResult.configs.map((c) => ({
        ...c,
        serverInfo: c.serverInfo && { ...c.serverInfo, queryBufferLimitDisconnections: null, outputBufferLimitDisconnections: null },
      })),
    };
    const text = renderTable(old, { color: false });
    expect(text).toContain('disc q/o: n/a on Redis < 7.4 (this server: Redis 7.2.4)');
    expect(lineWith(text, 'sync c=1', '98.3 kB')).toMatch(/\s0\s+n\/a\s+-$/);
  });

  it('prints one reconcile row per entry with counts, verdict and consistency, then why rows are UNSAFE', () => {
    const block = plain.slice(plain.indexOf('Reconcile'), plain.indexOf('Thresholds'));
    expect(block).toMatch(/fault\s+mode\s+policy\s+applied\s+acked\s+failed\s+indet\s+lost\s+dup\s+verdict\s+runs/);
    expect(block).toMatch(/cut-mid-batch\s+pipeline:64\s+none\s+63\/64\s+40\s+0\s+24\s+0\s+0\s+SAFE\s+3\/3 identical/);
    expect(block).toMatch(/cut-mid-batch\s+pipeline:64\s+ioredis-default\s+64\/64\s+64\s+0\s+0\s+0\s+23\s+UNSAFE\s+3\/3 identical/);
    expect(block).toMatch(/app-retry\s.*\s2\s+UNSAFE\s+DIFFERED/);
    expect(block).toMatch(/stall-5s\s+sync\s+none\s.*UNKNOWN\s+1 run/);
    expect(block).toContain(
      'UNSAFE cut-mid-batch / pipeline:64 / ioredis-default\n      - 23 operations applied twice: ioredis re-sent unreplied commands after the reconnect\n      - counter 87 above the upper bound 64\n      example op ids: duplicated [41, 42, 43]',
    );
    expect(block).toContain('UNSAFE cut-mid-batch / pipeline:64 / app-retry\n      - 2 operations applied twice by the application retry');
    expect(block).toContain('UNKNOWN stall-5s / sync / none\n      - the fault never fired');
    expect(block).not.toMatch(/SAFE cut-mid-batch \/ pipeline:64 \/ none/);
  });

  it('has no reconcile block when the result has no reconcile section', () => {
    const { reconcile: _, ...withoutReconcile } = labResult;
    const text = renderTable(withoutReconcile, { color: false });
    expect(text).not.toContain('Reconcile');
    expect(text).toContain('Server');
  });

  it('prints every threshold with its verdict and figure, then warnings, the overall result and what was not measured', () => {
    expect(plain).toContain('FAIL  pipeline:256 at rtt=10ms: median < 60ms');
    expect(plain).toMatch(/pipeline:256@rtt=10ms {2}medianMs 88\.4 ms < 60 ms {2}FAIL/);
    expect(plain).toContain('PASS  sync at rtt=0ms: p99 < 1000us');
    expect(plain).toMatch(/sync@rtt=0ms {2}p99Us 180 µs < 1000 µs {2}ok/);
    expect(plain).toContain('nothing matched');
    expect(plain).toMatch(/cut-mid-batch \/ pipeline:64 \/ idempotent {2}verdict SAFE == SAFE {2}ok/);
    expect(plain).toMatch(/cut-mid-batch \/ pipeline:64 \/ none {2}duplicated 0 ops == 0 ops {2}ok/);
    expect(plain).toContain('Overall: FAIL (2 config(s) failed verification; 2 threshold(s) failed)');
    expect(plain).toContain('Warnings:\n  ! calibration at rtt 10 ms added 10.43 ms');
    expect(plain).toMatch(/Not measured:\n {2}- server CPU/);
    const order = ['Configs', 'Server', 'Reconcile', 'Thresholds', 'Warnings:', 'Overall:', 'Not measured:'].map((s) => plain.indexOf(s));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it.each([80, 100, 120])('fits %i columns, naming the columns it left out', (width) => {
    const text = renderTable(labResult, { color: false, width });
    for (const line of lines(text)) expect(line.length).toBeLessThanOrEqual(width);
    expect(text).toMatch(/config\s+median ms\s.*errors\s+verified/);
    expect(text).toMatch(/lost\s+dup\s+verdict/);
    expect(text).toContain(`not shown at ${width} columns:`);
    expect(text).toContain('FAILED 1/3');
  });

  it('keeps the least important columns out first', () => {
    const text = renderTable(labResult, { color: false, width: 120 });
    const note = lineWith(text, 'not shown at 120 columns:') ?? '';
    expect(note).toContain('heap+ MB');
    expect(note).toContain('model ms');
    expect(note).not.toContain('p99,');
    expect(text).toMatch(/config\s+median ms\s+min-max ms\s+ops\/s\s+p50\s+p99\s/);
  });

  it('writes no ANSI codes without color', () => {
    expect(plain).not.toMatch(ANSI);
  });

  it('colors pass, fail and the reconcile verdicts when asked, with the same text underneath', () => {
    const colored = renderTable(labResult, { color: true });
    expect(colored).toContain('\u001b[31mFAILED 1/3\u001b[39m');
    expect(colored).toContain('\u001b[32mPASS\u001b[39m');
    expect(colored).toMatch(/\u001b\[32mSAFE\u001b\[39m/);
    expect(colored).toMatch(/\u001b\[31mUNSAFE\u001b\[39m/);
    expect(colored).toMatch(/\u001b\[33mUNKNOWN\u001b\[39m/);
    expect(colored).toMatch(/\u001b\[33mDIFFERED\u001b\[39m/);
    expect(strip(colored)).toBe(plain);
  });

  it('shows a fault cell that never fired as NOT-TESTED, in the warning colour, with why', () => {
    const [first] = labResult.reconcile ?? [];
    if (first === undefined) throw new Error('the fixture has reconcile entries');
    const untested = {
      ...first,
      id: 'late-reset / pipeline:64 / idempotent', fault: 'late-reset', policy: 'idempotent' as const,
      faultObserved: false, verdict: 'NOT-TESTED' as const, reasons: ['the fault never hit the connection'],
    };
    const result: LabResult = { ...labResult, reconcile: [untested] };
    const text = renderTable(result, { color: false, width: 200 });
    expect(lineWith(text, 'late-reset', 'pipeline:64', 'idempotent', 'NOT-TESTED')).toBeDefined();
    expect(text).toContain('NOT-TESTED: the fault never fired, so nothing was judged');
    expect(text).toMatch(/^ {2}NOT-TESTED late-reset \/ pipeline:64 \/ idempotent\n {6}- the fault never hit the connection$/m);
    expect(renderTable(result, { color: true, width: 200 })).toContain('\u001b[33mNOT-TESTED\u001b[39m');
    expect(renderTable(labResult, { color: false, width: 200 })).not.toContain('NOT-TESTED');
  });

  it('on several connections, a hit column says the fault hit all of them; one connection has none', () => {
    const [first] = labResult.reconcile ?? [];
    if (first === undefined) throw new Error('the fixture has reconcile entries');
    const many = { ...first, id: `${first.id} @conns=4`, connections: 4, faultHits: 'all 4 connections' };
    const text = renderTable({ ...labResult, reconcile: [many] }, { color: false, width: 200 });
    expect(lineWith(text, first.fault, first.mode, 'all 4', first.policy)).toBeDefined();
    expect(text).toContain("hit: the connections the fault hit (Toxiproxy acts on every connection; a byte cut counts on each connection's own stream)");
    expect(renderTable(labResult, { color: false, width: 200 })).not.toContain('hit: the connections');
  });
});
