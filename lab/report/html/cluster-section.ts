// A cluster result's section of the HTML report: the same figures as the terminal table
// (cluster-table.ts), as HTML tables, plus each fault's events on a bar. A cluster result has
// no HDR histogram (per node it keeps p50 and p99 only), so this section draws no chart.

import type { ClusterConfigResult, ClusterFaultResult, ClusterResult, NodeLinkResult } from '../../contracts/index.ts';
import { formatCount, formatDuration, formatMs, formatOps, formatRatio } from '../figures.ts';
import { escapeHtml, msCell, NA, table, textList, usCell } from './tables.ts';
import { trackBar } from './timeline.ts';

const numberCell = (value: number | null, format: (v: number) => string): string => (value === null ? NA : escapeHtml(format(value)));

const linksTable = (links: readonly NodeLinkResult[]): string =>
  table(
    ['node', 'role', 'announced', 'rtt asked', 'PING added', 'proxied p10 – p90', 'added at rtt 0', 'toxic up / down', 'bus toxic up / down'],
    links.map((l) => [
      escapeHtml(l.node),
      l.role,
      `<code>${escapeHtml(l.announced)}</code>`,
      msCell(l.calibration.requestedRttMs),
      msCell(l.calibration.addedMs),
      `${formatMs(l.calibration.p10Ms)} – ${formatMs(l.calibration.p90Ms)} ms`,
      msCell(l.flatCalibration.addedMs),
      `${l.calibration.upstreamLatencyMs} / ${l.calibration.downstreamLatencyMs} ms`,
      `${l.busUpstreamLatencyMs} / ${l.busDownstreamLatencyMs} ms <span class="na">(not measured)</span>`,
    ]),
    'figures',
  );

const errorsCell = (c: ClusterConfigResult): string =>
  c.errors === 0 ? '0' : `<span class="bad" title="${escapeHtml(c.firstError ?? '')}">${formatCount(c.errors)}</span>`;

const runsTable = (configs: readonly ClusterConfigResult[]): string =>
  table(
    ['config', 'links', 'commands', 'waits per run', 'median', 'min – max', 'runs', 'ops/s', 'model', 'median / model', 'redirects', 'errors'],
    configs.map((c) => [
      `<code>${escapeHtml(c.id)}</code>`,
      c.links,
      formatCount(c.commands),
      formatCount(c.waits),
      msCell(c.medianMs),
      c.minMs === null || c.maxMs === null ? NA : `${formatMs(c.minMs)} – ${formatMs(c.maxMs)} ms`,
      String(c.runsMs.length),
      numberCell(c.opsPerSec, formatOps),
      msCell(c.modelMs),
      numberCell(c.modelRatio, formatRatio),
      formatCount(c.redirects),
      errorsCell(c),
    ]),
    'figures',
  );

const perNodeTable = (configs: readonly ClusterConfigResult[]): string =>
  table(
    ['config', 'node', 'commands', 'waits', 'p50', 'p99'],
    configs.flatMap((c) => c.perNode.map((n) => [`<code>${escapeHtml(c.id)}</code>`, escapeHtml(n.node), formatCount(n.commands), formatCount(n.waits), usCell(n.p50Us), usCell(n.p99Us)])),
    'figures',
  );

const faultTitle = (f: ClusterFaultResult['fault']): string =>
  `${f.kind} ${f.node}${'forMs' in f ? ` for ${formatDuration(f.forMs)}` : f.takeover ? ' (TAKEOVER)' : ''}`;

// The fault's events on one bar from its start to its last event: the time the node was cut off
// or frozen (as measured: from the cut to the heal) as a band, each event as a tick (hover: what
// happened). A result without the measured window (written before it was recorded) gets no band.
const faultBar = (result: ClusterFaultResult): string => {
  const w = result.window;
  return trackBar(
    Math.max(w?.offMs ?? 0, ...result.timeline.map((t) => t.atMs)),
    w ? [{ fromMs: w.onMs, toMs: w.offMs }] : [],
    result.timeline.map((t) => ({ atMs: t.atMs, title: `${formatMs(t.atMs)} ms: ${t.event}` })),
  );
};

