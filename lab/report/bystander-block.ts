// The bystander block (issue 27): per config and per bystander (in the lab's process, in a child
// process), its latency alone and while the config's runs ran, the p99 ratio between the two,
// and the longest stall of the lab's event loop during the runs: what the workload cost a light
// client beside it, and which part of that was the lab's own process.

import type { BystanderSideResult, ConfigResult, LatencySummaryUs } from '../contracts/index.ts';
import { configLabeller, groupedRows } from './configs-block.ts';
import { fixed, formatCount, formatLatencyUs } from './figures.ts';
import { droppedNote, fitGrid, type Cell, type Column, type GridRow } from './grid.ts';
import { paint, wrapNote } from './terminal-style.ts';

const COLUMNS: Column[] = [
  { header: 'config', align: 'left' },
  { header: 'process', align: 'left' },
  { header: 'alone p50', align: 'right', dropPriority: 2 },
  { header: 'alone p99', align: 'right' },
  { header: 'during p50', align: 'right', dropPriority: 3 },
  { header: 'during p99', align: 'right' },
  { header: 'p99 ×', align: 'right' },
  { header: 'loop max', align: 'right', dropPriority: 1 },
  { header: 'errors', align: 'right' },
];

const LEGEND = [
  'a GET at a fixed rate on its own connection through the same link, latency from when it was due (open loop); alone: right after each run, for as long as it took',
  'same: in the lab\'s process (waits behind its event loop and the server); other: a child Node process (behind the server only)',
  'p99 ×: during p99 / alone p99; loop max: the longest the lab\'s event loop stood still during the runs (building a batch, parsing its replies)',
];

const NA: Cell = { text: 'n/a', style: 'dim' };
const latency = (summary: LatencySummaryUs | null | undefined, pick: 'p50' | 'p99'): Cell =>
  summary === null || summary === undefined ? NA : { text: formatLatencyUs(summary[pick]) };

const sideRow = (label: string, side: BystanderSideResult, loopMaxMs: number | null): GridRow => ({
  kind: 'cells',
  cells: [
    { text: label },
    { text: side.process },
    latency(side.baselineLatencyUs, 'p50'),
    latency(side.baselineLatencyUs, 'p99'),
    latency(side.duringLatencyUs, 'p50'),
    latency(side.duringLatencyUs, 'p99'),
    side.p99Ratio === null ? NA : { text: `${fixed(side.p99Ratio, side.p99Ratio < 10 ? 2 : 0)}×`, ...(side.p99Ratio > 2 ? { style: 'warn' as const } : {}) },
    loopMaxMs === null || side.process === 'other' ? NA : { text: `${fixed(loopMaxMs, 1)} ms`, style: 'dim' },
    { text: formatCount(side.errors), style: side.errors > 0 ? 'fail' : 'dim' },
  ],
});

/** The block, or nothing when the scenario had no bystander. */
export const renderBystander = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const measured = configs.filter((c) => c.bystander !== undefined);
  const first = measured[0]?.bystander;
  if (first === undefined) return [];
  const title = `${paint('Bystander', 'bold', color)} ${paint(`(${first.command} at ${formatCount(first.ratePerSec)}/s beside each config's runs, and alone)`, 'dim', color)}`;
  const { label } = configLabeller(measured);
  // One row per bystander: groupedRows places each config's first; its second follows it.
  const seconds = new Map<GridRow, GridRow>();
  const rowsOf = (c: ConfigResult): GridRow[] => {
    const { same, other, eventLoopMaxBlockMs } = c.bystander ?? { eventLoopMaxBlockMs: null };
    return [same, other].flatMap((side) => (side === undefined ? [] : [sideRow(label(c), side, eventLoopMaxBlockMs)]));
  };
  const firsts = groupedRows(measured, (c) => {
    const [row, second] = rowsOf(c);
    if (row !== undefined && second !== undefined) seconds.set(row, second);
    return row ?? { kind: 'cells', cells: [] };
  });
  const rows = firsts.flatMap((row) => [row, ...(seconds.has(row) ? [seconds.get(row) as GridRow] : [])]);
  const { lines, dropped } = fitGrid(COLUMNS, rows, color, width);
  const notes = wrapNote(LEGEND, width - 2);
  return [title, ...lines, ...droppedNote(dropped, width, color), ...notes.map((line) => paint(`  ${line}`, 'dim', color))];
};
