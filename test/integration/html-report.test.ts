// The HTML report and `compare` as a user meets them: a real run through the CLI (real Redis,
// real Toxiproxy) writes its JSON and `--html` report; headless Chromium (Debian's `chromium`,
// driven by playwright-core, offline) opens the report: no console error, no request, every
// chart drawn with data. Then `compare` of the result with itself passes and with a copy whose
// every run is 1.5x slower fails, naming the configs whose runs no longer overlap.
//
// UPDATE_SCREENSHOT=1 writes the screenshot to docs/report.png (docs/reports-and-ci.md shows it); otherwise
// it goes to a temporary directory.

import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabResult } from '../../lab/index.ts';
import { runCli } from './run-cli.ts';

const BIN = new URL('../../lab/cli/bin.mjs', import.meta.url).pathname;
const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOT = process.env.UPDATE_SCREENSHOT ? new URL('../../docs/report.png', import.meta.url).pathname : undefined;

const cli = (args: string[]) => runCli(args);

// Two rtts, sync and two pipeline sizes: every kind of chart (calibration, rtt, batch, percentiles).
const SCENARIO = `name: report-demo
description: INCR one round trip at a time against pipelines of 8 and 64, at 0 and 2 ms rtt
workload: { command: INCR, commands: 200 }
modes: [sync, pipeline:8, pipeline:64]
network: { rtt: [0ms, 2ms] }
warmup: 1
repeat: 3
calibration: { pings: 20 }
expect:
  - "pipeline:64 at rtt=2ms: median < 1000ms"
`;

let dir: string;
let jsonFile: string;
let htmlFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rfl-html-'));
  jsonFile = join(dir, 'result.json');
  htmlFile = join(dir, 'report.html');
  await writeFile(join(dir, 'demo.yaml'), SCENARIO);
  const run = await cli(['run', join(dir, 'demo.yaml'), '--json', jsonFile, '--html', htmlFile]);
  expect(run.stderr).toContain(`wrote ${htmlFile}`);
  expect(run.code).toBe(0);
}, 300_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('HTML report in headless Chromium', () => {
  it('opens offline with no console error, no request and every chart drawn with data', async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: run docker/provision.sh (installs Debian's chromium)`).toBe(true);
    const result = JSON.parse(await readFile(jsonFile, 'utf8')) as LabResult;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
    try {
      const context = await browser.newContext({ offline: true, viewport: { width: 1240, height: 1900 } });
      await context.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
      const page = await context.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('request', (r) => (r.url().startsWith('file:') ? undefined : requests.push(r.url())));
      await page.goto(`file://${htmlFile}`, { waitUntil: 'load' });

      const charts = await page.$$eval('.chart', (elements) =>
        elements.map((el) => {
          const canvas = el.querySelector('canvas');
          const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
          let painted = 0;
          for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) painted++;
          return { id: el.id, points: Number(el.getAttribute('data-points')), painted };
        }),
      );
      // calibration, median against rtt, median against batch size, one percentile chart per rtt
      expect(charts.map((c) => c.id)).toEqual(['r0-calibration', 'r0-rtt-0', 'r0-batch-0', 'r0-percentiles-0', 'r0-percentiles-1']);
      for (const chart of charts) {
        expect(chart.points, chart.id).toBeGreaterThan(0);
        expect(chart.painted, chart.id).toBeGreaterThan(1000);
      }
      expect(charts.find((c) => c.id === 'r0-rtt-0')?.points).toBe(2 * 3 * 2); // 3 modes x (median + model) x 2 rtts
      expect(await page.locator('table.figures tbody tr').count()).toBe(result.configs.length);
      expect(await page.locator('.thresholds .pass').count()).toBe(1);
      if (SCREENSHOT) await page.screenshot({ path: SCREENSHOT });
      else await page.screenshot({ path: join(dir, 'report.png') });
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await browser.close();
    }
    expect((await stat(htmlFile)).size).toBeLessThan(200_000);
  }, 120_000);
});

