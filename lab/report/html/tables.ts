// The HTML report's tables: every figure the charts draw, as text (so the report reads without
// its script and diffs as text), plus the verdict matrix, thresholds, warnings and what was not
// measured. Each function returns an Html fragment built with `html` (escape.ts): every value
// from the result is escaped text, every figure goes through `figure`.

import { configMetricByKey, inWrittenUnit, reconcileMetricByName, REQUEST_BATCH_COLUMNS, REQUEST_ROW_COLUMNS, runCounts, type ConfigResult, type LabResult, type ReconcileEntry, type ThresholdResult } from '../../contracts/index.ts';
import { formatCount, formatLatencyUs, formatMs, formatOps, formatRatio } from '../figures.ts';
import { figure, html, NA, raw, type Html } from './escape.ts';

const withMs = (v: number): string => `${formatMs(v)} ms`;
export const msCell = (value: unknown): Html => figure(value, withMs);
export const usCell = (value: unknown): Html => figure(value, formatLatencyUs);
export const countCell = (value: unknown): Html => figure(value, formatCount);
/** "a – b ms" of two figures. */
export const msRange = (from: unknown, to: unknown): Html => html`${figure(from, formatMs)} – ${figure(to, formatMs)} ms`;
/** Items joined by `separator`; a value that is not a list (a crafted file) as itself. */
const joined = (items: unknown, separator: string): unknown => (Array.isArray(items) ? items.join(separator) : items);

/** A table: head cells as text; body cells as values (escaped) or Html fragments. */
export const table = (head: readonly string[], rows: readonly (readonly unknown[])[], className = ''): Html =>
  html`<table${className ? html` class="${className}"` : ''}><thead><tr>${head.map((h) => html`<th>${h}</th>`)}</tr></thead><tbody>${rows.map(
    (r) => html`<tr>${r.map((cell) => html`<td>${cell}</td>`)}</tr>`,
  )}</tbody></table>`;

export const calibrationTable = (result: LabResult): Html =>
  result.calibration.length === 0
    ? raw(
        (result.topology?.links ?? []).length > 0
          ? '<p class="na">Each link was calibrated on its own: see Links under Nodes.</p>'
          : '<p class="na">No calibration was measured.</p>',
      )
    : table(
        ['requested rtt', 'jitter', 'toxic up / down', 'direct PING', 'proxied PING', 'added', 'proxied p10 – p90', 'samples'],
        result.calibration.map((c) => [
          msCell(c.requestedRttMs),
          msCell(c.jitterMs),
          html`${figure(c.upstreamLatencyMs, String)} / ${figure(c.downstreamLatencyMs, String)} ms`,
          msCell(c.baselineMs),
          msCell(c.measuredMs),
          msCell(c.addedMs),
          msRange(c.p10Ms, c.p90Ms),
          figure(c.samples, String),
        ]),
      );

/** A config's count metric as the registry reads it (lab/contracts/registry.ts), as thresholds read it. */
export const registeredCount = (key: string, config: ConfigResult): Html => countCell(configMetricByKey(key)?.read(config));

// The server closed the config's client for its output buffer limit (docs/output-buffer.md):
// how often, in the runs cell; the figures are in the Closed by the server table.
const closedNote = (config: ConfigResult): Html | '' =>
  config.serverClosed === undefined
    ? ''
    : html` <span class="bad" title="${`client-output-buffer-limit; executed ${config.serverClosed.executed} of ${config.serverClosed.issued}, ${config.serverClosed.acknowledged} acknowledged`}">closed by the server ×${registeredCount('outputBufferDisconnects', config)}</span>`;

const runsCell = (config: ConfigResult): Html => {
  const counted = config.runs.filter(runCounts).length;
  const failed = counted < config.runs.length ? raw(' <span class="bad">unverified runs</span>') : '';
  // The C engine's completed runs are never verified: it checks no reply.
  const engine =
    config.engine === undefined
      ? ''
      : html` <span class="na" title="${`redis-benchmark ${config.engine.version}: ${config.engine.commandLine}`}">not verified: C engine (redis-benchmark); completed runs</span>`;
  return html`${counted}/${config.runs.length}${engine}${failed}${closedNote(config)}`;
};

export const configsTable = (result: LabResult): Html =>
  table(
    ['config', 'verified runs', 'median run (min – max)', 'ops/s', 'model', 'median / model', 'p50', 'p99', 'p99.9', 'commands in histogram'],
    result.configs.map((c) => [
      html`<code>${c.id}</code>`,
      runsCell(c),
      c.medianMs === null ? NA : html`${figure(c.medianMs, withMs)} (${figure(c.minMs ?? c.medianMs, formatMs)} – ${figure(c.maxMs ?? c.medianMs, formatMs)})`,
      figure(c.opsPerSec, formatOps),
      msCell(c.modelMs),
      figure(c.modelRatio, formatRatio),
      usCell(c.latencyUs?.p50),
      usCell(c.latencyUs?.p99),
      usCell(c.latencyUs?.p999),
      c.latencyUs === null ? NA : countCell(c.latencyUs.count),
    ]),
    'figures',
  );

