// A cluster config keeps each node's per-wait latency as an HDR histogram (NodeShare.latencyUs),
// as a single-node config keeps its own: --out DIR writes one .hgrm per config and node from it,
// and a result written before it was kept still goes out as result.json alone.

import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClusterResult } from '../../../lab/contracts/index.ts';
import { createLatencyHistogram, recordUs, summarizeLatency } from '../../../lab/metrics/index.ts';
import { writeOutDir } from '../../../lab/report/index.ts';
import { clusterResult } from './cluster-result.fixture.ts';

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

  it('go to --out DIR as one .hgrm per config and node, each with its own samples', async () => {
    const [first, ...rest] = clusterResult.configs;
    const withHistograms: ClusterResult = {
      ...clusterResult,
      configs: [{ ...first!, perNode: first!.perNode.map((n, i) => ({ ...n, latencyUs: summaryOf(Array.from({ length: 10 * (i + 1) }, (_, k) => 100 * (i + 1) + k)) })) }, ...rest],
    };
    const dir = await mkdtemp(join(tmpdir(), 'rfl-cluster-out-'));
    dirs.push(dir);
    const files = await writeOutDir(withHistograms, dir);
    const nodes = first!.perNode.map((n) => n.node);
    expect(files).toEqual([join(dir, 'result.json'), ...nodes.map((node) => join(dir, `sync_flat_${node}.hgrm`))]);
    expect((await readdir(dir)).sort()).toEqual(['result.json', ...nodes.map((node) => `sync_flat_${node}.hgrm`)].sort());
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
    expect(clusterResult.configs.every((c) => c.perNode.every((n) => n.latencyUs === undefined))).toBe(true);
    expect(await writeOutDir(clusterResult, dir)).toEqual([join(dir, 'result.json')]);
  });
});
