// A cluster run as a LabResult (lab/run/cluster/cluster-lab-result.ts): configs with runs, the
// node-merged histogram and each node's share; fault rows judged as single-node rows are; each
// node's link at rtt 0 and at its own rtt. The run is a real one (cluster-result.fixture.ts).

import { describe, expect, it } from 'vitest';
import { createLatencyHistogram, decodeLatency, recordUs, summarizeLatency } from '../../../lab/metrics/index.ts';
import { evaluateThresholds } from '../../../lab/metrics/index.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import type { ClusterRun } from '../../../lab/run/cluster/cluster-run.ts';
import { clusterLab, clusterPlan, clusterResult, clusterV1 } from '../report/cluster-result.fixture.ts';

const summaryOf = (samplesUs: number[]) => {
  const h = createLatencyHistogram();
  for (const us of samplesUs) recordUs(h, us);
  const summary = { ...summarizeLatency(h), waits: samplesUs.length };
  h.destroy();
  return summary;
};

describe('a cluster run as a LabResult', () => {
  it('is result version 2 with one config per mode and links, as the run measured them', () => {
    expect(clusterResult.resultVersion).toBe(2);
    expect(clusterResult.configs.map((c) => c.id)).toEqual(clusterV1.configs.map((c) => c.id));
    for (const [i, c] of clusterResult.configs.entries()) {
      const raw = clusterV1.configs[i]!;
      expect(c.links).toBe(raw.links);
      expect(c.rttMs).toBe(raw.links === 'flat' ? 0 : 1);
      expect(c.runs.map((r) => r.totalMs)).toEqual(raw.runsMs);
      expect(c.runs.every((r) => r.verified)).toBe(true);
      expect([c.medianMs, c.modelMs, c.modelRatio, c.redirects, c.waits]).toEqual([raw.medianMs, raw.modelMs, raw.modelRatio, raw.redirects, raw.waits]);
      expect(c.perNode).toEqual(raw.perNode);
      expect(c.mode).toBe(raw.mode.startsWith('pipeline') ? 'pipeline' : 'sync');
      expect(c.topology).toBe('{cluster: {primaries: 3, replicas: 1}}');
    }
    // Run order runs on across the configs: 0, 1, 2 for the first, 3, 4, 5 for the next.
    expect(clusterResult.configs.flatMap((c) => c.runs.map((r) => r.order))).toEqual([...Array(18).keys()]);
  });

  it('keeps each node link twice, at rtt 0 and at its own rtt, and names the topology with its node timeout', () => {
    const links = clusterResult.topology!.links;
    expect(links).toHaveLength(2 * clusterV1.links.length);
    const far = links.find((l) => l.link === 'primary-3')!;
    const farFlat = links.find((l) => l.link === 'primary-3@flat')!;
    expect(far.requestedRttMs).toBe(15);
    expect(farFlat.requestedRttMs).toBe(0);
    expect([far.from, far.to]).toEqual(['clients', 'primary-3']);
    expect(clusterResult.topology!.topology).toBe('{cluster: {primaries: 3, replicas: 1, node-timeout: 2000ms}}');
    expect(clusterResult.topology!.nodes.map((n) => n.name)).toEqual(clusterV1.links.map((l) => l.node));
  });

  it('judges each fault as a single-node row: lost acknowledged writes are UNSAFE, a clean failover SAFE', () => {
    const rows = clusterResult.reconcile!;
    expect(rows.map((r) => [r.fault, r.mode, r.verdict])).toEqual([
      ['failover replica-1-1', 'sync', 'SAFE'],
      ['takeover replica-3-1', 'pipeline:16', 'SAFE'],
      ['partition primary-2', 'sync', 'UNSAFE'],
    ]);
    const partition = rows[2]!;
    const raw = clusterV1.faults[2]!;
    expect(partition.counts).toMatchObject({ acknowledged: raw.writes.acknowledged, failed: raw.writes.failed, lost: raw.lost, issued: raw.writes.acknowledged + raw.writes.failed });
    expect(partition.reasons[0]).toContain(`${raw.lost} acknowledged writes were never applied (lost)`);
    expect(partition.reasons.some((r) => r.startsWith('writers: the lab\'s own'))).toBe(true);
    expect([partition.node, partition.acknowledgedByMinority, partition.lostByMinority, partition.window]).toEqual(['primary-2', raw.minorityAcknowledged, raw.minorityLost, raw.window]);
    expect(partition.events!.at(-1)!.event).toBe('after: replica-2-1 is the shard\'s primary; primary-2 is slave');
    expect(rows[0]!.redirects).toEqual(clusterV1.faults[0]!.redirects);
  });

  it('names the timeline event, and reads applied writes from the read-back when it kept them', () => {
    const named: ClusterRun = { ...clusterV1, faults: clusterV1.faults.map((f, i) => ({ ...f, fault: { ...f.fault, name: `event-${i}` }, readBack: { applied: f.writes.acknowledged - f.lost + 2, indeterminateApplied: 0, failedButApplied: 2 } })) };
    const rows = clusterLab(named).reconcile!;
    expect(rows.map((r) => r.id)).toEqual(['event-0 / sync / lab-writer', 'event-1 / pipeline:16 / lab-writer', 'event-2 / sync / lab-writer']);
    // Two writes the client was told failed were applied: failed but applied, as on one node.
    expect(rows[0]!.verdict).toBe('UNSAFE');
    expect(rows[0]!.counts.failedButApplied).toBe(2);
  });

  it('a cluster that did not settle is UNKNOWN; a run without read-back writes NOT-TESTED', () => {
    const unsettled: ClusterRun = { ...clusterV1, faults: [{ ...clusterV1.faults[0]!, after: null }] };
    expect(clusterLab(unsettled).reconcile![0]!.verdict).toBe('UNKNOWN');
    const incr: ClusterRun = { ...clusterV1, faults: [{ ...clusterV1.faults[0]!, writes: { acknowledged: 0, failed: 0, indeterminate: 0 } }] };
    expect(clusterLab(incr).reconcile![0]!.verdict).toBe('NOT-TESTED');
  });

  it('merges every node\'s histogram into the config\'s latency', () => {
    const [first, ...rest] = clusterV1.configs;
    const run: ClusterRun = { ...clusterV1, configs: [{ ...first!, perNode: first!.perNode.map((n, i) => ({ ...n, latencyUs: summaryOf(Array.from({ length: 10 }, () => 1000 * (i + 1))) })) }, ...rest] };
    const latency = clusterLab(run).configs[0]!.latencyUs!;
    expect(latency.count).toBe(10 * first!.perNode.length);
    expect(latency.waits).toBe(10 * first!.perNode.length);
    expect(latency.max).toBeGreaterThanOrEqual(1000 * first!.perNode.length);
    expect(latency.max).toBeLessThan(1000 * first!.perNode.length * 1.01);
    expect(decodeLatency(latency.hdr!).totalCount).toBe(latency.count);
    expect(clusterLab(clusterV1).configs[0]!.latencyUs).toBeNull(); // no node kept a histogram
  });

  it('a failed run is not verified and counts as an erroring run', () => {
    const [first, ...rest] = clusterV1.configs;
    const run: ClusterRun = { ...clusterV1, configs: [{ ...first!, errors: 3, runErrors: [0, 3, 0], firstError: 'CLUSTERDOWN The cluster is down' }, ...rest] };
    const config = clusterLab(run).configs[0]!;
    expect(config.runs.map((r) => r.verified)).toEqual([true, false, true]);
    expect(config.errors).toBe(1);
    expect(config.errorsByKind).toEqual({ CLUSTERDOWN: 3 });
  });

  it('is judged by expect thresholds like any LabResult', () => {
    const text = `${'name: t\ntopology: { cluster: { primaries: 3, replicas: 1 } }\nworkload: { command: SET, key: "k:{i}", keys: { sequential: 10 }, commands: 10 }\nnetwork: { rtt: 1ms }\nmodes: [sync]\n'}expect: ["at rtt=1ms: median < 1s", "redirects == 0"]\n`;
    const scenario = parseScenario(text, 't.yaml');
    const thresholds = evaluateThresholds(scenario.expect, clusterResult.configs, clusterResult.reconcile);
    expect(thresholds.map((t) => [t.source, t.pass])).toEqual([
      ["at rtt=1ms: median < 1s", false], // sync@shaped took 1.96 s
      ['redirects == 0', true],
    ]);
    expect(thresholds[0]!.checked.map((c) => c.configId)).toEqual(['sync@shaped', 'pipeline:16@shaped', 'pipeline:100@shaped']);
    expect(clusterPlan.timeline).toHaveLength(3);
  });
});
