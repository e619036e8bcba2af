// A topology result's nodes in the HTML report: each node's links as calibrated, each config's
// per-node share (commands, waits, per-wait latency from the node's HDR histogram), and each
// reconcile row's events on a bar. Fed by the generic fields (topology, perNode, events), so it
// shows whatever topology wrote them.

import type { LabResult, ReconcileEntry } from '../../contracts/index.ts';
import { formatMs } from '../figures.ts';
import { figure, html, type Html } from './escape.ts';
import { countCell, msCell, msRange, table, usCell } from './tables.ts';
import { trackBar } from './timeline.ts';

const linksTable = (result: LabResult): Html =>
  table(
    ['link', 'from', 'to', 'rtt asked', 'PING added', 'proxied p10 – p90', 'toxic up / down'],
    (result.topology?.links ?? []).map((l) => [
      html`<code>${l.link}</code>`,
      l.from,
      l.to,
      msCell(l.requestedRttMs),
      msCell(l.addedMs),
      msRange(l.p10Ms, l.p90Ms),
      html`${figure(l.upstreamLatencyMs, String)} / ${figure(l.downstreamLatencyMs, String)} ms`,
    ]),
    'figures',
  );

const perNodeTable = (result: LabResult): Html =>
  table(
    ['config', 'node', 'commands', 'waits', 'p50', 'p99', 'max'],
    result.configs.flatMap((c) => (c.perNode ?? []).map((n) => [html`<code>${c.id}</code>`, n.node, countCell(n.commands), countCell(n.waits), usCell(n.latencyUs?.p50 ?? n.p50Us), usCell(n.latencyUs?.p99 ?? n.p99Us), usCell(n.latencyUs?.max ?? null)])),
    'figures',
  );

// The row's events on one bar from its start to its last event: the measured window (node cut
// off or frozen) as a band, each event as a tick (hover: what happened).
const eventsBlock = (entry: ReconcileEntry): Html => {
  const events = entry.events ?? [];
  const w = entry.window;
  const finite = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const bar = trackBar(
    Math.max(finite(w?.offMs), ...events.map((t) => finite(t.atMs))),
    w ? [{ fromMs: w.onMs, toMs: w.offMs }] : [],
    events.map((t) => ({ atMs: t.atMs, title: html`${figure(t.atMs, formatMs)} ms: ${t.event}` })),
  );
  return html`<h3><code>${entry.id}</code></h3>${bar}
${table(['at', 'event'], events.map((t) => [msCell(t.atMs), t.event]), 'timeline')}`;
};

/** The nodes section, or nothing for a result without topology, per-node shares or events. */
export const nodesSection = (result: LabResult): Html | '' => {
  const shared = result.configs.some((c) => (c.perNode ?? []).length > 0);
  const withEvents = (result.reconcile ?? []).filter((e) => (e.events ?? []).length > 0);
  if (result.topology === undefined && !shared && withEvents.length === 0) return '';
  return html`<h2>Nodes</h2>${result.topology ? html`<p class="meta">Topology ${result.topology.topology}: ${result.topology.nodes.map((n) => `${n.name} (${n.role})`).join(', ')}</p>
<h3>Links</h3><p class="caption">PING through each proxy against straight to the node behind it.</p>${linksTable(result)}` : ''}
${shared ? html`<h3>Per node</h3><p class="caption">Waits in one run; latency per wait across the runs (sync: each command; pipeline: each node's share of a batch).</p>${perNodeTable(result)}` : ''}
${withEvents.length > 0 ? html`<h3>Events</h3><p class="caption">Times after the event started. Bar: red band, the node cut off or frozen; black ticks, the events (hover for each).</p>${withEvents.map((e, i) => html`${i > 0 ? '\n' : ''}${eventsBlock(e)}`)}` : ''}`;
};