const VERDICT_CLASS: Readonly<Record<string, string>> = { SAFE: 'safe', UNSAFE: 'unsafe', UNKNOWN: 'unknown', 'NOT-TESTED': 'not-tested' };
const verdictClass = (verdict: unknown): string => (typeof verdict === 'string' && Object.hasOwn(VERDICT_CLASS, verdict) ? (VERDICT_CLASS[verdict] ?? '') : '');

// A scenario comparing several writes has a column per write too (LPUSH / cut / pipeline:64).
const columnOf = (entry: ReconcileEntry, severalRtts: boolean): string =>
  `${entry.workload === undefined ? '' : `${entry.workload} / `}${entry.fault} / ${entry.mode}${severalRtts ? ` @ rtt=${entry.rttMs}ms` : ''}`;

/** Policy × (fault, mode) with each cell's verdict coloured; the reasons in the cell's title. */
export const verdictMatrix = (entries: readonly ReconcileEntry[]): Html => {
  const severalRtts = new Set(entries.map((e) => e.rttMs)).size > 1;
  const columns = [...new Set(entries.map((e) => columnOf(e, severalRtts)))];
  const policies = [...new Set(entries.map((e) => e.policy))];
  const rows = policies.map((policy) => [
    html`<code>${policy}</code>`,
    ...columns.map((column) => {
      const entry = entries.find((e) => e.policy === policy && columnOf(e, severalRtts) === column);
      if (entry === undefined) return raw('<span class="na">not run</span>');
      return html`<span class="verdict ${verdictClass(entry.verdict)}" title="${joined(entry.reasons, '; ')}">${entry.verdict}</span>`;
    }),
  ]);
  return table([entries.some((e) => e.workload !== undefined) ? 'policy \\ write / fault / mode' : 'policy \\ fault / mode', ...columns], rows, 'matrix');
};

// A request workload's figure from the registry (a count, or a latency in µs).
const requestCell = (name: string, e: ReconcileEntry): Html => {
  const spec = reconcileMetricByName(name);
  return spec?.unit === 'us' ? usCell(spec.read(e)) : countCell(spec?.read(e) ?? null);
};

export const reconcileTable = (entries: readonly ReconcileEntry[]): Html => {
  const withRequests = entries.some((e) => e.requests !== undefined);
  const requestColumns = [...(withRequests ? REQUEST_ROW_COLUMNS : []), ...(entries.some((e) => e.requests?.batching !== undefined) ? REQUEST_BATCH_COLUMNS : [])];
  return table(
    ['cell', 'verdict', 'runs', 'issued', 'acknowledged', 'applied', 'lost', 'duplicated', 'indeterminate', 'unexpected', 'fault fired', ...requestColumns.map(([, title]) => title.replace(' ms', '')), 'why'],
    entries.map((e) => [
      html`<code>${e.id}</code>`,
      html`<span class="verdict ${verdictClass(e.verdict)}">${e.verdict}</span>`,
      html`${figure(e.runs, String)}${e.consistent ? '' : raw(' <span class="bad">counts differ between runs (first run shown)</span>')}`,
      ...[e.counts.issued, e.counts.acknowledged, e.counts.applied, e.counts.lost, e.counts.duplicated, e.counts.indeterminate, e.counts.unexpected].map((n) => figure(n, String)),
      e.faultObserved ? 'yes' : raw('<span class="bad">no</span>'),
      ...requestColumns.map(([name]) => requestCell(name, e)),
      joined(e.reasons, '; '),
    ]),
  );
};

// An actual figure: a duration in the unit the threshold was written in (ms for "p(99) < 20ms").
const actualText = (t: Pick<ThresholdResult, 'metric' | 'writtenUnit'>, actual: unknown): unknown => {
  if (actual === null) return 'not measured';
  if (typeof actual !== 'number') return actual;
  const written = inWrittenUnit(t, actual);
  return written === undefined ? String(Number(actual.toPrecision(4))) : `${Number(written.value.toPrecision(4))} ${written.unit}`;
};

export const passMark = (pass: unknown): Html => (pass === true ? raw('<span class="pass">PASS</span>') : raw('<span class="fail">FAIL</span>'));

export const thresholdsList = (result: LabResult): Html =>
  result.thresholds.length === 0
    ? raw('<p class="na">The scenario sets no thresholds.</p>')
    : html`<ul class="thresholds">${result.thresholds.map(
        (t) =>
          html`<li>${passMark(t.pass)} <code>${t.source}</code><ul>${t.checked.map(
            (c) => html`<li>${c.pass === true ? 'ok' : raw('<b class="fail">failed</b>')} <code>${c.configId}</code>: ${t.metric} ${actualText(t, c.actual)}</li>`,
          )}</ul></li>`,
      )}</ul>`;

export const textList = (items: readonly unknown[], empty: string): Html =>
  items.length === 0 ? html`<p class="na">${empty}</p>` : html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`;
