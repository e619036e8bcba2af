// A primary with replicas without a timeline, WAIT or read-from runs the single-node measuring
// path on the primary's client proxy (issue 23): an open-loop request workload with a pool,
// pipeline mode beside sync, and a reset on the primary's link with INCR reconciled, each with
// the topology's links calibrated and replication lag sampled during the measured runs; the
// results go through thresholds, `report --html` and `compare`. Real Redis and Toxiproxy, local runtime.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, type ConfigResult, type LabResult } from '../../lab/index.ts';
import { toJson } from '../../lab/report/index.ts';
import { runCli } from './run-cli.ts';
import { inlineScenario } from './support.ts';

const TOPOLOGY = `topology: {primary: 1, replicas: 1}
network: {rtt: 1ms, nodes: {replica-1: {rtt: 10ms}}}
calibration: {pings: 10}`;

const OPEN_LOOP = `
name: topo-open-loop
${TOPOLOGY}
workload:
  label: api
  request: [{command: INCR, key: "hits:{r}"}, {command: GET, key: "page:{r}"}]
  arrival: {rate: 40/s, for: 1s}
  clients: {pool: 2}
modes: [sync]
warmup: 0
repeat: 2
expect: ["request p(99) < 10s"]
`;

const PIPELINE = `
name: topo-pipeline
${TOPOLOGY}
workload: {label: SET, command: SET, key: "k:{i}", keys: sequential, value: 64B, commands: 2000}
modes: [sync, pipeline:32]
warmup: 1
repeat: 2
expect: ["SET at mode=sync: p(99) < 10s"]
`;

const FAULTS = `
name: topo-faults
${TOPOLOGY}
workload: {label: INCR, command: INCR, key: counter, commands: 2000}
modes: [sync]
faults:
  - {name: reset-early, after: 500 commands, reset: {}}
policies: [none, ioredis-default]
repeat: 1
`;

// Lag figures of the one replica: present, ordered, and at least the replication link's one-way
// delay (its peer proxy's calibration, measured in the same run), since a marker crosses it.
const expectLag = (result: LabResult, config: ConfigResult): void => {
  expect(config.readsFrom).toBe('primary');
  const [lag] = config.lag ?? [];
  expect(lag?.replica).toBe('replica-1');
  const ms = lag!.lagMs!;
  expect(ms.samples).toBeGreaterThan(0);
  expect(ms.p50).toBeLessThanOrEqual(ms.p90);
  expect(ms.p90).toBeLessThanOrEqual(ms.max);
  expect(lag!.lagBytes!.p50).toBeLessThanOrEqual(lag!.lagBytes!.max);
  const peer = result.topology!.links.find((l) => l.link.includes('->') && l.link.startsWith('replica-1'));
  expect(peer, 'the replication link is calibrated').toBeDefined();
  expect(ms.p50).toBeGreaterThan(0.4 * peer!.addedMs);
};

