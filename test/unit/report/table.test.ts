import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../lab/report/index.ts';
import { labResult } from './lab-result.fixture.ts';

// Matches any ANSI escape sequence.
const ANSI = /\u001b\[/;

describe('renderTable', () => {
  const plain = renderTable(labResult, { color: false });

  it('prints the header, calibration and config figures', () => {
    expect(plain).toContain('Scenario: cross-dc-incr');
    expect(plain).toContain('ghcr.io/shopify/toxiproxy:2.12.0 (upstream)');
    expect(plain).toContain('ioredis 5.6.1');
    expect(plain).toMatch(/10\s+0\s+5\/5\s+10\.52\s+0\.09\s+10\.43\s+10\.41-10\.77\s+50/);
    const syncRow = plain.split('\n').find((line) => line.trimStart().startsWith('sync ') && line.includes('21310'));
    expect(syncRow).toBeDefined();
    expect(syncRow).toMatch(/sync\s+2048\s+21310\s+21289-21402\s+96\s+21091\s+1\.01\s+10\.39\s+10\.87\s+12\.95\s+3\/3$/);
    expect(plain).toContain('497,087');
    expect(plain).toMatch(/rtt 0 ms[\s\S]*rtt 10 ms/);
  });

  it('marks a config that failed verification and lists why', () => {
    expect(plain).toMatch(/pipeline:256\s+8\s+88\.4 .*FAILED 1\/3$/m);
    expect(plain).toContain('pipeline:256@rtt=10ms run 2/3: reply 1733 was "ERR max number of clients reached"');
    expect(plain).toContain('pipeline:256@rtt=10ms run 3/3: final counter 4095, expected 4096');
  });

  it('prints every threshold with its verdict and the overall result', () => {
    expect(plain).toContain('FAIL  pipeline:256 at rtt=10ms: median < 60ms');
    expect(plain).toMatch(/pipeline:256@rtt=10ms {2}medianMs 88\.4 ms < 60 ms {2}FAIL/);
    expect(plain).toContain('PASS  sync at rtt=0ms: p99 < 1000us');
    expect(plain).toContain('no config matched');
    expect(plain).toContain('Overall: FAIL (1 config(s) failed verification; 2 threshold(s) failed)');
    expect(plain).toContain('Warnings:\n  ! calibration at rtt 10 ms added 10.43 ms');
    expect(plain).toMatch(/Not measured:\n {2}- server CPU and memory/);
  });

  it('writes no ANSI codes without color, and keeps lines within 120 columns', () => {
    expect(plain).not.toMatch(ANSI);
    for (const line of plain.split('\n')) expect(line.length).toBeLessThanOrEqual(120);
  });

  it('colors pass and fail when asked', () => {
    const colored = renderTable(labResult, { color: true });
    expect(colored).toMatch(ANSI);
    expect(colored).toContain('\u001b[31mFAILED 1/3\u001b[39m');
    expect(colored).toContain('\u001b[32mPASS\u001b[39m');
    expect(colored.replace(/\u001b\[\d+m/g, '')).toBe(plain);
  });
});
