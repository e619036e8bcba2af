// The fault timeline of a reconcile result, as a table: per cell and run, when the fault went
// on, when the client's connection closed under it, when it came off and when the run's driver
// was done (ms after the driver started), with a bar drawn to that run's own length. Rows
// without a recorded timeline (results written before timelines existed) are said to be so.

import type { FaultTimeline, ReconcileEntry } from '../../contracts/index.ts';
import { formatMs } from '../figures.ts';
import { figure, finiteOrNull, html, raw, type Html } from './escape.ts';

const at = (ms: unknown): Html => figure(ms, (v) => `${formatMs(v)} ms`, raw('<span class="na">did not happen</span>'));

// A position on the bar; 0 for a figure that is not a finite number.
const pct = (ms: unknown, endMs: number): string => `${Math.min(100, Math.max(0, (100 * (finiteOrNull(ms) ?? 0)) / endMs)).toFixed(2)}%`;

/** A track from 0 to `endMs`: red bands where something was in place, black ticks at moments
 * (with a hover title when given). Empty when there is no length to draw. */
export const trackBar = (endMs: number, bands: readonly { fromMs: unknown; toMs: unknown }[], ticks: readonly { atMs: unknown; title?: unknown }[]): Html => {
  if (!(typeof endMs === 'number' && Number.isFinite(endMs) && endMs > 0)) return raw('');
  const bandSpans = bands.map(
    (b) => html`<span class="tl-on" style="left:${pct(b.fromMs, endMs)};width:${pct((finiteOrNull(b.toMs) ?? 0) - (finiteOrNull(b.fromMs) ?? 0), endMs)}"></span>`,
  );
  const tickSpans = ticks.map((t) => html`<span class="tl-closed" style="left:${pct(t.atMs, endMs)}"${t.title === undefined ? '' : html` title="${t.title}"`}></span>`);
  return html`<div class="tl-track" title="0 – ${formatMs(endMs)} ms">${bandSpans}${tickSpans}</div>`;
};

// The largest finite figure, 0 when there is none.
const latest = (...values: unknown[]): number => Math.max(0, ...values.map((v) => finiteOrNull(v) ?? 0));

// The run as a track; the fault's time on it as a band (to the end when it never came off),
// the connection closing as a tick.
const bar = (t: FaultTimeline): Html => {
  const end = latest(t.endMs, t.healedMs, t.closedMs, t.faultOnMs);
  return trackBar(end, t.faultOnMs === null ? [] : [{ fromMs: t.faultOnMs, toMs: t.healedMs ?? end }], t.closedMs === null ? [] : [{ atMs: t.closedMs }]);
};

/** The timeline table, or a sentence saying the result has none. */
export const faultTimeline = (entries: readonly ReconcileEntry[]): Html => {
  const timed = entries.filter((e) => e.timelines !== undefined && e.timelines.length > 0);
  if (timed.length === 0) {
    return raw('<p class="na">Fault timeline: this result records no fault times (written before the lab recorded them).</p>');
  }
  const rows = timed.flatMap((e) =>
    (e.timelines ?? []).map(
      (t, run) =>
        html`<tr><td><code>${e.id}</code></td><td>${run + 1}</td><td>${at(t.faultOnMs)}</td><td>${at(t.closedMs)}</td><td>${at(t.healedMs)}</td><td>${at(t.endMs)}</td><td>${bar(t)}</td></tr>`,
    ),
  );
  const untimed = entries.length - timed.length;
  return html`<h3>Fault timeline</h3><p class="caption">Times after the run's driver started. Bar: the run to its own end; red band: the fault in place (to the end when it was never removed); black tick: the client's connection closed under the fault.</p>
<table class="timeline"><thead><tr><th>cell</th><th>run</th><th>fault on</th><th>connection closed</th><th>fault off</th><th>run done</th><th>timeline</th></tr></thead><tbody>${rows}</tbody></table>${
    untimed > 0 ? html`<p class="na">${untimed} cells have no recorded times.</p>` : ''
  }`;
};
