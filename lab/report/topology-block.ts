// The topology block (issue 13): nodes and every link's calibration, then what the configs and
// reconcile rows carry only on a topology (issue 23): WAIT's answers and replica lag per config,
// and per failover row who acknowledged the lost writes and when each step happened. The rows
// themselves are in the configs and reconcile blocks.

import type { ConfigResult, LabResult, LatencySummaryUs, ReconcileEntry, TopologyResult } from '../contracts/index.ts';
import { fixed, formatCount, formatLatencyUs, formatMs } from './figures.ts';
import { droppedNote, fitGrid, left, right, textRow } from './grid.ts';
import { hangWrap, paint } from './terminal-style.ts';

const latency = (l: LatencySummaryUs | null): [string, string] => (l === null ? ['n/a', 'n/a'] : [formatLatencyUs(l.p50), formatLatencyUs(l.p99)]);

const renderLinks = (topology: TopologyResult, color: boolean, width: number): string[] => {
  const columns = [left('link'), left('from'), left('to'), right('asked ms'), right('added ms'), right('p10-p90 ms', 1)];
  const rows = topology.links.map((l) => textRow([l.link, l.from, l.to, String(l.requestedRttMs), formatMs(l.addedMs), `${formatMs(l.p10Ms)}-${formatMs(l.p90Ms)}`]));
  const grid = fitGrid(columns, rows, color, width);
  const nodes = topology.nodes.map((n) => `${n.name} (${n.role}) at ${n.proxy}${n.announced === null ? '' : `, listed by the primary as ${n.announced}`}`);
  return [
    paint(`Topology ${topology.topology}`, 'bold', color),
    ...nodes.flatMap((line) => hangWrap(`  ${line}`, width)),
    paint('Links (PING through each proxy against PING straight to the node behind it)', 'bold', color),
    ...grid.lines,
    ...droppedNote(grid.dropped, width, color),
  ];
};

const lagText = (config: ConfigResult): string =>
  (config.lag ?? [])
    .map((l) => {
      const bytes = l.lagBytes === null ? 'bytes n/a' : `bytes p50 ${formatCount(l.lagBytes.p50)}, max ${formatCount(l.lagBytes.max)}`;
      const time = l.lagMs === null ? 'time n/a' : `time p50 ${formatMs(l.lagMs.p50)} ms, p90 ${formatMs(l.lagMs.p90)} ms, max ${formatMs(l.lagMs.max)} ms (${l.lagMs.samples} markers, resolution ~${fixed(l.lagMs.resolutionMs, 1)} ms${l.lagMs.unseen > 0 ? `, ${l.lagMs.unseen} never seen` : ''})`;
      return `${l.replica}: ${bytes}; ${time}`;
    })
    .join('; ');

// What WAIT did and how far each replica lagged, per replication config (the configs block has its latency).
const replicationLines = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const measured = configs.filter((c) => c.wait !== undefined);
  if (measured.length === 0) return [];
  return [
    paint('Replication (per config: what WAIT answered, how far each replica lagged)', 'bold', color),
    ...measured.flatMap((c) => {
      const [w50, w99] = latency(c.waitLatencyUs ?? null);
      const reached = Object.entries(c.waitReached ?? {}).map(([n, count]) => `${n}:${count}`).join(' ');
      const wait = c.wait === null ? `commands to ${c.readsFrom ?? 'the primary'}, no WAIT` : `WAIT p50 ${w50}, p99 ${w99}; reached ${reached || '-'}; under-replicated ${c.underReplicated ?? 0}`;
      return [...hangWrap(`  ${c.id}: ${wait}`, width), ...hangWrap(`    lag: ${lagText(c) || 'n/a'}`, width).map((line) => paint(line, 'dim', color))];
    }),
  ];
};

// The failover rows' own figures: who acknowledged what, what WAIT said, when each step happened.
const failoverLines = (entries: readonly ReconcileEntry[], color: boolean, width: number): string[] => {
  const rows = entries.filter((e) => e.events !== undefined);
  if (rows.length === 0) return [];
  return [
    paint('Failover (first run: by minority = acked by the old primary after the partition began)', 'bold', color),
    ...rows.flatMap((e) => {
      const split = e.waitSplit ? `; WAIT reached: ${e.waitSplit.replicated.acknowledged} acked, ${e.waitSplit.replicated.lost} lost; WAIT short: ${e.waitSplit.underReplicated.acknowledged} acked, ${e.waitSplit.underReplicated.lost} lost` : '';
      const steps = (e.events ?? []).map((s) => `${s.event} ${formatMs(s.atMs)}`).join(', ');
      return [...hangWrap(`  ${e.id}: by minority ${e.acknowledgedByMinority ?? 0}${split}`, width), ...hangWrap(`    ms after the writer started: ${steps}`, width).map((line) => paint(line, 'dim', color))];
    }),
  ];
};

/** Nothing for a single-node result. */
export const renderTopology = (result: Pick<LabResult, 'topology' | 'configs' | 'reconcile'>, color: boolean, width: number): string[] => {
  if (result.topology === undefined) return [];
  const replication = replicationLines(result.configs, color, width);
  const failover = failoverLines(result.reconcile ?? [], color, width);
  return [
    ...renderLinks(result.topology, color, width),
    ...(replication.length > 0 ? ['', ...replication] : []),
    ...(failover.length > 0 ? ['', ...failover] : []),
  ];
};
