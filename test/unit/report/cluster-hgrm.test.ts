// A cluster config keeps each node's per-wait latency as an HDR histogram (perNode[].latencyUs)
// and their merge as its own latencyUs: --out DIR writes one .hgrm per config and one per config
// and node, and a run recorded before they were kept goes out as result.json alone.

import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClusterRun } from '../../../lab/run/cluster/cluster-run.ts';
import { createLatencyHistogram, recordUs, summarizeLatency } from '../../../lab/metrics/index.ts';
import { writeOutDir } from '../../../lab/report/index.ts';
import { clusterLab, clusterResult, clusterV1 } from './cluster-result.fixture.ts';

const summaryOf = (samplesUs: number[]) => {
  const h = createLatencyHistogram();
  for (const us of samplesUs) recordUs(h, us);
  const summary = { ...summarizeLatency(h), waits: samplesUs.length };
  h.destroy();
  return summary;
};

describe('cluster per-node histograms', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('go to --out DIR as one .hgrm per config and per config and node, each with its own samples', async () => {
    const [first, ...rest] = clusterV1.configs;
    const withHistograms = clusterLab({
      ...clusterV1,
      configs: [{ ...first!, perNode: first!.perNode.map((n, i) => ({ ...n, latencyUs: summaryOf(Array.from({ length: 10 * (i + 1) }, (_, k) => 100 * (i + 1) + k)) })) }, ...rest],
    } satisfies ClusterRun);
    const dir = await mkdtemp(join(tmpdir(), 'rfl-cluster-out-'));
    dirs.push(dir);
    const files = await writeOutDir(withHistograms, dir);
    const nodes = first!.perNode.map((n) => n.node);
    expect(files).toEqual([join(dir, 'result.json'), join(dir, 'sync_flat.hgrm'), ...nodes.map((node) => join(dir, `sync_flat_${node}.hgrm`))]);
    expect((await readdir(dir)).sort()).toEqual(['result.json', 'sync_flat.hgrm', ...nodes.map((node) => `sync_flat_${node}.hgrm`)].sort());
    // The config's own histogram is every node's merged.
    const merged = await readFile(join(dir, 'sync_flat.hgrm'), 'utf8');
    expect(Number(/Total count\s*=\s*(\d+)/.exec(merged)?.[1])).toBe(nodes.reduce((sum, _, i) => sum + 10 * (i + 1), 0));
    for (const [i, node] of nodes.entries()) {
      const text = await readFile(join(dir, `sync_flat_${node}.hgrm`), 'utf8');
      expect(Number(/Total count\s*=\s*(\d+)/.exec(text)?.[1])).toBe(10 * (i + 1));
      expect(Number(/Max\s*=\s*([\d.]+)/.exec(text)?.[1])).toBe(100 * (i + 1) + 10 * (i + 1) - 1);
    }
    expect(JSON.parse(await readFile(join(dir, 'result.json'), 'utf8'))).toEqual(withHistograms);
  });

  it('a node that kept no histogram (a result from before) writes none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rfl-cluster-out-'));
    dirs.push(dir);
    expect(clusterResult.configs.every((c) => c.perNode!.every((n) => n.latencyUs === undefined))).toBe(true);
    expect(await writeOutDir(clusterResult, dir)).toEqual([join(dir, 'result.json')]);
  });
});
