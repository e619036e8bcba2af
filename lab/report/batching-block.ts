// The batching block (issue 27): per batched config, what its requests waited for their batch to
// fill against what the window, the size and the rate predict, why the batches left, and how big
// they were. Request latency and the achieved rate, the other side of the trade-off, are in the
// Requests block.

import type { BatchingResult, ConfigResult } from '../contracts/index.ts';
import { configLabeller, groupedRows } from './configs-block.ts';
import { fixed, formatCount, formatLatencyUs } from './figures.ts';
import { droppedNote, fitGrid, type Cell, type Column } from './grid.ts';
import { paint, wrapNote } from './terminal-style.ts';

const COLUMNS: Column[] = [
  { header: 'config', align: 'left' },
  { header: 'predicted', align: 'right' },
  { header: 'by', align: 'left', dropPriority: 3 },
  { header: 'mean wait', align: 'right' },
  { header: 'late', align: 'right', dropPriority: 2 },
  { header: 'wait p99', align: 'right' },
  { header: 'timer/size', align: 'right' },
  { header: 'cmds/batch', align: 'right', dropPriority: 1 },
];

const LEGEND = [
  'wait: from a request\'s scheduled arrival until its batch left (n/a: none and auto, whose wait is in the request latency only); predicted: the mean at constant arrivals, about W/2 when the timer sends, B/(2 x rate) when the size does',
  'late: the generator\'s mean lateness, part of every wait (the lab\'s CPU, not the batcher); timer/size: batches the window\'s timer sent / that reached the size',
];

const NA: Cell = { text: 'n/a', style: 'dim' };
const us = (value: number | null): Cell => (value === null ? NA : { text: formatLatencyUs(value) });

const cells = (label: string, b: BatchingResult): Cell[] => [
  { text: label },
  us(b.predictedMeanWaitUs),
  b.predictedFlushBy === null ? NA : { text: b.predictedFlushBy, style: 'dim' },
  us(b.meanWaitUs),
  b.meanLateUs === null ? NA : { text: formatLatencyUs(b.meanLateUs), style: 'dim' },
  us(b.waitUs?.p99 ?? null),
  b.timerFlushes === null || b.sizeFlushes === null ? NA : { text: `${formatCount(b.timerFlushes)}/${formatCount(b.sizeFlushes)}` },
  b.meanBatchCommands === null ? NA : { text: fixed(b.meanBatchCommands, 1) },
];

/** The block, or nothing when no config was batched. */
export const renderBatching = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const batched = configs.filter((c) => c.batching !== undefined);
  if (batched.length === 0) return [];
  const title = `${paint('Batching', 'bold', color)} ${paint('(the wait to fill a batch, over verified runs)', 'dim', color)}`;
  const { label } = configLabeller(batched);
  const rows = groupedRows(batched, (c) => ({ kind: 'cells', cells: cells(label(c), c.batching as BatchingResult) }));
  const { lines, dropped } = fitGrid(COLUMNS, rows, color, width);
  const notes = wrapNote(LEGEND, width - 2);
  return [title, ...lines, ...droppedNote(dropped, width, color), ...notes.map((line) => paint(`  ${line}`, 'dim', color))];
};
