// A cluster result in the report path: the HTML report (the generic sections plus the nodes
// section), reading the file back, compare, --out DIR, and a result version 1 cluster file refused.
// The fixture is a real run of scenarios/cluster-cross-dc.yaml, as a LabResult.

import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { renderHtmlReport } from '../../../lab/report/html/report.ts';
import { escapeHtml } from '../../../lab/report/html/escape.ts';
import { readResultFile } from '../../../lab/report/result-input.ts';
import { writeOutDir } from '../../../lab/report/result-files.ts';
import { compareResults } from '../../../lab/report/compare/compare.ts';
import { renderTable } from '../../../lab/report/table.ts';
import { clusterResult, clusterV1 } from './cluster-result.fixture.ts';
import { labResult } from './lab-result.fixture.ts';

const rowsOf = (html: string, heading: string): number => {
  const start = html.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const body = html.slice(start).match(/<tbody>(.*?)<\/tbody>/s)?.[1] ?? '';
  return body.split('<tr>').length - 1;
};

describe('HTML report of a cluster result', () => {
  const html = renderHtmlReport([clusterResult]);

  it('has its links, runs and per-node figures as tables', () => {
    expect(html).toContain(`<h1>${clusterResult.scenario.name} <span class="pass">PASS</span></h1>`);
    expect(rowsOf(html, '<h3>Links</h3>')).toBe(2 * clusterV1.links.length); // each node at rtt 0 and at its own rtt
    expect(rowsOf(html, '<h2>Run times</h2>')).toBe(clusterV1.configs.length);
    expect(rowsOf(html, '<h3>Per node</h3>')).toBe(clusterV1.configs.reduce((n, c) => n + c.perNode.length, 0));
    expect(html).toContain('Topology {cluster: {primaries: 3, replicas: 1, node-timeout: 2000ms}}');
    for (const link of clusterV1.links) expect(html).toContain(`<code>${link.node}@flat</code>`);
  });

  it('shows every fault event with its time, the band of a timed fault and each fault\'s verdict', () => {
    for (const fault of clusterV1.faults) for (const t of fault.timeline) expect(html).toContain(escapeHtml(t.event));
    const partition = clusterResult.reconcile!.find((e) => e.node === 'primary-2')!;
    expect(partition.verdict).toBe('UNSAFE');
    expect(html).toContain('UNSAFE');
    const { onMs, offMs } = partition.window!;
    const endMs = Math.max(offMs, ...partition.events!.map((t) => t.atMs));
    const pct = (ms: number) => `${((100 * ms) / endMs).toFixed(2)}%`;
    expect(html).toContain(`class="tl-on" style="left:${pct(onMs)};width:${pct(offMs - onMs)}"`);
    expect(html.match(/class="tl-on"/g)).toHaveLength(1); // the failovers cut nothing off
    expect(html).toContain(escapeHtml('minority side (a client straight to primary-2)'));
  });

  it('draws no band for a row that did not record when the node was cut off', () => {
    const unrecorded: LabResult = { ...clusterResult, reconcile: clusterResult.reconcile!.map(({ window: _, ...e }) => e) };
    const old = renderHtmlReport([unrecorded]);
    expect(old).not.toContain('class="tl-on"');
    expect(old.match(/class="tl-closed"/g)).toHaveLength(clusterResult.reconcile!.reduce((n, e) => n + e.events!.length, 0));
  });

  it('marks a failed run, escapes text and sits beside a single-node result', () => {
    const failed: LabResult = { ...clusterResult, pass: false, scenario: { ...clusterResult.scenario, name: '<b>x</b>' } };
    const both = renderHtmlReport([labResult, failed]);
    expect(both).toContain('&lt;b&gt;x&lt;/b&gt; <span class="fail">FAIL</span>');
    expect(both).toContain(`<h1>${labResult.scenario.name} `);
    const data = JSON.parse(both.match(/<script type="application\/json" id="report-data">(.*?)<\/script>/s)?.[1] ?? '{}') as { charts: { id: string }[] };
    expect(data.charts.some((c) => c.id.startsWith('r0-'))).toBe(true);
    expect(data.charts.some((c) => c.id.startsWith('r1-'))).toBe(true); // the cluster's run times are charted like any config's
  });
});

describe('the table of a cluster result', () => {
  it('has a row per config, the fault verdicts and the topology\'s links', () => {
    const text = renderTable(clusterResult, { color: false, width: 200 });
    for (const c of clusterResult.configs) expect(text).toContain(c.mode === 'sync' ? 'sync' : `pipeline:${c.batch}`);
    expect(text).toContain('links=shaped');
    expect(text).toContain('links=flat');
    expect(text).toContain('UNSAFE');
    expect(text).toContain('primary-3@flat');
    // One row per config and node in the per-node block, each with the node's commands.
    const block = text.slice(text.indexOf('Per node'), text.indexOf('\n\n', text.indexOf('Per node')));
    const rows = clusterResult.configs.flatMap((c) => c.perNode!.map((n) => [c.id, n.node, String(n.commands)]));
    expect(block.split('\n').length).toBe(3 + rows.length);
    for (const [id, node, commands] of rows) expect(block).toMatch(new RegExp(`${id!.replace(/[:@]/g, '.')} +${node} +${commands} `));
    expect(renderTable(labResult, { color: false, width: 200 })).not.toContain('Per node');
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

  it('is read back, and compare judges its configs and its verdicts', async () => {
    const file = await fileWith(clusterResult);
    const read = await readResultFile(file);
    expect(read).toEqual(clusterResult);
    const comparison = compareResults(read, read, 10);
    expect(comparison.configs.map((c) => c.id)).toEqual(clusterResult.configs.map((c) => c.id));
    // 3 runs against 3: the medians' noise test judges (identical runs overlap: within the noise).
    expect(comparison.configs.every((c) => c.noise === 'within' && c.failure === null)).toBe(true);
    expect(comparison.verdictChanges).toEqual([]);
    expect(comparison.pass).toBe(true);
    const safer: LabResult = { ...clusterResult, reconcile: clusterResult.reconcile!.map((e) => ({ ...e, verdict: 'SAFE' as const })) };
    expect(compareResults(safer, read, 10).verdictChanges).toEqual([{ id: clusterResult.reconcile![2]!.id, base: 'SAFE', next: 'UNSAFE', fails: true }]);
  });

  it('of result version 1 (kind "cluster") is refused with the version it needs', async () => {
    const file = await fileWith(clusterV1);
    await expect(readResultFile(file)).rejects.toMatchObject({
      code: 'E_RESULT_INVALID',
      message: `${file}: written by redis-fault-lab result version 1 (a Redis Cluster result, kind "cluster"); this version reads version 2: re-run the scenario`,
      hint: expect.stringContaining('run the scenario again with redis-fault-lab'),
    });
  });

  it('goes to --out DIR as result.json alone when no node kept a histogram', async () => {
    const dir = await tempDir();
    expect(await writeOutDir(clusterResult, dir)).toEqual([join(dir, 'result.json')]);
    expect(await readdir(dir)).toEqual(['result.json']);
    expect(JSON.parse(await readFile(join(dir, 'result.json'), 'utf8'))).toEqual(clusterResult);
  });
});
