// The configs table and the lines under it that explain failed runs and errors that did not
// fit their cell; and how a config is named in the tables: configs are grouped under a link
// heading (direct first, then rtt, jitter, bandwidth), and each row is labelled by its mode plus
// only the axes that vary in this result (from the registry's CONFIG_AXES), so a row reads
// "pipeline:64 c=4" instead of the full id.

import { CONFIG_AXES, configMode, modeLabel, runCounts, type Bandwidth, type ConfigAxis, type ConfigResult } from '../contracts/index.ts';
import { errorsCellText, errorsText, formatLatencyUs, formatMB, formatMs, formatOps, formatRatio, orNa, signed } from './figures.ts';
import { droppedNote, fitGrid, left, right, type Cell, type Column, type GridRow } from './grid.ts';
import { hangWrap, paint, wrapNote } from './terminal-style.ts';

// --- row labels and link groups -------------------------------------------------------------

// A row label's axes: every axis of the registry but the mode (which leads the label) and the
// link's (the group heading names those).
const LINK_FIELDS: ReadonlySet<ConfigAxis['field']> = new Set(['mode', 'link', 'rttMs', 'jitterMs', 'bandwidthKBps']);
const ROW_AXES = CONFIG_AXES.filter((axis) => !LINK_FIELDS.has(axis.field));

// The axes on which at least two configs differ.
const varyingAxes = (configs: readonly ConfigResult[]): ConfigAxis[] =>
  ROW_AXES.filter((axis) => new Set(configs.map(axis.label)).size > 1);

/** Labels rows by mode plus the varying axes; `legend` explains the abbreviations it used, and
 * `common` names the axes equal on every row once, for the block's heading. */
export const configLabeller = (configs: readonly ConfigResult[]) => {
  const axes = varyingAxes(configs);
  const first = configs[0];
  return {
    label: (config: ConfigResult): string => [modeLabel(configMode(config)), ...axes.map((axis) => axis.label(config))].filter((text) => text !== '').join(' '),
    legend: axes.map((axis) => axis.legend).filter((text) => text !== ''),
    common: first === undefined ? [] : ROW_AXES.filter((axis) => !axes.includes(axis) && axis.field !== 'commands').map((axis) => axis.label(first)).filter((text) => text !== '' && !text.endsWith('=-')),
  };
};

const bandwidthText = (bw: Bandwidth): string => {
  if (bw.upKBps === null && bw.downKBps === null) return '';
  const cap = (kbps: number | null) => (kbps === null ? 'uncapped' : `${kbps} KB/s`);
  return `, bandwidth up ${cap(bw.upKBps)} / down ${cap(bw.downKBps)}`;
};

/** The heading of a config's link group: "direct (no proxy)" or "rtt 10 ms, jitter 2 ms, bandwidth ...". */
const linkHeading = (config: ConfigResult): string =>
  config.link === 'direct'
    ? 'direct (no proxy)'
    : `rtt ${config.rttMs} ms${config.jitterMs === 0 ? '' : `, jitter ${config.jitterMs} ms`}${bandwidthText(config.bandwidth)}`;

// Uncapped sorts before any cap: it is the baseline.
const capOrder = (kbps: number | null): number => (kbps === null ? -1 : kbps);

// Direct first, then rtt, jitter, upstream and downstream bandwidth; stable within a link.
const compareLinks = (a: ConfigResult, b: ConfigResult): number =>
  (a.link === 'direct' ? 0 : 1) - (b.link === 'direct' ? 0 : 1) ||
  a.rttMs - b.rttMs ||
  a.jitterMs - b.jitterMs ||
  capOrder(a.bandwidth.upKBps) - capOrder(b.bandwidth.upKBps) ||
  capOrder(a.bandwidth.downKBps) - capOrder(b.bandwidth.downKBps);

/** Configs in link order, each group under a bold heading row, each config as `rowOf` makes it. */
export const groupedRows = (
  configs: readonly ConfigResult[],
  rowOf: (config: ConfigResult) => GridRow,
): GridRow[] => {
  const rows: GridRow[] = [];
  let lastHeading: string | undefined;
  for (const config of [...configs].sort(compareLinks)) {
    const heading = linkHeading(config);
    if (heading !== lastHeading) rows.push({ kind: 'heading', text: heading, style: 'bold' });
    lastHeading = heading;
    rows.push(rowOf(config));
  }
  return rows;
};