const writesText = (r: ClusterFaultResult): string => {
  const w = r.writes;
  const lost = r.lost > 0 ? `<span class="bad">${formatCount(r.lost)}</span>` : '0';
  const minority =
    r.fault.kind === 'partition'
      ? `<li>Minority side (a client straight to ${escapeHtml(r.fault.node)}): ${formatCount(r.minorityAcknowledged)} acknowledged, ${formatCount(r.minorityLost)} of them lost.</li>`
      : '';
  return `<ul><li>Writes: ${formatCount(w.acknowledged)} acknowledged, ${formatCount(w.failed)} failed, ${formatCount(w.indeterminate)} indeterminate; acknowledged and lost: ${lost}.</li>${minority}
<li>Redirects: ${formatCount(r.redirects.moved)} MOVED, ${formatCount(r.redirects.ask)} ASK, costing ${escapeHtml(formatMs(r.redirectCostMs))} ms of round trips. Retried: ${formatCount(r.retries.clusterDown)} CLUSTERDOWN, ${formatCount(r.retries.tryAgain)} TRYAGAIN, ${formatCount(r.retries.connectionClosed)} closed connection(s).</li>
${r.after ? `<li>After: ${escapeHtml(r.after.primaryOfShard)} is the shard's primary; ${escapeHtml(r.fault.node)} is ${escapeHtml(r.after.nodeRole)}.</li>` : ''}</ul>`;
};

const faultBlock = (r: ClusterFaultResult): string =>
  `<h3>${escapeHtml(faultTitle(r.fault))}</h3>${faultBar(r)}
${table(['at', 'event'], r.timeline.map((t) => [msCell(t.atMs), escapeHtml(t.event)]), 'timeline')}
${writesText(r)}<p class="caption">${escapeHtml(r.note)}</p>`;

/** A cluster result's section (no charts: see the top of this file). */
export const clusterSection = (result: ClusterResult): string => {
  const { primaries, replicas } = result.topology.cluster;
  const v = result.versions;
  return `<section>
<h1>${escapeHtml(result.scenario.name)} <span class="${result.pass ? 'pass' : 'fail'}">${result.pass ? 'PASS' : 'FAIL'}</span></h1>
<p>${escapeHtml(result.scenario.description)}</p>
<p class="meta">${escapeHtml(`Redis Cluster, ${primaries} primaries × ${replicas} replica(s), node timeout ${result.nodeTimeoutMs} ms; started ${result.startedAt}, took ${formatDuration(result.durationMs)}; runtime ${result.runtime}; Redis ${v.redis}, Toxiproxy ${v.toxiproxy}, Node ${v.node}, ioredis ${v.ioredis}; seed ${result.seed}`)}</p>
<h2>Links</h2><p class="caption">Latency into each node: its clients, its replicas' replication stream and bus messages to it. PING added: through the node's client proxy against straight to it.</p>${linksTable(result.links)}
<h2>Run times</h2><p class="caption">Median of the measured runs. Model: the flat (rtt 0) median plus, per wait, the farthest node's added rtt, plus one round trip per redirect.</p>${runsTable(result.configs)}
<h3>Per node</h3><p class="caption">Waits in one run; latency per wait across the runs (sync: each command; pipeline: each node's share of a batch).</p>${perNodeTable(result.configs)}
<h2>Faults</h2>${result.faults.length === 0 ? '<p class="na">No fault in this scenario.</p>' : `<p class="caption">Times after the fault started. Bar: red band, the node cut off or frozen; black ticks, the events (hover for each).</p>${result.faults.map(faultBlock).join('\n')}`}
<h2>Warnings</h2>${textList(result.warnings, 'None.')}
<h2>Not measured</h2>${textList(result.notMeasured, 'Nothing listed.')}
</section>`;
};
