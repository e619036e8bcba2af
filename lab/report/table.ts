// The result as a plain-text report for stdout: the header (what ran, where, with which
// versions), the calibration (per link, what was asked for against what PING measured), the
// blocks of the other files, warnings and the overall verdict. It renders a LabResult and
// never measures.

import type { Calibration, LabResult } from '../contracts/index.ts';
import { failedVerification, renderConfigs, renderErrorKinds, renderFailures } from './configs-block.ts';
import { fixed, formatDuration } from './figures.ts';
import { droppedNote, fitGrid, type Column, type GridRow } from './grid.ts';
import { unexpectedSaturation } from '../metrics/index.ts';
import { printableData } from './printable.ts';
import { renderReconcile } from './reconcile-block.ts';
import { renderRequests } from './requests-block.ts';
import { renderSlo } from './slo-block.ts';
import { renderAdvice } from './advise-block.ts';
import { renderBystander } from './bystander-block.ts';
import { renderBatching } from './batching-block.ts';
import { renderServer } from './server-block.ts';
import { renderServerClosed } from './server-closed-block.ts';
import { renderTimeAttribution } from './time-block.ts';
import { hangWrap, paint, passFail, wrapNote } from './terminal-style.ts';
import { renderThresholds } from './thresholds-block.ts';
import { renderTopology } from './topology-block.ts';
import { renderPerNode } from './per-node-block.ts';

// --- header -------------------------------------------------------------------------------

// Which images ran and whether they were the pinned upstream ones or the offline builds.
const imagesText = (result: LabResult): string =>
  result.images === undefined
    ? result.runtime === 'external'
      ? 'none (an external target the lab did not start)'
      : 'none (local processes)'
    : `${result.images.redis}, ${result.images.toxiproxy} (${result.images.source})`;

// "Scenario: name - description" on one line when it fits, else the description wrapped below.
const scenarioLines = (result: LabResult, color: boolean, width: number): string[] => {
  const { name, description } = result.scenario;
  const head = `${paint('Scenario:', 'bold', color)} ${name}`;
  if (description === '') return [head];
  const oneLine = `Scenario: ${name} - ${description}`;
  if (oneLine.length <= width) return [`${head} ${paint('-', 'dim', color)} ${description}`];
  return [head, ...wrapNote([description], width - 2).map((line) => `  ${line}`)];
};

// The C engine, when it drove the configs: its version, and that its runs are not verified.
const engineLines = (result: LabResult, label: (text: string) => string): string[] => {
  const engine = result.configs.find((c) => c.engine !== undefined)?.engine;
  return engine === undefined ? [] : [`${label('engine:')} redis-benchmark ${engine.version} (a C client; replies not verified one by one)`];
};

// The external runtime's target: where it ran, and whether the lab had the database to itself.
const targetText = ({ target }: LabResult): string => {
  if (target === undefined) return '';
  const keys = target.keyPrefix === null ? 'declared disposable (FLUSHDB before each run)' : `shared: keys under ${target.keyPrefix} only, ${target.keysRemoved ?? 'unknown'} deleted at the end`;
  return ` (Redis ${target.redis}, Toxiproxy ${target.toxiproxyApiUrl}; ${keys})`;
};

const renderHeader = (result: LabResult, color: boolean, width: number): string[] => {
  const { scenario, versions } = result;
  const label = (text: string): string => paint(text, 'dim', color);
  return [
    ...scenarioLines(result, color, width),
    ...(scenario.file === undefined ? [] : [`${label('file:')} ${scenario.file}`]),
    `${label('runtime:')} ${result.runtime}${targetText(result)}`,
    `${label('images:')} ${imagesText(result)}`,
    `${label('versions:')} redis ${versions.redis}, toxiproxy ${versions.toxiproxy}, node ${versions.node}, ioredis ${versions.ioredis}`,
    ...engineLines(result, label),
    `${label('started:')} ${result.startedAt}  ${label('took:')} ${formatDuration(result.durationMs)}  ${label('seed:')} ${result.seed}`,
  ];
};

// --- calibration --------------------------------------------------------------------------

const COLUMNS: Column[] = [
  { header: 'rtt ms', align: 'right' },
  { header: 'jitter ms', align: 'right' },
  { header: 'cap up/down', align: 'right', dropPriority: 5 },
  { header: 'toxics up/down ms', align: 'right', dropPriority: 3 },
  { header: 'PING ms', align: 'right' },
  { header: 'baseline ms', align: 'right', dropPriority: 2 },
  { header: 'added ms', align: 'right' },
  { header: 'p10-p90 ms', align: 'right', dropPriority: 1 },
  { header: 'samples', align: 'right', dropPriority: 4 },
];

// The cap each direction had after calibration (PING itself is measured uncapped).
const rate = (kbps: number | null): string => (kbps === null ? '-' : `${kbps} KB/s`);
const capText = (c: Calibration): string =>
  c.bandwidth.upKBps === null && c.bandwidth.downKBps === null ? '-' : `${rate(c.bandwidth.upKBps)}/${rate(c.bandwidth.downKBps)}`;

// One calibrated link as a row; measured PING figures with 2 decimals.
const calibrationRow = (c: Calibration): GridRow => ({
  kind: 'cells',
  cells: [
    { text: String(c.requestedRttMs) },
    { text: String(c.jitterMs) },
    { text: capText(c), style: 'dim' },
    { text: `${c.upstreamLatencyMs}/${c.downstreamLatencyMs}`, style: 'dim' },
    { text: fixed(c.measuredMs, 2) },
    { text: fixed(c.baselineMs, 2), style: 'dim' },
    { text: fixed(c.addedMs, 2) },
    { text: `${fixed(c.p10Ms, 2)}-${fixed(c.p90Ms, 2)}`, style: 'dim' },
    { text: String(c.samples), style: 'dim' },
  ],
});