// A reply cut and an early reset, judged under two policies: the verdict matrix and the timeline.
const FAULT_SCENARIO = `name: report-faults
workload: { command: INCR, commands: 256 }
modes: [sync, pipeline:64]
network: { rtt: [1ms] }
faults:
  - name: cut-mid-batch
    after: 128 commands
    cut-after: {down: "32 replies + 3B"}
  - name: reset-early
    at: 50ms
    reset: {}
    for: 300ms
policies: [none, idempotent]
reconcile: {tags: log, deadline: 10s}
repeat: 1
`;

describe('HTML report of a fault scenario', () => {
  it('shows the verdict matrix and a timeline whose times come from the run', async () => {
    await writeFile(join(dir, 'faults.yaml'), FAULT_SCENARIO);
    const faultJson = join(dir, 'faults.json');
    const faultHtml = join(dir, 'faults.html');
    const run = await cli(['run', join(dir, 'faults.yaml'), '--json', faultJson, '--html', faultHtml, '--quiet']);
    expect(run.stderr).toBe('');
    const result = JSON.parse(await readFile(faultJson, 'utf8')) as LabResult;
    const entries = result.reconcile ?? [];
    expect(entries).toHaveLength(8);
    for (const entry of entries) {
      const [t] = entry.timelines ?? [];
      expect(t?.endMs, entry.id).toBeGreaterThan(0);
      // a cell that was judged had its fault on before the connection closed under it
      if (entry.verdict !== 'NOT-TESTED' && t?.closedMs != null) expect(t.faultOnMs ?? Infinity, entry.id).toBeLessThanOrEqual(t.closedMs);
      if (t?.faultOnMs === null) expect(entry.verdict, entry.id).toBe('NOT-TESTED');
    }
    const html = await readFile(faultHtml, 'utf8');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
    try {
      const context = await browser.newContext({ offline: true });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
      await page.goto(`file://${faultHtml}`);
      expect(await page.locator('table.matrix .verdict').count()).toBe(entries.length);
      expect(await page.locator('table.timeline tbody tr').count()).toBe(entries.length);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
    expect(html).toContain('<h3>Fault timeline</h3>');
  }, 180_000);
});

describe('report', () => {
  it('prints a saved result\'s table, and refuses a file that is not a result with exit 2', async () => {
    const result = JSON.parse(await readFile(jsonFile, 'utf8')) as LabResult;
    const table = await cli(['report', jsonFile]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(result.scenario.name);
    expect(table.stdout).toContain('pipeline:64');
    const bad = await cli(['report', BIN, '--html', join(dir, 'never.html')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`error [E_RESULT_INVALID]: ${BIN}: not JSON`);
    expect(existsSync(join(dir, 'never.html'))).toBe(false);
  });
});

describe('compare', () => {
  it('passes a result compared with itself, and fails a 1.5x slower copy naming the configs beyond noise', async () => {
    const result = JSON.parse(await readFile(jsonFile, 'utf8')) as LabResult;
    const same = await cli(['compare', jsonFile, jsonFile]);
    expect(same.code).toBe(0);
    expect(same.stdout).not.toContain('BEYOND noise');
    expect(same.stdout).toContain('PASS: ');

    const slowed: LabResult = {
      ...result,
      configs: result.configs.map((c) => ({
        ...c,
        runs: c.runs.map((r) => ({ ...r, totalMs: r.totalMs * 1.5 })),
        medianMs: c.medianMs === null ? null : c.medianMs * 1.5,
      })),
    };
    const slowedFile = join(dir, 'slowed.json');
    await writeFile(slowedFile, JSON.stringify(slowed));
    // The configs whose 3 verified runs, each 1.5x, all exceed the slowest base run.
    const expected = result.configs
      .filter((c) => {
        const totals = c.runs.filter((r) => r.verified).map((r) => r.totalMs);
        return totals.length === 3 && Math.min(...totals) * 1.5 > Math.max(...totals);
      })
      .map((c) => c.id);
    expect(expected.length).toBeGreaterThan(0); // at 2 ms rtt the runs are waits, not noise
    const worse = await cli(['compare', jsonFile, slowedFile, '--threshold', '10%']);
    expect(worse.code).toBe(1);
    const failLine = worse.stdout.split('\n').find((line) => line.startsWith('FAIL: ')) ?? '';
    const named = result.configs.map((c) => c.id).filter((id) => failLine.includes(`${id}: median 50.0% slower`));
    expect(named).toEqual(expected);
  }, 60_000);
});

// A Redis Cluster run through the CLI: its HTML report (links, runs, the partition's events on
// a bar), `report` of its JSON, `--out DIR`, and compare of the result with itself.
const CLUSTER_SCENARIO = `name: report-cluster
description: three shards, one farther away, one primary cut off for 3 s
topology: { cluster: { primaries: 3, replicas: 1, node-timeout: 1000ms } }
network: { rtt: 1ms, nodes: { primary-3: { rtt: 5ms } } }
workload: { command: SET, key: "r:{i}", keys: { sequential: 60 }, commands: 60 }
modes: [sync]
warmup: 0
repeat: 1
calibration: { pings: 10 }
timeline:
  - { name: partition, for: 3s, partition: { nodes: primary-2 } }
`;

describe('HTML report of a Redis Cluster run', () => {
  it('has the nodes section and the fault on a bar; report reads the JSON, compare judges it', async () => {
    await writeFile(join(dir, 'cluster.yaml'), CLUSTER_SCENARIO);
    const json = join(dir, 'cluster.json');
    const html = join(dir, 'cluster.html');
    const out = join(dir, 'cluster-out');
    const run = await cli(['run', join(dir, 'cluster.yaml'), '--runtime', 'local', '--json', json, '--html', html, '--out', out, '--quiet']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // --out DIR holds the result and one .hgrm per config and node (the cluster's per-node HDR histograms).
    const written = await readdir(out);
    expect(written).toContain('result.json');
    const hgrm = written.filter((name) => name !== 'result.json');
    expect(hgrm.length).toBeGreaterThan(0);
    for (const name of hgrm) expect(name).toMatch(/\.hgrm$/);
    const result = JSON.parse(await readFile(json, 'utf8')) as LabResult;
    const nodesTimed = new Set(result.configs.flatMap((config) => (config.perNode ?? []).filter((share) => share.latencyUs).map((share) => share.node)));
    for (const node of nodesTimed) expect(hgrm.some((name) => name.endsWith(`_${node}.hgrm`))).toBe(true);
    expect(result.resultVersion).toBe(2);
    const [partition] = result.reconcile ?? [];
    expect(partition?.events?.length).toBeGreaterThan(1);

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
    try {
      const context = await browser.newContext({ offline: true });
      await context.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
      const page = await context.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
      page.on('request', (r) => (r.url().startsWith('file:') ? undefined : requests.push(r.url())));
      await page.goto(`file://${html}`);
      expect(await page.locator('h1').first().textContent()).toBe('report-cluster PASS');
      expect(await page.locator('h3:has-text("Links") + p + table tbody tr').count()).toBe(result.topology!.links.length);
      expect(await page.locator('.tl-track .tl-closed').count()).toBe(partition!.events!.length);
      expect(await page.locator('.tl-track .tl-on').count()).toBe(1);
      // The configs are charted as any result's are: every chart drawn, with points.
      expect(await page.locator('.chart').count()).toBeGreaterThan(0);
      expect(await page.locator('.chart canvas').count()).toBe(await page.locator('.chart').count());
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await browser.close();
    }

    const table = await cli(['report', json]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Topology {cluster: {primaries: 3, replicas: 1, node-timeout: 1000ms}}');
    expect(table.stdout).toMatch(/partition +sync .* lab-writer/);
    const same = await cli(['compare', json, json]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('sync@shaped');
  }, 180_000);
});
