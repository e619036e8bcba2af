// A cluster result in the report path: the HTML section, reading the file back (report yes,
// compare no) and --out DIR. The fixture is a real run of scenarios/cluster-cross-dc.yaml.

import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClusterResult } from '../../../lab/contracts/index.ts';
import { renderHtmlReport } from '../../../lab/report/html/report.ts';
import { escapeHtml } from '../../../lab/report/html/escape.ts';
import { readAnyResultFile, readResultFile } from '../../../lab/report/result-input.ts';
import { writeOutDir } from '../../../lab/report/result-files.ts';
import { clusterResult } from './cluster-result.fixture.ts';
import { labResult } from './lab-result.fixture.ts';

const rowsOf = (html: string, heading: string): number => {
  const start = html.indexOf(`<h2>${heading}</h2>`);
  const body = html.slice(start).match(/<tbody>(.*?)<\/tbody>/s)?.[1] ?? '';
  return body.split('<tr>').length - 1;
};

describe('HTML report of a cluster result', () => {
  const html = renderHtmlReport([clusterResult]);

  it('has its links, runs and per-node figures as tables', () => {
    expect(html).toContain(`<h1>${clusterResult.scenario.name} <span class="pass">PASS</span></h1>`);
    expect(rowsOf(html, 'Links')).toBe(clusterResult.links.length);
    expect(rowsOf(html, 'Run times')).toBe(clusterResult.configs.length);
    expect(html).toContain('primaries × 1 replica(s)');
    const shaped = clusterResult.configs.find((c) => c.links === 'shaped' && c.modelRatio !== null)!;
    expect(html).toContain(`${shaped.modelRatio!.toFixed(2)}×`);
    for (const link of clusterResult.links) expect(html).toContain(`<code>${link.announced}</code>`);
  });

  it('carries no script when nothing is charted (uPlot is left out)', () => {
    expect(html).not.toContain('<script');
    expect(html).not.toContain('uplot');
    expect(renderHtmlReport([labResult, clusterResult])).toContain('<script type="application/json" id="report-data">');
  });

  it('shows every fault event with its time, the band of a timed fault and the write accounting', () => {
    for (const fault of clusterResult.faults) {
      for (const t of fault.timeline) expect(html).toContain(escapeHtml(t.event));
      expect(html).toContain(`${fault.writes.acknowledged.toLocaleString('en-US')} acknowledged`);
    }
    const partition = clusterResult.faults.find((f) => f.fault.kind === 'partition')!;
    const { onMs, offMs } = partition.window!;
    const endMs = Math.max(offMs, ...partition.timeline.map((t) => t.atMs));
    const pct = (ms: number) => `${((100 * ms) / endMs).toFixed(2)}%`;
    expect(html).toContain(`class="tl-on" style="left:${pct(onMs)};width:${pct(offMs - onMs)}"`);
    expect(html.match(/class="tl-on"/g)).toHaveLength(1); // the failovers cut nothing off
    expect(html).toContain('Minority side');
  });

  it('draws no band for a result that did not record when the node was cut off', () => {
    const unrecorded: ClusterResult = { ...clusterResult, faults: clusterResult.faults.map(({ window: _, ...f }) => f) };
    const old = renderHtmlReport([unrecorded]);
    expect(old).not.toContain('class="tl-on"');
    expect(old.match(/class="tl-closed"/g)).toHaveLength(clusterResult.faults.reduce((n, f) => n + f.timeline.length, 0));
  });

  it('marks a failed run and lost writes, escapes text and sits beside a single-node result', () => {
    const failed: ClusterResult = {
      ...clusterResult,
      pass: false,
      scenario: { ...clusterResult.scenario, name: '<b>x</b>' },
      faults: clusterResult.faults.map((f) => ({ ...f, lost: 7 })),
    };
    const both = renderHtmlReport([labResult, failed]);
    expect(both).toContain('&lt;b&gt;x&lt;/b&gt; <span class="fail">FAIL</span>');
    expect(both).toContain('acknowledged and lost: <span class="bad">7</span>');
    expect(both).toContain(`<h1>${labResult.scenario.name} `);
    const data = JSON.parse(both.match(/<script type="application\/json" id="report-data">(.*?)<\/script>/s)?.[1] ?? '{}') as { charts: { id: string }[] };
    expect(data.charts.length).toBeGreaterThan(0);
    expect(data.charts.every((c) => c.id.startsWith('r0-'))).toBe(true); // the cluster section draws none
  });
});

describe('a cluster result file', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rfl-cluster-'));
    dirs.push(dir);
    return dir;
  };
  const fileWith = async (value: unknown): Promise<string> => {
    const file = join(await tempDir(), 'cluster.json');
    await writeFile(file, JSON.stringify(value));
    return file;
  };

  it('is read back by report and refused by compare with a hint', async () => {
    const file = await fileWith(clusterResult);
    expect(await readAnyResultFile(file)).toEqual(clusterResult);
    await expect(readResultFile(file)).rejects.toMatchObject({
      code: 'E_RESULT_INVALID',
      message: `${file}: a cluster result; compare takes results of single-node scenarios only (cluster runs have no comparison yet)`,
      hint: expect.stringContaining(`redis-fault-lab report ${file}`),
    });
  });

  it.each([
    [{ ...clusterResult, faults: undefined }, /: faults: expected an array \(a cluster result\)$/],
    [{ ...clusterResult, topology: {} }, /: topology\.cluster: expected an object/],
    [{ ...clusterResult, configs: [{ ...clusterResult.configs[0], perNode: null }] }, /: configs\[0\]: expected runsMs and perNode arrays \(config "/],
    [{ ...clusterResult, faults: [{ ...clusterResult.faults[0], timeline: 'x' }] }, /: faults\[0\]: expected fault, timeline and writes$/],
  ])('names the first wrong field of a damaged cluster result (%#)', async (value, message) => {
    await expect(readAnyResultFile(await fileWith(value))).rejects.toMatchObject({ code: 'E_RESULT_INVALID', message: expect.stringMatching(message) });
  });

  it('goes to --out DIR as result.json alone: a cluster result keeps no histogram', async () => {
    const dir = await tempDir();
    expect(await writeOutDir(clusterResult, dir)).toEqual([join(dir, 'result.json')]);
    expect(await readdir(dir)).toEqual(['result.json']);
    expect(JSON.parse(await readFile(join(dir, 'result.json'), 'utf8'))).toEqual(clusterResult);
  });
});
