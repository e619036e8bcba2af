import { describe, expect, it } from 'vitest';
import { createProgressWriter, progressMode } from '../../../lab/report/index.ts';
import type { ProgressEvent, ProgressStream } from '../../../lab/report/index.ts';

// A stream that keeps what was written.
const terminal = (isTTY: boolean) => {
  const chunks: string[] = [];
  const stream: ProgressStream & { chunks: string[] } = { isTTY, columns: 100, chunks, write: (text: string) => chunks.push(text) };
  return { stream };
};

const events: ProgressEvent[] = [
  { type: 'runtime-starting', runtime: 'local' },
  { type: 'config-start', configId: 'sync@rtt=0ms', index: 0, total: 1 },
  { type: 'run-done', configId: 'sync@rtt=0ms', index: 0, total: 1, warmup: false, runIndex: 0, runCount: 2, run: { order: 0, totalMs: 12, verified: true, clientGcMs: 0 } },
];

describe('progress writer', () => {
  it('picks no progress with --quiet, a bar on a TTY and lines elsewhere', () => {
    expect(progressMode({ isTTY: true }, true)).toBe('none');
    expect(progressMode({ isTTY: true }, false)).toBe('bar');
    expect(progressMode({ isTTY: false }, false)).toBe('lines');
    expect(progressMode({}, false)).toBe('lines');
  });

  it('writes one line per event on a non-TTY stream, and no carriage returns', () => {
    const { stream } = terminal(false);
    const writer = createProgressWriter(stream);
    for (const event of events) writer.listener(event);
    writer.close();
    expect(stream.chunks.join('')).toBe(
      'starting local runtime\n[1/1] sync@rtt=0ms  starting\n[1/1] sync@rtt=0ms  run 1/2  12.0 ms  verified\n',
    );
  });

  it('redraws one bar line in place on a TTY, prints event lines above it, and erases it on close', () => {
    const { stream } = terminal(true);
    let nowMs = 0;
    const writer = createProgressWriter(stream, { now: () => nowMs, redrawMs: 0 });
    for (const event of events) {
      nowMs += 1000;
      writer.listener(event);
    }
    const out = stream.chunks.join('');
    expect(out.startsWith('starting local runtime\n')).toBe(true);
    expect(out).toContain('\rconfig 1/1 sync@rtt=0ms  runs 0/?');
    expect(out).toContain('\rconfig 1/1 sync@rtt=0ms  runs 1/2  [##########..........]   50%  elapsed 2s  ETA ~ 1s');
    expect(out).not.toContain('run 1/2  12.0 ms'); // a verified run is in the bar, not a line
    writer.log('wrote result.json');
    const afterLog = stream.chunks.join('').slice(out.length);
    expect(afterLog).toMatch(/^\r {40,}\rwrote result\.json\n\rconfig 1\/1/);
    const before = stream.chunks.join('').length;
    writer.close();
    const closing = stream.chunks.join('').slice(before);
    expect(closing).toMatch(/^\r +\r$/);
    expect(out).not.toMatch(/\u001b/);
  });
});

describe('piped progress over rotated rounds', () => {
  it('says where each later measured round starts, so the jumping [i/n] reads as planned', () => {
    const chunks: string[] = [];
    const writer = createProgressWriter({ write: (t: string) => chunks.push(t), isTTY: false });
    const run = { order: 0, totalMs: 5, verified: true, clientGcMs: 0 };
    const done = (index: number, runIndex: number, warmup = false) =>
      ({ type: 'run-done', configId: `c${index}`, index, total: 2, warmup, runIndex, runCount: 2, run }) as const;
    for (const event of [done(0, 0, true), done(1, 0, true), done(0, 0), done(1, 0), done(1, 1), done(0, 1)]) writer.listener(event);
    const out = chunks.join('').split('\n');
    expect(out.filter((line) => line.startsWith('measured round'))).toEqual(['measured round 2/2, rotated to start at c1 (no config always runs first)']);
    expect(out.indexOf('measured round 2/2, rotated to start at c1 (no config always runs first)')).toBe(4);
  });
});
