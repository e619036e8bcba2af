// The demo's table (scenarios/cross-dc-incr.yaml) as a person reads it: a real result of that
// scenario (its histograms left out) rendered at the widths terminals have.

import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../lab/report/index.ts';
import { demoResult as demo } from './cross-dc-incr.result.fixture.ts';
const lines = (text: string) => text.split('\n');
const block = (text: string, title: string) => {
  const start = text.indexOf(`\n${title}`);
  return text.slice(start + 1, text.indexOf('\n\n', start + 1));
};
const headerOf = (text: string, title: string) => lines(block(text, title))[1] ?? '';

describe('the demo table', () => {
  it('fits 100 columns with p50, p99 and the model ratio visible', () => {
    const text = renderTable(demo, { color: false, width: 100 });
    for (const line of lines(text)) expect(line.length, line).toBeLessThanOrEqual(100);
    expect(headerOf(text, 'Configs').split(/\s{2,}/)).toEqual(expect.arrayContaining(['median ms', 'p50', 'p99', 'ratio', 'verified']));
  });

  it('never shows p99 without p50, at any width', () => {
    for (let width = 60; width <= 200; width += 5) {
      const header = headerOf(renderTable(demo, { color: false, width }), 'Configs');
      if (/\bp99\b/.test(header)) expect(header, `at ${width}`).toMatch(/\bp50\b/);
    }
  });

  it('keeps every column with an unlimited width (--wide)', () => {
    const text = renderTable(demo, { color: false, width: Number.POSITIVE_INFINITY });
    expect(text).not.toContain('not shown at');
    expect(headerOf(text, 'Configs')).toMatch(/waits.*model ms.*heap\+ MB/);
  });

  it('names the fields equal on every row once, in the heading, not in each label', () => {
    const text = renderTable(demo, { color: false, width: 100 });
    expect(block(text, 'Configs').split('\n')[0]).toBe('Configs (512 commands per run; every row: INCR c=1 keys=one)');
    expect(text).toMatch(/\n {2}pipeline:256 {2,}\d/);
  });

  it('marks percentiles taken over fewer waits than they need, and counts the waits', () => {
    const configs = block(renderTable(demo, { color: false, width: 100 }), 'Configs');
    // pipeline:256: 2 batches a run x 3 runs = 6 timed waits, so its p99 is the slowest batch.
    expect(configs).toMatch(/\n {2}pipeline:256 .* \d+(\.\d+)? ms\*/);
    expect(configs).not.toMatch(/\n {2}sync .*\*/);
    expect(configs.replace(/\s+/g, ' ')).toContain('waits timed: pipeline:8 192, pipeline:64 24, pipeline:256 6');
  });

  it('says where the time went for every config, the rest as unexplained', () => {
    const time = block(renderTable(demo, { color: false, width: 100 }), 'Where the time went');
    expect(time.split('\n')[1]).toMatch(/run ms\s+link ms\s+server ms\s+CPU ms\s+unexplained ms\s+explained/);
    expect(time.match(/\n {2}(sync|pipeline:\d+) /g)).toHaveLength(demo.configs.length);
  });

  it('says identical Server rows once', () => {
    const server = block(renderTable(demo, { color: false, width: 100 }), 'Server');
    const rows = server.split('\n').filter((line) => /^ {2}(sync|pipeline|all )/.test(line));
    expect(rows.length).toBeLessThan(demo.configs.length);
    expect(server).toMatch(/\n {2}all \d+ configs? /);
  });

  it('explains what a noise warning means, once', () => {
    const text = renderTable(demo, { color: false, width: 100 });
    expect(text.match(/within noise: some run of the faster config took longer/g)).toHaveLength(1);
  });
});
