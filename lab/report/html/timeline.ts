// The fault timeline of a reconcile result, as a table: per cell and run, when the fault went
// on, when the client's connection closed under it, when it came off and when the run's driver
// was done (ms after the driver started), with a bar drawn to that run's own length. Rows
// without a recorded timeline (results written before timelines existed) are said to be so.

import type { FaultTimeline, ReconcileEntry } from '../../contracts/index.ts';
import { formatMs } from '../figures.ts';
import { escapeHtml } from './tables.ts';

const at = (ms: number | null): string => (ms === null ? '<span class="na">did not happen</span>' : `${formatMs(ms)} ms`);

const pct = (ms: number, endMs: number): string => `${Math.min(100, Math.max(0, (100 * ms) / endMs)).toFixed(2)}%`;

/** A track from 0 to `endMs`: red bands where something was in place, black ticks at moments
 * (with a hover title when given). Empty when there is no length to draw. */
export const trackBar = (endMs: number, bands: readonly { fromMs: number; toMs: number }[], ticks: readonly { atMs: number; title?: string }[]): string => {
  if (!(endMs > 0)) return '';
  const bandSpans = bands.map((b) => `<span class="tl-on" style="left:${pct(b.fromMs, endMs)};width:${pct(b.toMs - b.fromMs, endMs)}"></span>`).join('');
  const tickSpans = ticks
    .map((t) => `<span class="tl-closed" style="left:${pct(t.atMs, endMs)}"${t.title === undefined ? '' : ` title="${escapeHtml(t.title)}"`}></span>`)
    .join('');
  return `<div class="tl-track" title="0 – ${escapeHtml(formatMs(endMs))} ms">${bandSpans}${tickSpans}</div>`;
};

// The run as a track; the fault's time on it as a band (to the end when it never came off),
// the connection closing as a tick.
const bar = (t: FaultTimeline): string => {
  const end = Math.max(t.endMs ?? 0, t.healedMs ?? 0, t.closedMs ?? 0, t.faultOnMs ?? 0);
  return trackBar(end, t.faultOnMs === null ? [] : [{ fromMs: t.faultOnMs, toMs: t.healedMs ?? end }], t.closedMs === null ? [] : [{ atMs: t.closedMs }]);
};

/** The timeline table, or a sentence saying the result has none. */
export const faultTimeline = (entries: readonly ReconcileEntry[]): string => {
  const timed = entries.filter((e) => e.timelines !== undefined && e.timelines.length > 0);
  if (timed.length === 0) {
    return '<p class="na">Fault timeline: this result records no fault times (written before the lab recorded them).</p>';
  }
  const rows = timed.flatMap((e) =>
    (e.timelines ?? []).map(
      (t, run) =>
        `<tr><td><code>${escapeHtml(e.id)}</code></td><td>${run + 1}</td><td>${at(t.faultOnMs)}</td><td>${at(t.closedMs)}</td><td>${at(t.healedMs)}</td><td>${at(t.endMs)}</td><td>${bar(t)}</td></tr>`,
    ),
  );
  const untimed = entries.length - timed.length;
  return `<h3>Fault timeline</h3><p class="caption">Times after the run's driver started. Bar: the run to its own end; red band: the fault in place (to the end when it was never removed); black tick: the client's connection closed under the fault.</p>
<table class="timeline"><thead><tr><th>cell</th><th>run</th><th>fault on</th><th>connection closed</th><th>fault off</th><th>run done</th><th>timeline</th></tr></thead><tbody>${rows.join('')}</tbody></table>${
    untimed > 0 ? `<p class="na">${untimed} cells have no recorded times.</p>` : ''
  }`;
};
