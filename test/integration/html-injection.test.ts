// Hostile result files against the HTML report, in the browser: a real single-node result and a
// real cluster result (the unit fixtures) with every leaf replaced by a script payload (the
// fixture's own leaves, and every field, map key and array the result schema names), rendered
// by the library renderer directly (no result validation in the way), opened in headless
// Chromium (Debian's `chromium` through playwright-core, as html-report.test.ts does). No
// payload may run (window.__pwned stays undefined, no dialog, no console error), make a
// request (only the page's own file: URL), or leave an element or attribute of its own. Each
// page is opened twice: as rendered, and with its Content-Security-Policy removed, so the
// escaping holds on its own and the policy is only a second line. The clean report still
// draws every chart under the policy.

import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabResult } from '../../lab/contracts/index.ts';
import { renderHtmlReport } from '../../lab/report/html/report.ts';
import { clusterResult } from '../unit/report/cluster-result.fixture.ts';
import { leafPaths, PAYLOADS, withEveryLeaf, withLeaf, withOptionalFields } from '../unit/report/hostile-result.ts';
import { labResult } from '../unit/report/lab-result.fixture.ts';
import { payloadEverywhere, payloadInStrings, schemaLeafPaths, valueLeafPaths } from '../unit/report/schema-hostile.ts';

const CHROMIUM = '/usr/bin/chromium';
const CSP_META = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/;

// Every string leaf but the ones the charts are keyed on (histogram, mode, link), so the charts
// are drawn with the payload in their titles, legends and data.
const KEPT_FOR_CHARTS = new Set(['hdr', 'mode', 'batchLabel', 'link']);
const withStringLeaves = (result: LabResult, payload: string): LabResult =>
  leafPaths(result as never)
    .filter((path) => typeof path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], result) === 'string')
    .filter((path) => !KEPT_FOR_CHARTS.has(String(path.at(-1))))
    .reduce((r, path) => withLeaf(r, path, payload), result);

// In the page (plain JS: the tests compile without the DOM's types). Hover, focus and click
// everything: an attribute that escaped would be an event handler.
const TOUCH_EVERYTHING = `for (const el of document.querySelectorAll('*'))
  for (const type of ['mouseover', 'mouseenter', 'focus', 'click']) el.dispatchEvent(new Event(type, { bubbles: true }));`;

// Elements and attributes the report never writes itself: any one is a payload's.
const INSPECT = `(() => {
  const foreign = [];
  for (const el of document.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['img', 'iframe', 'svg', 'object', 'embed', 'link', 'base', 'form', 'a', 'audio', 'video', 'source'].includes(tag)) foreign.push('<' + tag + '>');
    for (const attr of el.getAttributeNames()) if (/^on|^(href|src|srcdoc|action|formaction|xlink:href)$/i.test(attr)) foreign.push(tag + '[' + attr + ']');
    const equiv = el.getAttribute('http-equiv');
    if (tag === 'meta' && equiv !== null && equiv !== 'Content-Security-Policy') foreign.push('meta[http-equiv=' + equiv + ']');
  }
  return {
    pwned: window.__pwned,
    foreign,
    scripts: document.scripts.length,
    charts: [...document.querySelectorAll('.chart')].map((el) => ({ id: el.id, points: Number(el.getAttribute('data-points')) })),
  };
})()`;

interface PageReport {
  pwned: unknown;
  dialogs: string[];
  errors: string[];
  requests: string[];
  foreign: string[];
  scripts: number;
  charts: { id: string; points: number }[];
}

let browser: Browser;
let dir: string;

beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: run docker/provision.sh (installs Debian's chromium)`).toBe(true);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
  dir = await mkdtemp(join(tmpdir(), 'rfl-html-injection-'));
});

afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const open = async (name: string, page: string): Promise<PageReport> => {
  const file = join(dir, `${name}.html`);
  await writeFile(file, page);
  const context = await browser.newContext({ offline: true });
  try {
    const requests: string[] = [];
    await context.route('**/*', (route) => (route.request().url() === `file://${file}` ? route.continue() : route.abort()));
    const tab = await context.newPage();
    const dialogs: string[] = [];
    const errors: string[] = [];
    tab.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    tab.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
    tab.on('pageerror', (e) => errors.push(String(e)));
    tab.on('request', (r) => (r.url() === `file://${file}` || r.url().startsWith('data:') ? undefined : requests.push(r.url())));
    await tab.goto(`file://${file}`, { waitUntil: 'load' });
    await tab.evaluate(TOUCH_EVERYTHING);
    await tab.waitForTimeout(300);
    const found = (await tab.evaluate(INSPECT)) as Omit<PageReport, 'dialogs' | 'errors' | 'requests'>;
    return { ...found, dialogs, errors, requests };
  } finally {
    await context.close();
  }
};

