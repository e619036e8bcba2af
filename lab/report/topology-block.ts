// The topology blocks (issue 13): nodes and every link's calibration, then either replication
// (write and WAIT latency, WAIT counts, lag per replica) or the failover rows (acknowledged writes
// lost, by the minority primary, split by what WAIT said), with the reasons.

import type { FailoverEntry, LatencySummaryUs, ReplicationFigures, TopologyResult } from '../contracts/index.ts';
import { fixed, formatCount, formatLatencyUs, formatMs } from './figures.ts';
import { droppedNote, fitGrid, type Column, type GridRow } from './grid.ts';
import { hangWrap, paint, verdictStyle } from './terminal-style.ts';

const cells = (texts: string[]): GridRow => ({ kind: 'cells', cells: texts.map((text) => ({ text })) });
const latency = (l: LatencySummaryUs | null): [string, string] => (l === null ? ['n/a', 'n/a'] : [formatLatencyUs(l.p50), formatLatencyUs(l.p99)]);

const renderLinks = (topology: TopologyResult, color: boolean, width: number): string[] => {
  const columns: Column[] = [
    { header: 'link', align: 'left' },
    { header: 'from', align: 'left' },
    { header: 'to', align: 'left' },
    { header: 'asked ms', align: 'right' },
    { header: 'added ms', align: 'right' },
    { header: 'p10-p90 ms', align: 'right', dropPriority: 1 },
  ];
  const rows = topology.links.map((l) => cells([l.link, l.from, l.to, String(l.requestedRttMs), formatMs(l.addedMs), `${formatMs(l.p10Ms)}-${formatMs(l.p90Ms)}`]));
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

const lagText = (f: ReplicationFigures): string =>
  f.lag
    .map((l) => {
      const bytes = l.lagBytes === null ? 'bytes n/a' : `bytes p50 ${formatCount(l.lagBytes.p50)}, max ${formatCount(l.lagBytes.max)}`;
      const time = l.lagMs === null ? 'time n/a' : `time p50 ${formatMs(l.lagMs.p50)} ms, p90 ${formatMs(l.lagMs.p90)} ms, max ${formatMs(l.lagMs.max)} ms (${l.lagMs.samples} markers, resolution ~${fixed(l.lagMs.resolutionMs, 1)} ms${l.lagMs.unseen > 0 ? `, ${l.lagMs.unseen} never seen` : ''})`;
      return `${l.replica}: ${bytes}; ${time}`;
    })
    .join('; ');

const renderReplication = (figures: readonly ReplicationFigures[], color: boolean, width: number): string[] => {
  const columns: Column[] = [
    { header: 'setting', align: 'left' },
    { header: 'ops', align: 'right' },
    { header: 'op p50', align: 'right' },
    { header: 'op p99', align: 'right' },
    { header: 'WAIT p50', align: 'right' },
    { header: 'WAIT p99', align: 'right' },
    { header: 'WAIT reached', align: 'left', dropPriority: 1 },
    { header: 'under', align: 'right' },
  ];
  const rows = figures.map((f) => {
    const [p50, p99] = latency(f.writeLatencyUs);
    const [w50, w99] = latency(f.waitLatencyUs);
    const reached = Object.entries(f.waitReached).map(([n, count]) => `${n}:${count}`).join(' ') || '-';
    return cells([f.id, formatCount(f.writes), p50, p99, w50, w99, reached, String(f.underReplicated)]);
  });
  const grid = fitGrid(columns, rows, color, width);
  return [
    paint('Replication (op: the command and its WAIT; under: WAIT reached fewer replicas than asked)', 'bold', color),
    ...grid.lines,
    ...droppedNote(grid.dropped, width, color),
    ...figures.flatMap((f) => hangWrap(`  lag under ${f.id}: ${lagText(f)}`, width).map((line) => paint(line, 'dim', color))),
  ];
};

const runsText = (xs: readonly number[]): string => xs.map(String).join(' / ');

const renderFailover = (entries: readonly FailoverEntry[], color: boolean, width: number): string[] => {
  const columns: Column[] = [
    { header: 'row', align: 'left' },
    { header: 'acked', align: 'right' },
    { header: 'by minority', align: 'right' },
    { header: 'lost', align: 'right' },
    { header: 'lost, WAIT ok', align: 'right' },
    { header: 'lost, WAIT short', align: 'right' },
    { header: 'op p50', align: 'right', dropPriority: 1 },
    { header: 'verdict', align: 'left' },
  ];
  const rows: GridRow[] = entries.map((e) => {
    const [p50] = latency(e.writeLatencyUs);
    const split = (pick: 'replicated' | 'underReplicated') => (e.wait === null ? '-' : runsText(e.waitSplit.map((s) => s?.[pick].lost ?? 0)));
    return {
      kind: 'cells',
      cells: [
        { text: e.id },
        { text: runsText(e.counts.map((c) => c.acknowledged)) },
        { text: runsText(e.acknowledgedByMinority) },
        { text: runsText(e.counts.map((c) => c.lost)) },
        { text: split('replicated') },
        { text: split('underReplicated') },
        { text: p50 },
        { text: `${e.verdict}${e.lossAgrees ? '' : ' (runs disagree)'}`, style: verdictStyle(e.verdict) },
      ],
    };
  });
  const grid = fitGrid(columns, rows, color, width);
  return [
    paint('Failover (per run, separated by /: acked by any primary; by minority: acked by the old primary after the partition; lost: acked, gone from the final primary)', 'bold', color),
    ...grid.lines,
    ...droppedNote(grid.dropped, width, color),
    ...entries.flatMap((e) => e.reasons.flatMap((reason) => hangWrap(`  ${e.id}: ${reason}`, width))),
    ...entries.flatMap((e) => hangWrap(`  ${e.id} timeline (ms after the writer started): ${e.timelines.map(timelineText).join(' / ')}`, width).map((line) => paint(line, 'dim', color))),
  ];
};

const at = (ms: number | null): string => (ms === null ? 'never' : formatMs(ms));
const timelineText = (t: FailoverEntry['timelines'][number]): string =>
  `cut ${at(t.partitionMs)}-${at(t.partitionAppliedMs)}, ${t.switchSeenMs === undefined ? `promoted ${at(t.failoverMs)}` : `sentinels switched${t.switchedTo === undefined ? '' : ` to ${t.switchedTo}`} ${at(t.switchSeenMs)}`}, healed ${at(t.healMs)}, demoted ${at(t.demotedMs)}, end ${at(t.endMs)}`;

/** Nothing for a single-node result. */
export const renderTopology = (topology: TopologyResult | undefined, color: boolean, width: number): string[] => {
  if (topology === undefined) return [];
  return [
    ...renderLinks(topology, color, width),
    ...(topology.replication ? ['', ...renderReplication(topology.replication, color, width)] : []),
    ...(topology.failover ? ['', ...renderFailover(topology.failover, color, width)] : []),
  ];
};
