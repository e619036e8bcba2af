// The bystander block (issue 27): per config and per bystander (in the lab's process, in a child
// process), its latency alone and while the config's runs ran, the p99 ratio between the two,
// and the longest stall of the lab's event loop during the runs: what the workload cost a light
// client beside it, and which part of that was the lab's own process.

import type { BystanderResult, BystanderSideResult, ConfigResult, LatencySummaryUs } from '../contracts/index.ts';
import { configLabeller, groupedRows } from './configs-block.ts';
import { fixed, formatCount, formatLatencyUs } from './figures.ts';
import { gridBlock, left, right, type Cell, type GridRow } from './grid.ts';
import { paint } from './terminal-style.ts';

const COLUMNS = [
  left('config'),
  left('process'),
  right('alone p50', 2),
  right('alone p99'),
  right('during p50', 3),
  right('during p99'),
  right('p99 ×'),
  right('loop max', 1),
  right('errors'),
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

/** On a cluster: which primary the bystander stood on, and why. */
export const onNode = (node: BystanderResult['node']): string =>
  node === undefined ? '' : `; on ${node.name}, ${node.chosen === 'workload-slot' ? 'the node of the workload\'s one slot' : 'the node of its own key (the workload\'s keys are spread)'}`;

/** The block, or nothing when the scenario had no bystander. */
export const renderBystander = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const measured = configs.filter((c) => c.bystander !== undefined);
  const first = measured[0]?.bystander;
  if (first === undefined) return [];
  const title = `${paint('Bystander', 'bold', color)} ${paint(`(${first.command} at ${formatCount(first.ratePerSec)}/s beside each config's runs, and alone${onNode(first.node)})`, 'dim', color)}`;
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
  return gridBlock({ title, columns: COLUMNS, rows, legend: LEGEND }, color, width);
};