const renderCalibration = (calibration: readonly Calibration[], color: boolean, width: number): string[] => {
  const title = `${paint('Calibration', 'bold', color)} ${paint('(median PING via the proxy; added = PING - direct, compare with rtt)', 'dim', color)}`;
  if (calibration.length === 0) return [title, '  none'];
  const sorted = [...calibration].sort((a, b) => a.requestedRttMs - b.requestedRttMs || a.jitterMs - b.jitterMs);
  const { lines, dropped } = fitGrid(COLUMNS, sorted.map(calibrationRow), color, width);
  const note = wrapNote(
    [
      "toxics up/down: latency configured per direction; calibration lowers it where Toxiproxy's timers overshoot; cap: bandwidth cap applied after PING was measured without it",
    ],
    width - 2,
  );
  return [title, ...lines, ...droppedNote(dropped, width, color), ...note.map((line) => paint(`  ${line}`, 'dim', color))];
};

// --- the whole report ---------------------------------------------------------------------
/** Default terminal width the tables are fitted to. */
const DEFAULT_TABLE_WIDTH = 120;

export interface TableOptions {
  /** ANSI colors (green pass, red fail, yellow warn, dim secondary); false writes no escape code at all. */
  color: boolean;
  /** Columns the tables must fit: the least important columns are left out (and named) to fit.
   * @default 120 */
  width?: number;
}

// Why the overall verdict is FAIL, counted from the result itself.
const failureReasons = (result: LabResult): string[] => {
  const failedConfigs = result.configs.filter(failedVerification).length;
  const failedThresholds = result.thresholds.filter((t) => !t.pass).length;
  const saturated = result.configs.filter((c) => unexpectedSaturation(c, result.thresholds)).length;
  return [
    ...(failedConfigs > 0 ? [`${failedConfigs} config(s) failed verification`] : []),
    ...(saturated > 0 ? [`${saturated} open-loop config(s) saturated at a constant rate (not a ramp, no threshold on saturated)`] : []),
    ...(failedThresholds > 0 ? [`${failedThresholds} threshold(s) failed`] : []),
  ];
};

const renderOverall = (result: LabResult, color: boolean): string => {
  const reasons = failureReasons(result);
  const detail = !result.pass && reasons.length > 0 ? ` (${reasons.join('; ')})` : '';
  return `${paint('Overall:', 'bold', color)} ${passFail(result.pass, color)}${detail}`;
};

// What a "within noise" warning means and what to do about it, said once under the warnings.
const NOISE_NOTE =
  'within noise: some run of the faster config took longer than some run of the slower one, so the ' +
  "runs vary more than the medians differ and the order of the two is not established; more runs " +
  '(repeat), fewer other processes on the machine, or a longer run (more commands) would settle it. ' +
  'Pairs the RTT model expects to be equal within their spread (the same mode on two links) are not listed.';

// Things that make a figure less than it seems, stated before the verdict.
const renderWarnings = (warnings: readonly string[], color: boolean, width: number): string[] =>
  warnings.length === 0
    ? []
    : [
        paint('Warnings:', 'warn', color),
        ...warnings.flatMap((line) => hangWrap(`  ! ${line}`, width).map((text) => text.replace(/^ {2}!/, `  ${paint('!', 'warn', color)}`))),
        ...(warnings.some((line) => line.includes('min-max spreads overlap'))
          ? wrapNote([NOISE_NOTE], width - 2).map((line) => paint(`  ${line}`, 'dim', color))
          : []),
      ];

const renderNotMeasured = (notMeasured: readonly string[], color: boolean, width: number): string[] =>
  notMeasured.length === 0
    ? []
    : [paint('Not measured:', 'dim', color), ...notMeasured.flatMap((line) => hangWrap(`  - ${line}`, width).map((text) => paint(text, 'dim', color)))];

/** The whole report, sections separated by blank lines, ending with a newline. Every string of
 * the result is shown printable (control characters as escapes, printable.ts): a result file or
 * a server reply cannot drive the terminal; the only escape codes are the table's own colours. */
export const renderTable = (given: LabResult, opts: TableOptions): string => {
  const result = printableData(given);
  const { color } = opts;
  const width = Math.max(40, Math.floor(opts.width ?? DEFAULT_TABLE_WIDTH));
  const sections = [
    renderHeader(result, color, width),
    // A topology result calibrates each of its links: they are in the Topology block.
    result.topology === undefined ? renderCalibration(result.calibration, color, width) : [],
    // A fault scenario judges correctness and measures no configs: no empty Configs block.
    result.configs.length === 0 && (result.reconcile !== undefined || result.topology !== undefined) ? [] : renderConfigs(result.configs, color, width),
    renderRequests(result.configs, color, width),
    renderBatching(result.configs, color, width),
    renderSlo(result.configs, color, width),
    renderAdvice(result.configs, color, width),
    renderPerNode(result.configs, color, width),
    renderBystander(result.configs, color, width),
    renderFailures(result.configs, color, width),
    renderErrorKinds(result.configs, color, width),
    renderServerClosed(result.configs, color, width),
    renderTimeAttribution(result.configs, color, width),
    renderServer(result.configs, result.versions.redis, color, width),
    renderReconcile(result.reconcile, color, width),
    renderTopology(result, color, width),
    renderThresholds(result.thresholds, color),
    renderWarnings(result.warnings, color, width),
    [renderOverall(result, color)],
    renderNotMeasured(result.notMeasured, color, width),
  ].filter((lines) => lines.length > 0);
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
};