// --- the configs block ------------------------------------------------------------------------
/** Widest errors cell (narrower on a narrow terminal); kinds that do not fit go to the "Errors by kind" lines. */
const errorsCellChars = (width: number): number => (width >= 100 ? 24 : 14);

const COLUMNS: Column[] = [
  left('config'),
  right('median ms'),
  right('min-max ms', 6),
  right('ops/s', 7),
  // p50 outlives p99 (a tail without its middle misleads), and the model's ratio outlives both.
  right('p50', 4),
  right('p99', 5),
  right('p99.9', 8),
  right('waits', 12),
  right('model ms', 10),
  right('ratio', 2),
  right('RSS MB', 9),
  right('heap+ MB', 11),
  left('errors', 1),
  right('verified'),
];

const LEGEND = [
  'median, min-max: whole-run time over verified runs',
  'ops/s: commands / median',
  'p50, p99, p99.9: per-command latency (a pipelined command waits for its whole batch)',
  'waits: round trips one connection waited on',
  'model: RTT cost model, ratio: median / model',
  'RSS: client peak RSS, heap+: V8 heap growth during the runs (MB = 10^6 bytes)',
  'errors: reply and connection errors over the measured runs, by kind',
];

// A config counts as failed when any measured run did not verify (on the redis-benchmark
// engine: did not complete), or none ran at all.
export const failedVerification = (config: ConfigResult): boolean =>
  config.runs.length === 0 || config.runs.some((run) => !runCounts(run));

// "3/3" for a clean config, "FAILED 1/3" (verified/measured) for one that is not; the C engine's
// completed runs are never called verified: "not verified: C engine 3/3".
const verifiedCell = (config: ConfigResult): Cell => {
  const counts = `${config.runs.filter(runCounts).length}/${config.runs.length}`;
  if (failedVerification(config)) return { text: `FAILED ${counts}`, style: 'fail' };
  return config.engine === undefined ? { text: counts, style: 'pass' } : { text: `not verified: C engine ${counts}`, style: 'dim' };
};

const LEGEND_C_FIRST = 'median, min-max: whole-run time over verified runs (C engine: completed runs, its own clock)';
const C_ENGINE_LEGEND =
  'not verified: C engine n/m: redis-benchmark ran these configs; it checks no reply one by one, so n of m runs completed (exit 0; it stops at the first error reply; the server executed the run\'s commands) and none is verified; p99.9, RSS and heap are not measured; p50, p99 are its own, of the median run';

const errorsCell = (config: ConfigResult, maxChars: number): Cell => {
  const { text } = errorsCellText(config.errorsByKind, maxChars);
  return text === '0' ? { text, style: 'dim' } : { text, style: 'fail' };
};

const spreadText = (config: ConfigResult): string =>
  config.minMs === null || config.maxMs === null ? 'n/a' : `${formatMs(config.minMs)}-${formatMs(config.maxMs)}`;

// Percentiles over fewer waits than they need: p99 over fewer than 100 timed waits (a batch is
// one wait) is the slowest of them, marked with a "*" and counted under the table.
const NEEDS: Record<'p99' | 'p999', number> = { p99: 100, p999: 1000 };
const tooFewWaits = (config: ConfigResult, p: 'p99' | 'p999'): boolean =>
  config.latencyUs?.waits !== undefined && config.latencyUs.waits < NEEDS[p];

const percentileText = (config: ConfigResult, p: 'p99' | 'p999'): string =>
  orNa(config.latencyUs?.[p], formatLatencyUs) + (tooFewWaits(config, p) ? '*' : '');

