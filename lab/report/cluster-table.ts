// The terminal text of a cluster result: per-node links, per-mode runs with per-node latency
// and the round-trip model, and each fault's timeline and write accounting.

import type { ClusterResult } from '../contracts/index.ts';

const f = (x: number | null, digits = 1): string => (x === null ? '-' : x.toFixed(digits));
const pad = (cells: string[], widths: number[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();

const grid = (header: string[], rows: string[][]): string[] => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [pad(header, widths), ...rows.map((r) => pad(r, widths))];
};

export const renderClusterTable = (result: ClusterResult): string => {
  const { primaries, replicas } = result.topology.cluster;
  const lines = [`${result.scenario.name}: Redis Cluster, ${primaries} primaries x ${replicas} replica(s), node timeout ${result.nodeTimeoutMs} ms, ${result.runtime} runtime, redis ${result.versions.redis}, toxiproxy ${result.versions.toxiproxy}, ioredis ${result.versions.ioredis}`, ''];
  lines.push('links (latency INTO each node: its clients, its replicas\' replication stream, bus messages to it)');
  lines.push(
    ...grid(
      ['node', 'role', 'announced', 'rtt asked', 'PING added', 'p10-p90 ms', 'at rtt 0', 'toxics up/down', 'bus up/down'],
      result.links.map((l) => [l.node, l.role, l.announced, `${l.calibration.requestedRttMs} ms`, `${f(l.calibration.addedMs, 2)} ms`, `${f(l.calibration.p10Ms, 2)}-${f(l.calibration.p90Ms, 2)}`, `${f(l.flatCalibration.addedMs, 2)} ms`, `${l.calibration.upstreamLatencyMs}/${l.calibration.downstreamLatencyMs} ms`, `${l.busUpstreamLatencyMs}/${l.busDownstreamLatencyMs} ms (not measured)`]),
    ),
    '',
  );
  lines.push('runs (median of the measured runs; model = flat median + per wait the farthest node\'s added rtt + one round trip per redirect)');
  lines.push(
    ...grid(
      ['config', 'commands', 'waits', 'median ms', 'min-max ms', 'ops/s', 'model ms', 'ratio', 'redirects', 'errors'],
      result.configs.map((c) => [c.id, String(c.commands), String(c.waits), f(c.medianMs), `${f(c.minMs)}-${f(c.maxMs)}`, f(c.opsPerSec, 0), f(c.modelMs), f(c.modelRatio, 2), String(c.redirects), String(c.errors)]),
    ),
    '',
  );
  lines.push('per node (waits in one run; latency per wait across runs, µs)');
  lines.push(...grid(['config', 'node', 'commands', 'waits', 'p50 µs', 'p99 µs'], result.configs.flatMap((c) => c.perNode.map((n) => [c.id, n.node, String(n.commands), String(n.waits), f(n.p50Us, 0), f(n.p99Us, 0)]))), '');
  for (const fault of result.faults) {
    lines.push(`fault: ${fault.fault.kind} ${fault.fault.node}${'forMs' in fault.fault ? ` for ${fault.fault.forMs} ms` : ''}`);
    for (const t of fault.timeline) lines.push(`  ${String(t.atMs).padStart(6)} ms  ${t.event}`);
    lines.push(`  writes: ${fault.writes.acknowledged} acknowledged, ${fault.writes.failed} failed, ${fault.writes.indeterminate} indeterminate; acknowledged and lost: ${fault.lost}`);
    if (fault.fault.kind === 'partition') lines.push(`  minority side (client straight to ${fault.fault.node}): ${fault.minorityAcknowledged} acknowledged, ${fault.minorityLost} of them lost`);
    lines.push(`  redirects: ${fault.redirects.moved} MOVED, ${fault.redirects.ask} ASK, costing ${fault.redirectCostMs.toFixed(1)} ms of round trips; retried: ${fault.retries.clusterDown} CLUSTERDOWN, ${fault.retries.connectionClosed} closed connection(s)`);
    if (fault.after) lines.push(`  after: ${fault.after.primaryOfShard} is the shard's primary; ${fault.fault.node} is ${fault.after.nodeRole}`);
    lines.push(`  ${fault.note}`, '');
  }
  for (const w of result.warnings) lines.push(`warning: ${w}`);
  lines.push(`not measured: ${result.notMeasured.join('; ')}`);
  lines.push(result.pass ? 'PASS' : 'FAIL');
  return `${lines.join('\n')}\n`;
};
