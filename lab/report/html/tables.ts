// The HTML report's tables: every figure the charts draw, as text (so the report reads without
// its script and diffs as text), plus the verdict matrix, thresholds, warnings and what was not
// measured. Each function returns an HTML fragment; all text goes through escapeHtml.

import { runCounts, type ConfigResult, type LabResult, type ReconcileEntry } from '../../contracts/index.ts';
import { formatCount, formatLatencyUs, formatMs, formatOps, formatRatio } from '../figures.ts';

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const NA = '<span class="na">n/a</span>';
export const msCell = (value: number | null): string => (value === null ? NA : `${formatMs(value)} ms`);
export const usCell = (value: number | null | undefined): string => (value === undefined || value === null ? NA : escapeHtml(formatLatencyUs(value)));

export const table = (head: string[], rows: string[][], className = ''): string =>
  `<table${className ? ` class="${className}"` : ''}><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>` +
  `<tbody>${rows.map((r) => `<tr>${r.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')}</tbody></table>`;

export const calibrationTable = (result: LabResult): string =>
  result.calibration.length === 0
    ? '<p class="na">No calibration was measured.</p>'
    : table(
        ['requested rtt', 'jitter', 'toxic up / down', 'direct PING', 'proxied PING', 'added', 'proxied p10 – p90', 'samples'],
        result.calibration.map((c) => [
          msCell(c.requestedRttMs),
          msCell(c.jitterMs),
          `${c.upstreamLatencyMs} / ${c.downstreamLatencyMs} ms`,
          msCell(c.baselineMs),
          msCell(c.measuredMs),
          msCell(c.addedMs),
          `${formatMs(c.p10Ms)} – ${formatMs(c.p90Ms)} ms`,
          String(c.samples),
        ]),
      );

const runsCell = (config: ConfigResult): string => {
  const counted = config.runs.filter(runCounts).length;
  const failed = counted < config.runs.length ? ' <span class="bad">unverified runs</span>' : '';
  // The C engine's completed runs are never verified: it checks no reply.
  const engine = config.engine === undefined ? '' : ` <span class="na" title="${escapeHtml(`redis-benchmark ${config.engine.version}: ${config.engine.commandLine}`)}">not verified: C engine (redis-benchmark); completed runs</span>`;
  return `${counted}/${config.runs.length}${engine}${failed}`;
};

export const configsTable = (result: LabResult): string =>
  table(
    ['config', 'verified runs', 'median run (min – max)', 'ops/s', 'model', 'median / model', 'p50', 'p99', 'p99.9', 'commands in histogram'],
    result.configs.map((c) => [
      `<code>${escapeHtml(c.id)}</code>`,
      runsCell(c),
      c.medianMs === null ? NA : `${formatMs(c.medianMs)} ms (${formatMs(c.minMs ?? c.medianMs)} – ${formatMs(c.maxMs ?? c.medianMs)})`,
      c.opsPerSec === null ? NA : formatOps(c.opsPerSec),
      msCell(c.modelMs),
      c.modelRatio === null ? NA : formatRatio(c.modelRatio),
      usCell(c.latencyUs?.p50),
      usCell(c.latencyUs?.p99),
      usCell(c.latencyUs?.p999),
      c.latencyUs === null ? NA : formatCount(c.latencyUs.count),
    ]),
    'figures',
  );

const VERDICT_CLASS: Record<string, string> = { SAFE: 'safe', UNSAFE: 'unsafe', UNKNOWN: 'unknown', 'NOT-TESTED': 'not-tested' };

// A scenario comparing several writes has a column per write too (LPUSH / cut / pipeline:64).
const columnOf = (entry: ReconcileEntry, severalRtts: boolean): string =>
  `${entry.workload === undefined ? '' : `${entry.workload} / `}${entry.fault} / ${entry.mode}${severalRtts ? ` @ rtt=${entry.rttMs}ms` : ''}`;

/** Policy × (fault, mode) with each cell's verdict coloured; the reasons in the cell's title. */
export const verdictMatrix = (entries: readonly ReconcileEntry[]): string => {
  const severalRtts = new Set(entries.map((e) => e.rttMs)).size > 1;
  const columns = [...new Set(entries.map((e) => columnOf(e, severalRtts)))];
  const policies = [...new Set(entries.map((e) => e.policy))];
  const rows = policies.map((policy) => [
    `<code>${escapeHtml(policy)}</code>`,
    ...columns.map((column) => {
      const entry = entries.find((e) => e.policy === policy && columnOf(e, severalRtts) === column);
      if (entry === undefined) return '<span class="na">not run</span>';
      const title = escapeHtml(entry.reasons.join('; '));
      return `<span class="verdict ${VERDICT_CLASS[entry.verdict] ?? ''}" title="${title}">${escapeHtml(entry.verdict)}</span>`;
    }),
  ]);
  return table([entries.some((e) => e.workload !== undefined) ? 'policy \\ write / fault / mode' : 'policy \\ fault / mode', ...columns], rows, 'matrix');
};

export const reconcileTable = (entries: readonly ReconcileEntry[]): string =>
  table(
    ['cell', 'verdict', 'runs', 'issued', 'acknowledged', 'applied', 'lost', 'duplicated', 'indeterminate', 'unexpected', 'fault fired', 'why'],
    entries.map((e) => [
      `<code>${escapeHtml(e.id)}</code>`,
      `<span class="verdict ${VERDICT_CLASS[e.verdict] ?? ''}">${escapeHtml(e.verdict)}</span>`,
      `${e.runs}${e.consistent ? '' : ' <span class="bad">counts differ between runs (first run shown)</span>'}`,
      ...[e.counts.issued, e.counts.acknowledged, e.counts.applied, e.counts.lost, e.counts.duplicated, e.counts.indeterminate, e.counts.unexpected].map(String),
      e.faultObserved ? 'yes' : '<span class="bad">no</span>',
      escapeHtml(e.reasons.join('; ')),
    ]),
  );

const actualText = (actual: number | string | null): string =>
  actual === null ? 'not measured' : typeof actual === 'number' ? String(Number(actual.toPrecision(4))) : actual;

export const thresholdsList = (result: LabResult): string =>
  result.thresholds.length === 0
    ? '<p class="na">The scenario sets no thresholds.</p>'
    : `<ul class="thresholds">${result.thresholds
        .map(
          (t) =>
            `<li><span class="${t.pass ? 'pass' : 'fail'}">${t.pass ? 'PASS' : 'FAIL'}</span> <code>${escapeHtml(t.source)}</code><ul>${t.checked
              .map((c) => `<li>${c.pass ? 'ok' : '<b class="fail">failed</b>'} <code>${escapeHtml(c.configId)}</code>: ${escapeHtml(t.metric)} ${escapeHtml(actualText(c.actual))}</li>`)
              .join('')}</ul></li>`,
        )
        .join('')}</ul>`;

export const textList = (items: readonly string[], empty: string): string =>
  items.length === 0 ? `<p class="na">${escapeHtml(empty)}</p>` : `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
