// The HTML report's Open loop section (issue 26): a table of every open-loop config (offered and
// achieved rate, request and service percentiles, late starts, saturated, knee), the charts
// against offered rate per group of rates, and per config its charts over time and its windows
// as a table (so the figures read without the script). Every value from the result goes through
// escape.ts (`html`, `figure`).

import { configMetricByKey, type ConfigResult, type LabResult } from '../../contracts/index.ts';
import { formatCount } from '../figures.ts';
import type { Chart } from './chart.ts';
import { figure, html, NA, raw, type Html } from './escape.ts';
import { kneeWords, openLoopConfigs, scheduleRate, windowsOf } from './open-loop-charts.ts';
import { countCell, table, usCell } from './tables.ts';

const rateCell = (value: unknown): Html => figure(value, (v) => `${v.toFixed(v < 100 ? 1 : 0)}/s`);
// A figure the registry reads (lab/contracts/registry.ts).
const read = (key: string, c: ConfigResult): number | null => configMetricByKey(key)?.read(c) ?? null;

const saturatedCell = (c: ConfigResult): Html => {
  const saturated = read('saturated', c);
  if (saturated === null) return NA;
  return saturated === 1 ? html`<span class="fail" title="${c.saturation?.reason}">SATURATED</span>` : html`<span class="na" title="${c.saturation?.reason}">no</span>`;
};

const kneeCell = (c: ConfigResult): Html => {
  if (c.knee === undefined) return raw('<span class="na">constant rate</span>');
  const rate = read('kneePerSec', c);
  return rate === null ? html`<span class="na" title="${c.knee.reason}">none seen</span>` : html`<span title="${c.knee.reason}">${rateCell(rate)}</span>`;
};

const summaryTable = (configs: readonly ConfigResult[]): Html =>
  table(
    ['config', 'offered', 'achieved', 'request p50', 'request p99', 'service p99', 'late starts', 'saturated', 'knee', 'window'],
    configs.map((c) => [
      html`<code>${c.id}</code>`,
      html`${rateCell(read('offeredPerSec', c))}${c.schedule?.offeredRampPerSec === undefined ? '' : html` (${scheduleRate(c)})`}`,
      rateCell(read('achievedPerSec', c)),
      usCell(read('requestP50Us', c)),
      usCell(read('requestP99Us', c)),
      usCell(read('serviceP99Us', c)),
      countCell(read('lateStarts', c)),
      saturatedCell(c),
      kneeCell(c),
      figure(c.windowMs, (v) => `${formatCount(v)} ms`),
    ]),
    'figures',
  );

const windowsTable = (c: ConfigResult): Html => {
  const windows = windowsOf(c);
  if (windows.length === 0) return raw('<p class="na">No windows recorded (no verified run, or a result from before windows).</p>');
  return html`<details><summary>${windows.length} windows of ${figure(c.windowMs, String)} ms</summary>${table(
    ['start', 'offered', 'achieved', 'requests', 'late starts', 'request p50', 'request p99', 'service p50', 'service p99', 'max'],
    windows.map((w) => [
      figure(w.startMs, (v) => `${(v / 1000).toFixed(1)} s`),
      rateCell(w.offeredPerSec),
      rateCell(w.achievedPerSec),
      countCell(w.requests),
      countCell(w.lateStarts),
      usCell(w.requestP50Us),
      usCell(w.requestP99Us),
      usCell(w.serviceP50Us),
      usCell(w.serviceP99Us),
      usCell(w.maxUs),
    ]),
    'figures',
  )}</details>`;
};

/** The section, or nothing when the result has no open-loop config. `charts` are this result's
 * charts (ids prefixed `r<index>-`); `block` draws one. */
export const openLoopSection = (result: LabResult, prefix: string, charts: readonly Chart[], block: (chart: Chart) => Html): Html | '' => {
  const open = openLoopConfigs(result);
  if (open.length === 0) return '';
  const byPrefix = (p: string): Html[] => charts.filter((c) => c.id.startsWith(`${prefix}${p}`)).map(block);
  return html`<h2>Open loop</h2>
<p class="caption">Requests start on a schedule fixed before the run, whether or not earlier ones finished. Request latency runs from a request's intended start (what a user waits, free of coordinated omission), service latency from its actual send (after any pool wait). Saturated: achieved below offered beyond the count's spread, late starts growing, or a ramp past its knee (hover for the reasons).</p>
${summaryTable(open)}${byPrefix('openloop-g')}
${open.map(
  (c, i) => html`<h3>${c.id}: open loop at ${scheduleRate(c)}</h3>${c.knee === undefined ? '' : html`<p class="caption">${kneeWords(c.knee)}</p>`}${byPrefix(`openloop-c${i}-`)}${windowsTable(c)}`,
)}`;
};
