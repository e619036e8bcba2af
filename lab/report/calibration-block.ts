// The calibration block: per link, what was asked for against what PING through the proxy measured.

import type { Calibration } from '../run/result.ts';
import { paint } from './ansi.ts';
import { fixed } from './format.ts';
import { renderGrid } from './grid.ts';
import type { Column, GridRow } from './grid.ts';

const COLUMNS: Column[] = [
  { header: 'rtt ms', align: 'right' },
  { header: 'jitter ms', align: 'right' },
  { header: 'toxics up/down ms', align: 'right' },
  { header: 'PING ms', align: 'right' },
  { header: 'baseline ms', align: 'right' },
  { header: 'added ms', align: 'right' },
  { header: 'p10-p90 ms', align: 'right' },
  { header: 'samples', align: 'right' },
];

// One calibrated link as a row; measured PING figures with 2 decimals.
const calibrationRow = (c: Calibration): GridRow => ({
  kind: 'cells',
  cells: [
    { text: String(c.requestedRttMs) },
    { text: String(c.jitterMs) },
    { text: `${c.upstreamLatencyMs}/${c.downstreamLatencyMs}`, style: 'dim' },
    { text: fixed(c.measuredMs, 2) },
    { text: fixed(c.baselineMs, 2), style: 'dim' },
    { text: fixed(c.addedMs, 2) },
    { text: `${fixed(c.p10Ms, 2)}-${fixed(c.p90Ms, 2)}`, style: 'dim' },
    { text: String(c.samples), style: 'dim' },
  ],
});

export const renderCalibration = (calibration: readonly Calibration[], color: boolean): string[] => {
  const title = `${paint('Calibration', 'bold', color)} ${paint('(median PING through the proxy; added = PING - direct baseline, compare with rtt)', 'dim', color)}`;
  if (calibration.length === 0) return [title, '  none'];
  const sorted = [...calibration].sort((a, b) => a.requestedRttMs - b.requestedRttMs || a.jitterMs - b.jitterMs);
  const note = paint("  toxics up/down: latency configured per direction; calibration lowers it where Toxiproxy's timers overshoot.", 'dim', color);
  return [title, ...renderGrid(COLUMNS, sorted.map(calibrationRow), color), note];
};
