// A primary with replicas gives the result every scenario gives (issue 23): its replication
// settings are configs and its failover rows reconcile rows, so `expect:` thresholds judge them
// (a passing and a failing set), and the table, `report --html`, `compare` and the vitest
// matchers read them without special cases. Real Redis and Toxiproxy, local runtime.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import 'redis-fault-lab/vitest';
import { runScenario, type LabResult } from '../../lab/index.ts';
import { toJson, writeOutDir } from '../../lab/report/index.ts';
import { runCli } from './run-cli.ts';
import { inlineScenario } from './support.ts';

// failover-lost-writes.yaml, small: one workload, both WAIT settings, one run each.
const failover = (expectLines: string[]) => `
name: failover-thresholds
topology: {primary: 1, replicas: 1}
network: {rtt: 1ms}
replication: {wait: [none, {replicas: 1, timeout: 100ms}]}
workload: {label: INCR, command: INCR, key: counter, commands: 50000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
timeline:
  - {name: isolate, at: 300ms, for: 1500ms, partition: {nodes: [primary], from: peers}}
  - {name: promote, at: 1s, failover: {promote: replica-1}}
expect:
${expectLines.map((line) => `  - "${line}"`).join('\n')}
`;

// replica-across-dc.yaml, small: 100 SETs, 2 runs per WAIT setting.
const REPLICATION = `
name: replica-thresholds
topology: {primary: 1, replicas: 1}
network:
  rtt: 1ms
  nodes:
    replica-1: {rtt: 10ms}
replication:
  wait: [none, {replicas: 1, timeout: 100ms}]
  markers: 20
workload: {command: SET, key: "dc:{i}", keys: sequential, value: 64B, commands: 100}
modes: [sync]
warmup: 0
repeat: 2
calibration: {pings: 10}
expect:
  - "at wait=1/100ms: under-replicated == 0"
  - "SET at wait=1/100ms: wait-p(99) < 2s"
`;

