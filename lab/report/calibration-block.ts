// The calibration block: per link, what was asked for against what PING through the proxy measured.

import type { Calibration } from '../contracts/index.ts';
import { paint } from './ansi.ts';
import { fixed } from './format.ts';
import { droppedNote, fitGrid } from './grid.ts';
import type { Column, GridRow } from './grid.ts';
import { wrapNote } from './wrap.ts';

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

export const renderCalibration = (calibration: readonly Calibration[], color: boolean, width: number): string[] => {
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
