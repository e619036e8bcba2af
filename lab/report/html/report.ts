// The HTML report: one self-contained file for one or more results. uPlot (its minified IIFE
// build and stylesheet, read from node_modules), the chart data and the drawing script are
// inlined, so the file opens offline and makes no request. uPlot was chosen for its size
// (about 52 KB minified, 22 KB gzipped: the smallest well-kept library with a real log axis)
// and because a plain IIFE runs from an inline <script>; see docs/reports-and-ci.md.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LabResult } from '../../contracts/index.ts';
import { LabError } from '../../errors/index.ts';
import { formatDuration } from '../figures.ts';
import { chartsOf } from './charts.ts';
import type { Chart } from './chart.ts';
import { bystanderSection } from './bystander-section.ts';
import { nodesSection } from './nodes-section.ts';
import { serverClosedSection } from './server-closed-section.ts';
import { openLoopSection } from './open-loop-section.ts';
import { sloSection } from './slo-section.ts';
import { batchingSection } from './batching-section.ts';
import { adviseSection } from './advise-section.ts';
import { traceSection } from './trace-section.ts';
import { faultTimeline } from './timeline.ts';
import { CHART_SCRIPT } from './script.ts';
import { figure, html, jsonInScript, raw, type Html } from './escape.ts';
import { calibrationTable, configsTable, passMark, reconcileTable, textList, thresholdsList, verdictMatrix } from './tables.ts';

const UPLOT = { script: import.meta.resolve('uplot/dist/uPlot.iife.min.js'), style: import.meta.resolve('uplot/dist/uPlot.min.css') };
const uplotFiles = new Map<string, string>();
const uplotFile = (url: string): string => {
  const text = uplotFiles.get(url) ?? readFileSync(fileURLToPath(url), 'utf8');
  uplotFiles.set(url, text);
  return text;
};

// The C engine, when it drove the configs.
const engineText = (result: LabResult): string => {
  const engine = result.configs.find((c) => c.engine !== undefined)?.engine;
  return engine === undefined ? '' : `; load engine redis-benchmark ${engine.version} (not verified: C engine)`;
};

// Code inside <script> (uPlot, the page's script; never data): no "</script" or "<!--" may end
// or confuse the element.
const scriptSafe = (text: string): string => text.replace(/<(\/script|!--)/gi, '\\u003c$1');

