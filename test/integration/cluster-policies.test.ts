// Policies across a Redis Cluster failover from a scenario (issue 23 item 4): `policies:` on a
// cluster timeline adds one reconcile row per event × policy beside the lab writer's; each runs on
// a fresh cluster, its client built from the seed nodes and a NAT map, its key given a hash tag
// on the shard of the promoted replica, and is judged on that shard's new primary.

import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runScenario, type LabResult } from '../../lab/index.ts';
import { compareResults, renderHtmlReport, writeOutDir } from '../../lab/report/index.ts';
import { inlineScenario, useTempDir } from './support.ts';

describe('policies across a cluster failover (local runtime)', () => {
  const dir = useTempDir('rfl-cluster-policies-');
  it('ioredis-default and node-redis-default each get a row on the promoted shard whose counts add up, on every surface', async () => {
    const result = await runScenario(
      inlineScenario(`
name: cluster-policies-small
topology: {cluster: {primaries: 3, replicas: 1, node-timeout: 1000ms}}
workload: {label: INCR, command: INCR, key: counter, commands: 20000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
policies: [ioredis-default, node-redis-default]
timeline:
  - {name: failover-1, failover: {promote: replica-1-1}}
expect:
  - "policy ioredis-default: lost == 0"
`),
      { runtime: 'local' },
    );
    const rows = result.reconcile!;
    expect(rows.map((r) => r.policy)).toEqual(['lab-writer', 'ioredis-default', 'node-redis-default']);
    for (const row of rows.slice(1)) {
      const c = row.counts;
      expect(row.fault).toBe('failover-1');
      expect(row.node).toBe('replica-1-1');
      expect(row.faultObserved).toBe(true);
      expect(c.issued).toBeGreaterThan(500);
      expect(c.issued).toBe(c.acknowledged + c.failed + c.indeterminate);
      expect(['SAFE', 'UNSAFE', 'UNKNOWN']).toContain(row.verdict);
      // The key was moved onto the promoted replica's shard, and read back on that shard's new primary.
      expect(row.reasons.some((r) => /written as counter\{t\d+\} so its slot is on the shard of replica-1-1; read back on replica-1-1/.test(r))).toBe(true);
      expect(row.redirects).toBeDefined();
    }
    const threshold = result.thresholds.find((t) => t.source.includes('ioredis-default'))!;
    expect(threshold.checked.map((c) => c.configId)).toEqual([rows[1]!.id]);

    // The same result on every surface: the HTML report shows each policy row, compare judges the
    // rows' counts (one lost write more on a policy row that had none fails), .hgrm per config,
    // and the vitest matchers read the rows.
    const html = renderHtmlReport([result]);
    for (const row of rows.slice(1)) expect(html).toContain(row.policy);
    expect(compareResults(result, result, 10).pass).toBe(true);
    const lostOne: LabResult = { ...result, reconcile: rows.map((r, i) => (i === 1 ? { ...r, counts: { ...r.counts, lost: r.counts.lost + 1 } } : r)) };
    const judged = compareResults(result, lostOne, 10);
    expect(judged.countChanges.map((c) => [c.id, c.metric])).toEqual([[rows[1]!.id, 'lost']]);
    expect(judged.pass).toBe(rows[1]!.counts.lost > 0); // none before: any lost fails; one more than some is noise
    const out = dir.file('out');
    const files = await writeOutDir(result, out);
    expect(files.length).toBeGreaterThan(1);
    expect((await readdir(out)).filter((f) => f.endsWith('.hgrm')).length).toBeGreaterThanOrEqual(result.configs.length);
    await import('../../lab/vitest/index.ts');
    if (rows[1]!.verdict === 'SAFE') expect(result).toBeRetrySafe('ioredis-default');
    else expect(result).not.toBeRetrySafe('ioredis-default');
  }, 300_000);
});
