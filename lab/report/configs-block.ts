// The configs table, grouped by link, and the lines under it that explain failed runs and
// errors that did not fit their cell.

import type { ConfigResult } from '../contracts/index.ts';
import { paint } from './ansi.ts';
import { configLabeller, groupedRows } from './config-label.ts';
import { errorsCellText, errorsText } from './errors-text.ts';
import { formatLatencyUs, formatMB, formatMs, formatOps, formatRatio, orNa, signed } from './format.ts';
import { droppedNote, fitGrid } from './grid.ts';
import type { Cell, Column, GridRow } from './grid.ts';
import { hangWrap, wrapNote } from './wrap.ts';

/** Widest errors cell (narrower on a narrow terminal); kinds that do not fit go to the "Errors by kind" lines. */
const errorsCellChars = (width: number): number => (width >= 100 ? 24 : 14);

const COLUMNS: Column[] = [
  { header: 'config', align: 'left' },
  { header: 'median ms', align: 'right' },
  { header: 'min-max ms', align: 'right', dropPriority: 3 },
  { header: 'ops/s', align: 'right', dropPriority: 5 },
  { header: 'p50', align: 'right', dropPriority: 6 },
  { header: 'p99', align: 'right', dropPriority: 2 },
  { header: 'p99.9', align: 'right', dropPriority: 8 },
  { header: 'waits', align: 'right', dropPriority: 12 },
  { header: 'model ms', align: 'right', dropPriority: 10 },
  { header: 'ratio', align: 'right', dropPriority: 4 },
  { header: 'RSS MB', align: 'right', dropPriority: 9 },
  { header: 'heap+ MB', align: 'right', dropPriority: 11 },
  { header: 'errors', align: 'left', dropPriority: 1 },
  { header: 'verified', align: 'right' },
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

// A config counts as failed when any measured run did not verify (or none ran at all).
export const failedVerification = (config: ConfigResult): boolean =>
  config.runs.length === 0 || config.runs.some((run) => !run.verified);

// "3/3" for a clean config, "FAILED 1/3" (verified/measured) for one that is not.
const verifiedCell = (config: ConfigResult): Cell => {
  const verified = config.runs.filter((run) => run.verified).length;
  const counts = `${verified}/${config.runs.length}`;
  return failedVerification(config) ? { text: `FAILED ${counts}`, style: 'fail' } : { text: counts, style: 'pass' };
};

const errorsCell = (config: ConfigResult, maxChars: number): Cell => {
  const { text } = errorsCellText(config.errorsByKind, maxChars);
  return text === '0' ? { text, style: 'dim' } : { text, style: 'fail' };
};

const spreadText = (config: ConfigResult): string =>
  config.minMs === null || config.maxMs === null ? 'n/a' : `${formatMs(config.minMs)}-${formatMs(config.maxMs)}`;

const configRow = (label: string, config: ConfigResult, errorsChars: number): GridRow => ({
  kind: 'cells',
  cells: [
    { text: label },
    { text: orNa(config.medianMs, formatMs) },
    { text: spreadText(config), style: 'dim' },
    { text: orNa(config.opsPerSec, formatOps) },
    { text: orNa(config.latencyUs?.p50, formatLatencyUs) },
    { text: orNa(config.latencyUs?.p99, formatLatencyUs) },
    { text: orNa(config.latencyUs?.p999, formatLatencyUs), style: 'dim' },
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
  const title = `${paint('Configs', 'bold', color)} ${paint(`(${commandsText(configs)} commands per run)`, 'dim', color)}`;
  if (configs.length === 0) return [title, '  none'];
  const { label, legend } = configLabeller(configs);
  const { lines, dropped } = fitGrid(COLUMNS, groupedRows(configs, (c) => configRow(label(c), c, errorsCellChars(width))), color, width);
  const notes = wrapNote([...LEGEND, ...legend], width - 2).map((line) => paint(`  ${line}`, 'dim', color));
  return [title, ...lines, ...droppedNote(dropped, width, color), ...notes];
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