// The page's policy, a second line behind the escaping: scripts only the page's own (by hash),
// no inline event handler, javascript: URL or remote load of any kind, images only data: URLs.
// Styles may be inline (the bars' positions are style attributes; uPlot sets styles too).
const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const contentSecurityPolicy = (scripts: readonly string[]): string =>
  [
    "default-src 'none'",
    `script-src ${scripts.length === 0 ? "'none'" : scripts.map(sha256).join(' ')}`,
    "style-src 'unsafe-inline'",
    'img-src data:',
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; color: #222; margin: 0 auto; max-width: 1180px; padding: 16px 24px; }
h1 { font-size: 22px; margin: 8px 0; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; }
h3 { font-size: 15px; margin: 18px 0 4px; } .caption, .na { color: #666; } .meta { color: #444; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; } th, td { border: 1px solid #ddd; padding: 3px 7px; text-align: left; }
th { background: #f4f4f4; } table.figures td:not(:first-child) { text-align: right; }
.pass, .safe { color: #fff; background: #2e7d32; } .fail, .unsafe { color: #fff; background: #c62828; }
.unknown { background: #f9a825; } .not-tested { background: #e0e0e0; color: #333; border: 1px dashed #888; }
.verdict, .pass, .fail { padding: 1px 6px; border-radius: 3px; font-weight: 600; white-space: nowrap; } .bad { color: #c62828; }
.tl-track { position: relative; width: 320px; height: 12px; background: #e8eef4; } .tl-on { position: absolute; top: 0; height: 12px; background: #c62828; opacity: .75; }
.tl-closed { position: absolute; top: -2px; width: 2px; height: 16px; background: #000; }
.chart { margin: 4px 0 18px; } .u-legend th, .u-legend td { border: none; background: none; padding: 2px 4px; } code { font-size: 12.5px; }
`;

const chartBlock = (chart: Chart): Html => html`<h3>${chart.title}</h3><p class="caption">${chart.caption}</p><div class="chart" id="${chart.id}"></div>`;

// One result's section; chart ids are prefixed with the result's index so several results share a page.
const resultSection = (result: LabResult, index: number): { html: Html; charts: Chart[] } => {
  const charts = chartsOf(result).map((c) => ({ ...c, id: `r${index}-${c.id}` }));
  const byPrefix = (prefix: string): Html[] => charts.filter((c) => c.id.startsWith(`r${index}-${prefix}`)).map(chartBlock);
  const reconcile = result.reconcile ?? [];
  const v = result.versions;
  const images = result.images ? html` (${result.images.source} images)` : '';
  const section = html`<section>
<h1>${result.scenario.name} ${passMark(result.pass)}</h1>
<p>${result.scenario.description}</p>
<p class="meta">started ${result.startedAt}, took ${figure(result.durationMs, formatDuration)}; runtime ${result.runtime}${images}; Redis ${v.redis}, Toxiproxy ${v.toxiproxy}, Node ${v.node}, ioredis ${v.ioredis}${engineText(result)}; seed ${result.seed}</p>
<h2>Calibration</h2>${byPrefix('calibration')}${calibrationTable(result)}
${
  result.configs.length > 0
    ? html`<h2>Run times</h2>${configsTable(result)}${serverClosedSection(result)}${byPrefix('rtt')}${byPrefix('batch')}<h2>Latency by percentile</h2>${
        byPrefix('percentiles').length > 0 ? byPrefix('percentiles') : raw('<p class="na">No config has a latency histogram.</p>')
      }${openLoopSection(result, `r${index}-`, charts, chartBlock)}${sloSection(result, `r${index}-`, charts, chartBlock)}${batchingSection(result, `r${index}-`, charts, chartBlock)}${adviseSection(result)}${traceSection(result)}`
    : ''
}
${
  reconcile.length > 0
    ? html`<h2>Retry policies under faults</h2><p class="caption">SAFE: nothing acknowledged was lost and nothing applied twice or unexpectedly; NOT-TESTED: the fault never fired, nothing was judged. Hover a cell for its reasons.</p>${verdictMatrix(reconcile)}${reconcileTable(reconcile)}${faultTimeline(reconcile)}`
    : ''
}
${bystanderSection(result)}
${nodesSection(result)}
<h2>Thresholds</h2>${thresholdsList(result)}
<h2>Warnings</h2>${textList(result.warnings, 'None.')}
<h2>Not measured</h2>${textList(result.notMeasured, 'Nothing listed.')}
</section>`;
  return { html: section, charts };
};

// A result with a `kind` (a version 1 cluster result has "cluster") is not a LabResult: refused
// by name rather than rendered as the wrong shape.
const checkKind = (result: LabResult, index: number): void => {
  if (!('kind' in result)) return;
  const kind = JSON.stringify(result.kind)?.slice(0, 40) ?? typeof result.kind;
  throw new LabError('E_RESULT_INVALID', `result ${index + 1}: kind ${kind} is not a result kind the report knows: a result of version 2 has none (version 1 wrote kind "cluster" for a Redis Cluster)`, {
    hint: 're-run the scenario: every topology writes the same LabResult shape',
  });
};

/** The whole report as one HTML document (UTF-8 text), for one or more results.
 * Every value from the results is escaped (escape.ts); see docs/html-report-security.md. */
export const renderHtmlReport = (results: readonly LabResult[]): string => {
  if (results.length === 0) throw new TypeError('Expected at least one result to report on, got none');
  results.forEach(checkKind);
  const sections = results.map((result, index) => resultSection(result, index));
  const data = { charts: sections.flatMap((s) => s.charts) };
  const charted = data.charts.length > 0; // a page without a chart draws nothing: no uPlot
  const scripts = charted ? [scriptSafe(uplotFile(UPLOT.script)), scriptSafe(CHART_SCRIPT)] : [];
  const title = results.map((r) => r.scenario.name).join(', ');
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(scripts)}"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>redis-fault-lab: ${title}</title>
<style>${raw(charted ? uplotFile(UPLOT.style) : '')}${raw(STYLE)}</style>
</head><body>
${sections.map((s, i) => html`${i > 0 ? raw('\n<hr>\n') : ''}${s.html}`)}
<p class="na">Made by redis-fault-lab${charted ? '; charts drawn with uPlot, inlined' : ''}. This file makes no network request.</p>
${charted ? html`<script type="application/json" id="report-data">${raw(jsonInScript(data))}</script>
${scripts.map((script, i) => html`${i > 0 ? '\n' : ''}<script>${raw(script)}</script>`)}` : ''}
</body></html>
`.toString();
};