let dir: string;
let openLoop: LabResult;
let pipeline: LabResult;
let faults: LabResult;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rfl-topology-single-'));
  openLoop = await runScenario(inlineScenario(OPEN_LOOP), { runtime: 'local' });
  pipeline = await runScenario(inlineScenario(PIPELINE), { runtime: 'local' });
  faults = await runScenario(inlineScenario(FAULTS), { runtime: 'local' });
  for (const [name, result] of Object.entries({ openLoop, pipeline, faults })) await writeFile(join(dir, `${name}.json`), toJson(result));
}, 600_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a primary with replicas on the single-node path (local runtime)', () => {
  it('runs an open-loop request workload with a pool on the primary, with request latency and replication lag', () => {
    expect(openLoop.topology?.topology).toBe('{primary: 1, replicas: 1}');
    expect(openLoop.topology!.nodes.map((n) => n.name)).toEqual(['primary', 'replica-1']);
    // Every node's client link and both replication links, each calibrated to its own shape.
    expect(openLoop.topology!.links.map((l) => l.link).sort()).toEqual(['primary', 'primary->replica-1', 'replica-1', 'replica-1->primary']);
    const replicaLink = openLoop.topology!.links.find((l) => l.link === 'replica-1')!;
    const primaryLink = openLoop.topology!.links.find((l) => l.link === 'primary')!;
    expect(replicaLink.requestedRttMs).toBe(10);
    expect(primaryLink.requestedRttMs).toBe(1);
    expect(replicaLink.addedMs).toBeGreaterThan(primaryLink.addedMs);
    const [config] = openLoop.configs;
    expect(config!.requestLatencyUs?.count).toBeGreaterThan(0);
    expect(config!.requestLatencyUs!.p50).toBeLessThanOrEqual(config!.requestLatencyUs!.p99);
    expect(config!.errors).toBe(0);
    expectLag(openLoop, config!);
    expect(openLoop.notMeasured.some((line) => line.startsWith("the workload went to primary's client proxy"))).toBe(true);
    expect(openLoop.thresholds.map((t) => t.pass)).toEqual([true]);
    expect(openLoop.pass).toBe(true);
  });

  it('runs pipeline mode beside sync on the primary: a batch of 32 pays far fewer round trips', () => {
    const sync = pipeline.configs.find((c) => c.mode === 'sync')!;
    const piped = pipeline.configs.find((c) => c.mode !== 'sync')!;
    expect(piped.batch).toBe(32);
    expect(sync.latencyUs?.count).toBe(4000);
    // Ratios within the run: 2000 round trips against 63 take more time, whatever the load.
    expect(sync.medianMs!).toBeGreaterThan(piped.medianMs! * 2);
    expectLag(pipeline, sync);
    expectLag(pipeline, piped);
    expect(pipeline.thresholds.map((t) => t.pass)).toEqual([true]);
    expect(pipeline.pass).toBe(true);
  });

  it("resets the primary's link under two policies and reconciles INCR", () => {
    expect(faults.topology!.links.length).toBe(4);
    const rows = faults.reconcile ?? [];
    expect(rows.map((r) => r.policy)).toEqual(['none', 'ioredis-default']);
    for (const row of rows) {
      expect(row.faultObserved, `${row.id}: the reset fired`).toBe(true);
      const c = row.counts;
      expect(c.issued).toBe(2000);
      expect(c.acknowledged + c.failed + c.indeterminate).toBe(c.issued);
      expect(c.indeterminateApplied + c.indeterminateNotApplied).toBe(c.indeterminate);
      // The counter read back holds every applied increment, a duplicated one twice.
      expect(row.counter).not.toBeNull();
      expect(row.counter!.final).toBe(c.applied + c.duplicated);
      expect(c.lost).toBe(0);
    }
    // Without a retry, the reset leaves unanswered increments, and the counter stays within what
    // the client was told (ioredis's own re-send may apply one twice: its row may not).
    expect(rows[0]!.counts.failed + rows[0]!.counts.indeterminate).toBeGreaterThan(0);
    expect(rows[0]!.counter!.withinBounds).toBe(true);
  });

  it('runs two connections on a Sentinel topology: every sentinel link calibrated, lag sampled', async () => {
    const result = await runScenario(
      inlineScenario(`
name: topo-sentinel
topology: {primary: 1, replicas: 1, sentinels: 3}
network: {rtt: 1ms, nodes: {replica-1: {rtt: 10ms}}}
calibration: {pings: 10}
workload: {label: INCR, command: INCR, key: counter, commands: 1000}
modes: [sync]
connections: 2
warmup: 0
repeat: 1
`),
      { runtime: 'local' },
    );
    expect(result.topology!.links.map((l) => l.link).filter((l) => l.startsWith('sentinel-'))).toEqual(['sentinel-1', 'sentinel-2', 'sentinel-3']);
    const [config] = result.configs;
    expect(config!.connections).toBe(2);
    expect(config!.errors).toBe(0);
    expectLag(result, config!);
    expect(result.pass).toBe(true);
  });

  it('renders in the table and the HTML report, and compare reads it', async () => {
    const files = ['openLoop', 'pipeline', 'faults'].map((name) => join(dir, `${name}.json`));
    for (const file of files) {
      const table = await runCli(['report', file]);
      expect(table.code, table.stderr).toBe(0);
    }
    const html = join(dir, 'report.html');
    const report = await runCli(['report', ...files, '--html', html]);
    expect(report.code, report.stderr).toBe(0);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('replica-1');
    expect(page).toContain('pipeline:32');
    const same = await runCli(['compare', files[1]!, files[1]!]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('pipeline:32');
  });
});
