// A cluster result's section of the HTML report: the same figures as the terminal table
// (cluster-table.ts), as HTML tables, plus each fault's events on a bar. A cluster result has
// no HDR histogram (per node it keeps p50 and p99 only), so this section draws no chart.

import type { ClusterConfigResult, ClusterFaultResult, ClusterResult, NodeLinkResult } from '../../contracts/index.ts';
import { formatDuration, formatMs, formatOps, formatRatio } from '../figures.ts';
import { figure, html, NA, raw, type Html } from './escape.ts';
import { countCell, msCell, msRange, passMark, table, textList, usCell } from './tables.ts';
import { trackBar } from './timeline.ts';

const latencyPair = (up: unknown, down: unknown): Html => html`${figure(up, String)} / ${figure(down, String)} ms`;

const linksTable = (links: readonly NodeLinkResult[]): Html =>
  table(
    ['node', 'role', 'announced', 'rtt asked', 'PING added', 'proxied p10 – p90', 'added at rtt 0', 'toxic up / down', 'bus toxic up / down'],
    links.map((l) => [
      l.node,
      l.role,
      html`<code>${l.announced}</code>`,
      msCell(l.calibration.requestedRttMs),
      msCell(l.calibration.addedMs),
      msRange(l.calibration.p10Ms, l.calibration.p90Ms),
      msCell(l.flatCalibration.addedMs),
      latencyPair(l.calibration.upstreamLatencyMs, l.calibration.downstreamLatencyMs),
      html`${latencyPair(l.busUpstreamLatencyMs, l.busDownstreamLatencyMs)} <span class="na">(not measured)</span>`,
    ]),
    'figures',
  );

const errorsCell = (c: ClusterConfigResult): Html =>
  c.errors === 0 ? raw('0') : html`<span class="bad" title="${c.firstError ?? ''}">${countCell(c.errors)}</span>`;

const runsTable = (configs: readonly ClusterConfigResult[]): Html =>
  table(
    ['config', 'links', 'commands', 'waits per run', 'median', 'min – max', 'runs', 'ops/s', 'model', 'median / model', 'redirects', 'errors'],
    configs.map((c) => [
      html`<code>${c.id}</code>`,
      c.links,
      countCell(c.commands),
      countCell(c.waits),
      msCell(c.medianMs),
      c.minMs === null || c.maxMs === null ? NA : msRange(c.minMs, c.maxMs),
      String(c.runsMs.length),
      figure(c.opsPerSec, formatOps),
      msCell(c.modelMs),
      figure(c.modelRatio, formatRatio),
      countCell(c.redirects),
      errorsCell(c),
    ]),
    'figures',
  );

const perNodeTable = (configs: readonly ClusterConfigResult[]): Html =>
  table(
    ['config', 'node', 'commands', 'waits', 'p50', 'p99'],
    configs.flatMap((c) => c.perNode.map((n) => [html`<code>${c.id}</code>`, n.node, countCell(n.commands), countCell(n.waits), usCell(n.p50Us), usCell(n.p99Us)])),
    'figures',
  );

const faultTitle = (f: ClusterFaultResult['fault']): Html =>
  html`${f.kind} ${f.node}${'forMs' in f ? html` for ${figure(f.forMs, formatDuration)}` : f.takeover ? ' (TAKEOVER)' : ''}`;

// The fault's events on one bar from its start to its last event: the time the node was cut off
// or frozen (as measured: from the cut to the heal) as a band, each event as a tick (hover: what
// happened). A result without the measured window (written before it was recorded) gets no band.
const faultBar = (result: ClusterFaultResult): Html => {
  const w = result.window;
  const finite = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return trackBar(
    Math.max(finite(w?.offMs), ...result.timeline.map((t) => finite(t.atMs))),
    w ? [{ fromMs: w.onMs, toMs: w.offMs }] : [],
    result.timeline.map((t) => ({ atMs: t.atMs, title: html`${figure(t.atMs, formatMs)} ms: ${t.event}` })),
  );
};

const writesText = (r: ClusterFaultResult): Html => {
  const w = r.writes;
  const lost = typeof r.lost === 'number' && !(r.lost > 0) ? raw('0') : html`<span class="bad">${countCell(r.lost)}</span>`;
  const minority =
    r.fault.kind === 'partition'
      ? html`<li>Minority side (a client straight to ${r.fault.node}): ${countCell(r.minorityAcknowledged)} acknowledged, ${countCell(r.minorityLost)} of them lost.</li>`
      : '';
  return html`<ul><li>Writes: ${countCell(w.acknowledged)} acknowledged, ${countCell(w.failed)} failed, ${countCell(w.indeterminate)} indeterminate; acknowledged and lost: ${lost}.</li>${minority}
<li>Redirects: ${countCell(r.redirects.moved)} MOVED, ${countCell(r.redirects.ask)} ASK, costing ${figure(r.redirectCostMs, formatMs)} ms of round trips. Retried: ${countCell(r.retries.clusterDown)} CLUSTERDOWN, ${countCell(r.retries.tryAgain)} TRYAGAIN, ${countCell(r.retries.connectionClosed)} closed connection(s).</li>
${r.after ? html`<li>After: ${r.after.primaryOfShard} is the shard's primary; ${r.fault.node} is ${r.after.nodeRole}.</li>` : ''}</ul>`;
};

const faultBlock = (r: ClusterFaultResult): Html =>
  html`<h3>${faultTitle(r.fault)}</h3>${faultBar(r)}
${table(['at', 'event'], r.timeline.map((t) => [msCell(t.atMs), t.event]), 'timeline')}
${writesText(r)}<p class="caption">${r.note}</p>`;

/** A cluster result's section (no charts: see the top of this file). */
export const clusterSection = (result: ClusterResult): Html => {
  const { primaries, replicas } = result.topology.cluster;
  const v = result.versions;
  return html`<section>
<h1>${result.scenario.name} ${passMark(result.pass)}</h1>
<p>${result.scenario.description}</p>
<p class="meta">Redis Cluster, ${primaries} primaries × ${replicas} replica(s), node timeout ${result.nodeTimeoutMs} ms; started ${result.startedAt}, took ${figure(result.durationMs, formatDuration)}; runtime ${result.runtime}; Redis ${v.redis}, Toxiproxy ${v.toxiproxy}, Node ${v.node}, ioredis ${v.ioredis}; seed ${result.seed}</p>
<h2>Links</h2><p class="caption">Latency into each node: its clients, its replicas' replication stream and bus messages to it. PING added: through the node's client proxy against straight to it.</p>${linksTable(result.links)}
<h2>Run times</h2><p class="caption">Median of the measured runs. Model: the flat (rtt 0) median plus, per wait, the farthest node's added rtt, plus one round trip per redirect.</p>${runsTable(result.configs)}
<h3>Per node</h3><p class="caption">Waits in one run; latency per wait across the runs (sync: each command; pipeline: each node's share of a batch).</p>${perNodeTable(result.configs)}
<h2>Faults</h2>${
    result.faults.length === 0
      ? raw('<p class="na">No fault in this scenario.</p>')
      : html`<p class="caption">Times after the fault started. Bar: red band, the node cut off or frozen; black ticks, the events (hover for each).</p>${result.faults.map((f, i) => html`${i > 0 ? '\n' : ''}${faultBlock(f)}`)}`
  }
<h2>Warnings</h2>${textList(result.warnings, 'None.')}
<h2>Not measured</h2>${textList(result.notMeasured, 'Nothing listed.')}
</section>`;
};
