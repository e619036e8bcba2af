// A Redis Cluster scenario through runScenario, the one runner, into a LabResult, and every
// surface a single-node result has on it: its expect thresholds judged, progress events, the HTML
// report, compare (judging the medians of two results), --out DIR with an .hgrm per node, and
// the vitest matchers. Real Redis Cluster nodes and Toxiproxy, started by the code under test.

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../lab/vitest/index.ts';
import { runScenario, type LabResult, type PolicyName, type ProgressEvent } from '../../lab/index.ts';
import { compareResults, renderHtmlReport, writeOutDir } from '../../lab/report/index.ts';
import { inlineScenario } from './support.ts';

const SCENARIO = `name: cluster-one-runner
description: three shards, one farther away; a failover of the near shard
topology: { cluster: { primaries: 3, replicas: 1, node-timeout: 1000ms } }
network: { rtt: 1ms, nodes: { primary-3: { rtt: 8ms } } }
workload: { command: SET, key: "o:{i}", keys: { sequential: 60 }, commands: 60 }
modes: [sync, { pipeline: 20 }]
warmup: 0
repeat: 3
calibration: { pings: 10 }
expect:
  - "redirects == 0"
  - "at rtt=1ms: median > 0ms"
timeline:
  - { name: failover, failover: { promote: replica-1-1 } }
`;

describe('a Redis Cluster scenario through runScenario', () => {
  let result: LabResult;
  const events: ProgressEvent[] = [];
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rfl-cluster-lab-'));
    result = await runScenario(inlineScenario(SCENARIO), { runtime: 'local', onProgress: (e) => events.push(e) });
  }, 240_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is a LabResult of version 2 whose thresholds were judged', () => {
    expect(result.resultVersion).toBe(2);
    expect(result.configs.map((c) => c.id)).toEqual(['sync@flat', 'pipeline:20@flat', 'sync@shaped', 'pipeline:20@shaped']);
    expect(result.thresholds.map((t) => [t.source, t.pass])).toEqual([
      ['redirects == 0', true],
      ['at rtt=1ms: median > 0ms', true],
    ]);
    // Each threshold covered the configs it selects: every config, then the shaped ones (rtt 1 ms).
    expect(result.thresholds[0]!.checked).toHaveLength(4);
    expect(result.thresholds[1]!.checked.map((c) => c.configId)).toEqual(['sync@shaped', 'pipeline:20@shaped']);
    expect(result.pass).toBe(true);
  });

  it('emits the progress events of any run', () => {
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('runtime-starting');
    expect(types).toContain('runtime-started');
    expect(events.filter((e) => e.type === 'config-start')).toHaveLength(4);
    expect(events.filter((e) => e.type === 'config-done').map((e) => (e.type === 'config-done' ? e.config.id : ''))).toEqual(result.configs.map((c) => c.id));
    expect(events.filter((e) => e.type === 'reconcile-done')).toHaveLength(1);
    expect(types.at(-1)).toBe('stopped');
  });

  it('passes the vitest matchers', () => {
    expect(result).toHaveVerifiedRuns();
    expect(result).toPassThresholds();
    // The lab's own writer across the failover: every write read back.
    expect(result).toBeRetrySafe('lab-writer' as PolicyName<'ioredis-default'>);
  });

  it('renders in the HTML report with its nodes, per-node latency and the failover\'s events', () => {
    const html = renderHtmlReport([result]);
    expect(html).toContain('<h1>cluster-one-runner <span class="pass">PASS</span></h1>');
    expect(html).toContain('<h3>Per node</h3>');
    expect(html).toContain('Topology {cluster: {primaries: 3, replicas: 1, node-timeout: 1000ms}}');
    expect(html).toContain('failover / sync / lab-writer');
    expect(html).toContain('<h2>Thresholds</h2>');
    expect(html).toContain('redirects == 0');
  });

  it('is judged by compare: a copy with every run 1.5 times slower fails on its medians', () => {
    const slowed: LabResult = { ...result, configs: result.configs.map((c) => ({ ...c, runs: c.runs.map((r) => ({ ...r, totalMs: r.totalMs * 1.5 })), medianMs: c.medianMs === null ? null : c.medianMs * 1.5 })) };
    const same = compareResults(result, result, 10);
    expect(same.pass).toBe(true);
    expect(same.configs.every((c) => c.noise !== 'too-few-runs')).toBe(true); // 3 runs against 3: judged
    const worse = compareResults(result, slowed, 10);
    // Where the slowest base run is below every slowed one, the medians moved beyond the noise.
    const apart = result.configs.filter((c) => Math.min(...c.runs.map((r) => r.totalMs)) * 1.5 > Math.max(...c.runs.map((r) => r.totalMs))).map((c) => c.id);
    expect(apart.length).toBeGreaterThan(0);
    expect(worse.configs.filter((c) => c.failure !== null).map((c) => c.id)).toEqual(apart);
    expect(worse.pass).toBe(false);
  });

  it('goes to --out DIR with an .hgrm per config and per config and node', async () => {
    const files = await writeOutDir(result, dir);
    const names = await readdir(dir);
    expect(files[0]).toBe(join(dir, 'result.json'));
    for (const config of result.configs) {
      expect(config.latencyUs?.count).toBe(config.perNode!.reduce((n, s) => n + (s.latencyUs?.count ?? 0), 0));
      expect(names).toContain(`${config.id.replace(/[^A-Za-z0-9._=-]/g, '_')}.hgrm`);
      for (const share of config.perNode!) {
        if (share.latencyUs === undefined) continue;
        const name = `${config.id}@${share.node}`.replace(/[^A-Za-z0-9._=-]/g, '_');
        const text = await readFile(join(dir, `${name}.hgrm`), 'utf8');
        expect(Number(/Total count\s*=\s*(\d+)/.exec(text)?.[1])).toBe(share.latencyUs.count);
      }
    }
    // Every primary answered its share of a sync run.
    expect(result.configs[0]!.perNode!.filter((s) => s.latencyUs !== undefined).map((s) => s.node)).toEqual(['primary-1', 'primary-2', 'primary-3']);
  });
});
