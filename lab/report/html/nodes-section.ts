// A topology result's nodes in the HTML report: each node's links as calibrated, each config's
// per-node share (commands, waits, per-wait latency from the node's HDR histogram), and each
// reconcile row's events on a bar. Fed by the generic fields (topology, perNode, events), so it
// shows whatever topology wrote them.

import { reconcileMetricByName, waitText, type LabResult, type ReconcileEntry } from '../../contracts/index.ts';
import { formatMs } from '../figures.ts';
import { figure, html, NA, type Html } from './escape.ts';
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

// A reconcile figure as the registry reads it (lab/contracts/registry.ts), so the page, the
// thresholds and the table say the same number.
const registered = (name: string, entry: ReconcileEntry): Html => countCell(reconcileMetricByName(name)?.read(entry));

// A count run by run where the row kept its runs (`0 / 12`), else its one figure.
const perRun = (name: string, entry: ReconcileEntry): Html => {
  const spec = reconcileMetricByName(name);
  const runs = spec?.perRun?.(entry);
  return runs === undefined || runs.length <= 1 ? registered(name, entry) : html`${runs.map(String).join(' / ')}`;
};
const latencyCell = (name: string, entry: ReconcileEntry): Html => usCell(reconcileMetricByName(name)?.read(entry) ?? null);

// The failover rows' own figures: the node written to, the WAIT setting, each count run by run
// (lost, duplicated, indeterminate, failed-but-applied, redirects, retries), the per-write latency
// over every run, what the old primary acknowledged after the partition began (first run), and
// what WAIT said of the lost writes (first run).
const failoverTable = (entries: readonly ReconcileEntry[]): Html =>
  table(
    ['cell', 'node', 'wait', 'acknowledged', 'lost', 'by minority', 'lost though WAIT reached', 'WAIT short: acked / lost', 'runs', 'duplicated', 'indeterminate', 'failed but applied', 'redirects', 'retries', 'write p50', 'write p99', 'write max'],
    entries.map((e) => [
      html`<code>${e.id}</code>`,
      e.node ?? '',
      e.wait === undefined ? '' : waitText(e.wait),
      registered('acknowledged', e),
      perRun('lost', e),
      registered('by-minority', e),
      registered('lost-replicated', e),
      e.waitSplit ? html`${countCell(e.waitSplit.underReplicated.acknowledged)} / ${countCell(e.waitSplit.underReplicated.lost)}` : NA,
      countCell(e.runs),
      perRun('duplicated', e),
      perRun('indeterminate', e),
      perRun('failed-but-applied', e),
      perRun('redirected', e),
      perRun('retries', e),
      latencyCell('write-p(50)', e),
      latencyCell('write-p(99)', e),
      latencyCell('write-max', e),
    ]),
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
  // Topology timeline rows: the lab's writer (with events) and the policies' rows (every run's counts).
  const failoverRows = (result.reconcile ?? []).filter((e) => (e.events ?? []).length > 0 || e.runCounts !== undefined);
  if (result.topology === undefined && !shared && failoverRows.length === 0) return '';
  return html`<h2>Nodes</h2>${result.topology ? html`<p class="meta">Topology ${result.topology.topology}: ${result.topology.nodes.map((n) => `${n.name} (${n.role})`).join(', ')}</p>
<h3>Links</h3><p class="caption">PING through each proxy against straight to the node behind it.</p>${linksTable(result)}` : ''}
${shared ? html`<h3>Per node</h3><p class="caption">Waits in one run; latency per wait across the runs (sync: each command; pipeline: each node's share of a batch).</p>${perNodeTable(result)}` : ''}
${failoverRows.length > 0 ? html`<h3>Failover</h3><p class="caption">Counts run by run (first / second / …); write p50, p99, max: per-write latency over every run, from the HDR histogram (a policy: its perform, retries included); acknowledged, by minority and WAIT: first run. By minority: acknowledged by the old primary after the partition began; lost though WAIT reached: lost although WAIT confirmed the replicas asked.</p>${failoverTable(failoverRows)}` : ''}
${withEvents.length > 0 ? html`<h3>Events</h3><p class="caption">Times after the event started. Bar: red band, the node cut off or frozen; black ticks, the events (hover for each).</p>${withEvents.map((e, i) => html`${i > 0 ? '\n' : ''}${eventsBlock(e)}`)}` : ''}`;
};