// "* the slowest of n timed waits ...: pipeline:256 6, pipeline:64 24" (each label once).
const fewWaitsNote = (configs: readonly ConfigResult[], label: (c: ConfigResult) => string): string[] => {
  const marked = configs.filter((c) => tooFewWaits(c, 'p999'));
  if (marked.length === 0) return [];
  const counts = new Map<string, Set<number>>();
  for (const c of marked) counts.set(label(c), (counts.get(label(c)) ?? new Set()).add(c.latencyUs?.waits ?? 0));
  const listed = [...counts].map(([name, ns]) => `${name} ${[...ns].join('/')}`).join(', ');
  return [`*: over fewer than 100 (p99) or 1000 (p99.9) timed waits (a batch is one wait) the percentile is the slowest wait; waits timed: ${listed}`];
};

const configRow = (label: string, config: ConfigResult, errorsChars: number): GridRow => ({
  kind: 'cells',
  cells: [
    { text: label },
    { text: orNa(config.medianMs, formatMs) },
    { text: spreadText(config), style: 'dim' },
    { text: orNa(config.opsPerSec, formatOps) },
    { text: orNa(config.latencyUs?.p50, formatLatencyUs) },
    { text: percentileText(config, 'p99') },
    { text: percentileText(config, 'p999'), style: 'dim' },
    { text: String(config.waits), style: 'dim' },
    { text: orNa(config.modelMs, formatMs), style: 'dim' },
    { text: orNa(config.modelRatio, formatRatio) },
    { text: orNa(config.clientPeakRssBytes, formatMB) },
    { text: orNa(config.clientHeapGrowthBytes, (bytes) => signed(formatMB(bytes))), style: 'dim' },
    errorsCell(config, errorsChars),
    verifiedCell(config),
  ],
});

// "2048" or "1024, 2048": the commands per run the configs used.
const commandsText = (configs: readonly ConfigResult[]): string =>
  [...new Set(configs.map((c) => c.commands))].join(', ');

export const renderConfigs = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const { label, legend, common } = configLabeller(configs);
  const every = common.length === 0 ? '' : `every row: ${common.join(' ')}`;
  const perRun = `${commandsText(configs)} commands per run`;
  const oneLine = `Configs (${perRun}${every === '' ? '' : `; ${every}`})`;
  const title = oneLine.length <= width || every === ''
    ? [`${paint('Configs', 'bold', color)} ${paint(oneLine.slice('Configs '.length), 'dim', color)}`]
    : [`${paint('Configs', 'bold', color)} ${paint(`(${perRun})`, 'dim', color)}`, ...hangWrap(`  ${every}`, width).map((line) => paint(line, 'dim', color))];
  if (configs.length === 0) return [...title, '  none'];
  const { lines, dropped } = fitGrid(COLUMNS, groupedRows(configs, (c) => configRow(label(c), c, errorsCellChars(width))), color, width);
  const onEngine = configs.some((c) => c.engine !== undefined);
  const legendLines = onEngine ? [LEGEND_C_FIRST, ...LEGEND.slice(1), C_ENGINE_LEGEND] : LEGEND;
  const notes = wrapNote([...legendLines, ...legend, ...fewWaitsNote(configs, label)], width - 2).map((line) => paint(`  ${line}`, 'dim', color));
  return [...title, ...lines, ...droppedNote(dropped, width, color), ...notes];
};

// One line per run that did not verify, with its reason, so a FAILED cell is never unexplained.
export const renderFailures = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const lines = configs.filter(failedVerification).flatMap((config) =>
    config.runs.length === 0
      ? [`  ${config.id}: no measured run completed`]
      : config.runs.flatMap((run, i) =>
          run.verified
            ? []
            : [`  ${config.id} run ${i + 1}/${config.runs.length}: ${run.failure ?? 'not verified (no reason recorded)'}`],
        ),
  );
  return lines.length === 0 ? [] : [paint('Verification failures', 'fail', color), ...lines.flatMap((line) => hangWrap(line, width))];
};

// Every kind for configs whose errors cell had to leave some out.
export const renderErrorKinds = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const lines = configs
    .filter((config) => !errorsCellText(config.errorsByKind, errorsCellChars(width)).complete)
    .map((config) => `  ${config.id}: ${errorsText(config.errorsByKind)}`);
  return lines.length === 0 ? [] : [paint('Errors by kind', 'fail', color), ...lines.flatMap((line) => hangWrap(line, width))];
};
