// The configs table, grouped by link, and the list of runs that failed verification.

import type { ConfigResult } from '../run/result.ts';
import { modeLabel } from '../scenario/types.ts';
import { modeOfConfig } from '../metrics/index.ts';
import { paint } from './ansi.ts';
import { fixed, formatMs, formatOps, formatUsAsMs, orNa } from './format.ts';
import { renderGrid } from './grid.ts';
import type { Cell, Column, GridRow } from './grid.ts';

const COLUMNS: Column[] = [
  { header: 'config', align: 'left' },
  { header: 'waits', align: 'right' },
  { header: 'median ms', align: 'right' },
  { header: 'min-max ms', align: 'right' },
  { header: 'ops/s', align: 'right' },
  { header: 'model ms', align: 'right' },
  { header: 'meas/model', align: 'right' },
  { header: 'p50 ms', align: 'right' },
  { header: 'p99 ms', align: 'right' },
  { header: 'max ms', align: 'right' },
  { header: 'verified', align: 'right' },
];

const LEGEND = [
  'median, min-max, model: whole-run time over verified runs; meas/model: median / RTT cost model;',
  'p50, p99, max: per-command latency (a pipelined command waits for its whole batch).',
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

// The measured/model ratio: how far the link's waiting explains the run time.
const ratioText = (config: ConfigResult): string =>
  config.medianMs === null || config.modelMs === null || config.modelMs <= 0
    ? 'n/a'
    : fixed(config.medianMs / config.modelMs, 2);

const configRow = (config: ConfigResult): GridRow => ({
  kind: 'cells',
  cells: [
    { text: modeLabel(modeOfConfig(config)) },
    { text: String(config.waits) },
    { text: orNa(config.medianMs, formatMs) },
    {
      text: config.minMs === null || config.maxMs === null ? 'n/a' : `${formatMs(config.minMs)}-${formatMs(config.maxMs)}`,
      style: 'dim',
    },
    { text: orNa(config.opsPerSec, formatOps) },
    { text: orNa(config.modelMs, formatMs), style: 'dim' },
    { text: ratioText(config) },
    { text: orNa(config.latencyUs?.p50, formatUsAsMs) },
    { text: orNa(config.latencyUs?.p99, formatUsAsMs) },
    { text: orNa(config.latencyUs?.max, formatUsAsMs), style: 'dim' },
    verifiedCell(config),
  ],
});

// Configs grouped by link (rtt, then jitter), each group under a heading line.
const groupedRows = (configs: readonly ConfigResult[]): GridRow[] => {
  const sorted = [...configs].sort((a, b) => a.rttMs - b.rttMs || a.jitterMs - b.jitterMs);
  const rows: GridRow[] = [];
  let lastKey = '';
  for (const config of sorted) {
    const key = `${config.rttMs}/${config.jitterMs}`;
    if (key !== lastKey) {
      const jitter = config.jitterMs === 0 ? '' : `, jitter ${config.jitterMs} ms`;
      rows.push({ kind: 'heading', text: `rtt ${config.rttMs} ms${jitter}`, style: 'bold' });
      lastKey = key;
    }
    rows.push(configRow(config));
  }
  return rows;
};

// "2048" or "1024, 2048": the commands per run the configs used.
const commandsText = (configs: readonly ConfigResult[]): string =>
  [...new Set(configs.map((c) => c.commands))].join(', ');

export const renderConfigs = (configs: readonly ConfigResult[], color: boolean): string[] => {
  const title = `${paint('Configs', 'bold', color)} ${paint(`(${commandsText(configs)} commands per run)`, 'dim', color)}`;
  if (configs.length === 0) return [title, '  none'];
  return [title, ...renderGrid(COLUMNS, groupedRows(configs), color), ...LEGEND.map((line) => paint(`  ${line}`, 'dim', color))];
};

// One line per run that did not verify, with its reason, so a FAILED cell is never unexplained.
export const renderFailures = (configs: readonly ConfigResult[], color: boolean): string[] => {
  const lines = configs.filter(failedVerification).flatMap((config) =>
    config.runs.length === 0
      ? [`  ${config.id}: no measured run completed`]
      : config.runs.flatMap((run, i) =>
          run.verified
            ? []
            : [`  ${config.id} run ${i + 1}/${config.runs.length}: ${run.failure ?? 'not verified (no reason recorded)'}`],
        ),
  );
  return lines.length === 0 ? [] : [paint('Verification failures', 'fail', color), ...lines];
};