const expectInert = (report: PageReport, where: string): void => {
  expect(report.pwned, where).toBeUndefined();
  expect(report.dialogs, where).toEqual([]);
  expect(report.errors, where).toEqual([]);
  expect(report.requests, where).toEqual([]);
  expect(report.foreign, where).toEqual([]);
  expect([0, 3], where).toContain(report.scripts); // none, or the data, uPlot and the page's script
};

describe('HTML report of hostile results in Chromium', () => {
  it('draws every chart of a clean result under its Content-Security-Policy, with no violation', async () => {
    const report = await open('clean', renderHtmlReport([labResult, clusterResult]));
    expectInert(report, 'clean');
    expect(report.scripts).toBe(3);
    expect(report.charts.length).toBeGreaterThan(3);
    for (const chart of report.charts) expect(chart.points, chart.id).toBeGreaterThan(0);
  });

  it('sees a payload that is live: the check itself can fail (a raw <img onerror> put into a page without its policy)', async () => {
    const page = renderHtmlReport([clusterResult]).replace(CSP_META, '').replace('<h3>Links</h3>', `<h3>Links</h3>${PAYLOADS[0]}`);
    const report = await open('control', page);
    expect(report.pwned).toBe(1);
    expect(report.foreign).toContain('img[onerror]');
  });

  it('runs nothing for the reported case: strings in calibration upstreamLatencyMs and a cluster link\'s from', async () => {
    for (const [index, payload] of PAYLOADS.entries()) {
      const page = renderHtmlReport([
        withLeaf(labResult, ['calibration', 0, 'upstreamLatencyMs'], payload),
        withLeaf(clusterResult, ['topology', 'links', 0, 'from'], payload),
      ]);
      expectInert(await open(`reported-${index}`, page.replace(CSP_META, '')), `without a policy: ${payload}`);
    }
  });

  for (const [index, payload] of PAYLOADS.entries()) {
    it(`runs nothing and loads nothing with every leaf set to ${JSON.stringify(payload)}`, async () => {
      const results: LabResult[] = [
        withEveryLeaf(withOptionalFields(labResult), payload),
        withEveryLeaf(clusterResult, payload),
        withStringLeaves(withOptionalFields(labResult), payload),
      ];
      const page = renderHtmlReport(results);
      expect(page).toMatch(CSP_META);
      const withPolicy = await open(`payload-${index}`, page);
      expectInert(withPolicy, `with its policy: ${payload}`);
      // the third result's charts are drawn, the payload in their titles and legends
      expect(withPolicy.charts.filter((c) => c.id.startsWith('r2-') && c.points > 0).length).toBeGreaterThan(3);
      const escapingOnly = await open(`payload-${index}-no-csp`, page.replace(CSP_META, ''));
      expectInert(escapingOnly, `without a policy: ${payload}`);
    });
  }

  for (const [index, payload] of PAYLOADS.entries()) {
    it(`runs nothing and loads nothing with ${JSON.stringify(payload)} in every field the result schema names`, async () => {
      const results: LabResult[] = [
        payloadEverywhere(labResult, payload),
        payloadEverywhere(labResult, payload, 'structured'),
        payloadEverywhere(clusterResult, payload),
        payloadEverywhere(clusterResult, payload, 'structured'),
        payloadInStrings(labResult, payload, KEPT_FOR_CHARTS, 'structured'),
      ];
      // Every leaf and map key of the schema is in the page's input, whatever the fixtures hold.
      const held = new Set(results.flatMap((r) => valueLeafPaths(r as never)));
      expect(schemaLeafPaths().filter((path) => !held.has(path))).toEqual([]);
      const page = renderHtmlReport(results);
      expect(page).toMatch(CSP_META);
      const withPolicy = await open(`schema-${index}`, page);
      expectInert(withPolicy, `with its policy: ${payload}`);
      // the last result's charts are drawn, the payload in their titles and legends
      expect(withPolicy.charts.filter((c) => c.id.startsWith('r4-') && c.points > 0).length).toBeGreaterThan(3);
      expectInert(await open(`schema-${index}-no-csp`, page.replace(CSP_META, '')), `without a policy: ${payload}`);
    });
  }
});