let dir: string;
let passing: LabResult;
let replication: LabResult;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rfl-replicas-result-'));
  passing = await runScenario(
    inlineScenario(failover(['INCR at wait=none: lost > 0', 'at wait=none: UNSAFE', 'at wait=none: by-minority > 0', 'INCR at wait=1/100ms: lost-replicated == 0'])),
    { runtime: 'local' },
  );
  replication = await runScenario(inlineScenario(REPLICATION), { runtime: 'local' });
  await writeFile(join(dir, 'failover.json'), toJson(passing));
  await writeFile(join(dir, 'replication.json'), toJson(replication));
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('primary with replicas: one result', () => {
  it('makes failover rows reconcile rows whose thresholds pass', () => {
    expect(passing.configs).toEqual([]);
    const rows = passing.reconcile!;
    expect(rows.map((r) => r.id)).toEqual(['INCR / no WAIT', 'INCR / WAIT 1 100ms']);
    expect(rows.map((r) => r.wait)).toEqual([null, { replicas: 1, timeoutMs: 100 }]);
    expect(rows[0]!.fault).toBe('isolate + promote');
    expect(rows[0]!.node).toBe('primary');
    expect(rows[0]!.policy).toBe('none');
    expect(rows[0]!.events!.map((e) => e.event)).toContain('replica promoted');
    // Each threshold selected exactly the rows it names, and passed on them.
    expect(passing.thresholds.map((t) => [t.source, t.checked.map((c) => c.configId), t.pass])).toEqual([
      ['INCR at wait=none: lost > 0', ['INCR / no WAIT'], true],
      ['at wait=none: UNSAFE', ['INCR / no WAIT'], true],
      ['at wait=none: by-minority > 0', ['INCR / no WAIT'], true],
      ['INCR at wait=1/100ms: lost-replicated == 0', ['INCR / WAIT 1 100ms'], true],
    ]);
    expect(passing.pass).toBe(true);
    expect(passing).toPassThresholds();
    expect(() => expect(passing).toBeRetrySafe('none')).toThrow(/INCR \/ no WAIT: UNSAFE/);
  });

  it('fails the result when a threshold on a failover row fails', async () => {
    const failing = await runScenario(inlineScenario(failover(['INCR at wait=none: lost == 0', 'at wait=none: SAFE'])), { runtime: 'local' });
    expect(failing.thresholds.map((t) => t.pass)).toEqual([false, false]);
    expect(failing.thresholds[0]!.checked[0]!.actual).toBeGreaterThan(0);
    expect(failing.pass).toBe(false);
    expect(failing).not.toPassThresholds();
  }, 300_000);

  it('makes replication settings configs with HDR latency, WAIT figures and lag, judged by thresholds', () => {
    const [plain, waited] = replication.configs;
    expect(plain!.id).toBe('SET / no WAIT');
    expect(plain!.wait).toBeNull();
    expect(waited!.wait).toEqual({ replicas: 1, timeoutMs: 100 });
    expect(waited!.runs).toHaveLength(2);
    expect(waited!.latencyUs!.hdr).not.toBeNull();
    expect(waited!.latencyUs!.count).toBe(200);
    expect(waited!.waitReached).toEqual({ '1': 200 });
    expect(waited!.lag![0]!.replica).toBe('replica-1');
    // WAIT 1 crosses the 10 ms replica link: a write with its WAIT takes well over a write alone.
    expect(waited!.latencyUs!.p50).toBeGreaterThan(plain!.latencyUs!.p50 * 3);
    expect(replication.thresholds.map((t) => t.pass)).toEqual([true, true]);
    expect(replication.pass).toBe(true);
    expect(replication).toHaveVerifiedRuns();
  });

  it('renders in the table and the HTML report, and compare reads it', async () => {
    const table = await runCli(['report', join(dir, 'failover.json')]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('Reconcile');
    expect(table.stdout).toMatch(/INCR at wait=1\/100ms: lost-replicated == 0/);
    expect(table.stdout).toContain('by minority');
    // The rows differ by their WAIT setting, and the Reconcile block says which is which.
    expect(table.stdout).toMatch(/INCR\s+isolate \+ promote\s+sync\s+none\s+none/);
    expect(table.stdout).toMatch(/INCR\s+isolate \+ promote\s+sync\s+1\/100ms\s+none/);
    const configs = await runCli(['report', join(dir, 'replication.json')]);
    expect(configs.stdout).toContain('wait=1/100ms');
    expect(configs.stdout).toContain('Replication');
    const html = join(dir, 'report.html');
    const report = await runCli(['report', join(dir, 'failover.json'), join(dir, 'replication.json'), '--html', html]);
    expect(report.code, report.stderr).toBe(0);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('INCR / no WAIT');
    expect(page).toContain('SET / WAIT 1 100ms');
    const same = await runCli(['compare', join(dir, 'replication.json'), join(dir, 'replication.json')]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('SET / WAIT 1 100ms');
    // Each replication config's HDR histogram exports as an .hgrm file.
    await writeOutDir(replication, join(dir, 'out'));
    const hgrm = await readFile(join(dir, 'out', 'SET___WAIT_1_100ms.hgrm'), 'utf8');
    expect(hgrm).toMatch(/Total count\s*=\s*200\]/);
  });

  it('refuses a version 1 replica result, naming the version it needs', async () => {
    const v1 = { ...replication, configs: [], topology: { ...replication.topology!, replication: [] } };
    await writeFile(join(dir, 'v1.json'), JSON.stringify(v1));
    const read = await runCli(['report', join(dir, 'v1.json')]);
    expect(read.code).not.toBe(0);
    expect(read.stderr).toContain('E_RESULT_INVALID');
    expect(read.stderr).toContain('result version 1 (topology.replication); this version reads version 2');
  });
});
