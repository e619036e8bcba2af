// The command line as a user meets it: exit codes, stdout/stderr, the JSON file, Ctrl-C.

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startRuntime } from '../../lab/index.ts';
import { labContainerIds, labNetworkNames } from './support.ts';

const BIN = new URL('../../lab/cli/bin.mjs', import.meta.url).pathname;

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Runs the CLI; `onStderr` may act on progress (e.g. send SIGINT).
const cli = (args: string[], onStderr?: (text: string, kill: (signal: NodeJS.Signals) => void) => void): Promise<Exit> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      onStderr?.(stderr, (signal) => child.kill(signal));
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });

// Minutes of sync INCR at 20 ms: long enough to be interrupted in the middle of a run.
const LONG_RUN = 'name: long\nworkload: { command: INCR, commands: 100000 }\nmodes: [sync]\nnetwork: { rtt: [20ms] }\nwarmup: 0\nrepeat: 1\ncalibration: { pings: 5 }\n';

let dir: string;
const scenarioFile = async (name: string, yaml: string): Promise<string> => {
  const file = join(dir, name);
  await writeFile(file, yaml);
  return file;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rfl-cli-'));
});

describe('redis-fault-lab CLI', () => {
  it('validates the shipped scenario without starting anything', async () => {
    const before = await labContainerIds();
    const result = await cli(['validate', 'scenarios/cross-dc-incr.yaml']);
    expect(result).toMatchObject({ code: 0, stdout: 'ok  scenarios/cross-dc-incr.yaml: cross-dc-incr\n' });
    expect(await labContainerIds()).toEqual(before);
  });

  it('rejects a broken file with exit 2, file:line:col and field, and no stack trace', async () => {
    const file = await scenarioFile('broken.yaml', 'name: broken\nworkload: { command: INCR, commands: 10 }\nmodes: [sync]\nnetwork:\n  rtt: 10\n');
    const result = await cli(['validate', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:5:8: network.rtt`);
    expect(result.stderr).toContain('hint:');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 on a usage error', async () => {
    const result = await cli(['run', 'scenarios/cross-dc-incr.yaml', '--runtime', 'vm']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error [E_USAGE]: --runtime "vm" is not a runtime: expected auto, containers, local');
  });

  it('runs a scenario, prints the table on stdout, writes JSON, exits 1 when a threshold fails', async () => {
    const file = await scenarioFile(
      'threshold.yaml',
      `name: cli-threshold
workload: { command: INCR, commands: 50 }
modes: [sync, { pipeline: 50 }]
network: { rtt: [0ms, 2ms] }
warmup: 0
repeat: 1
calibration: { pings: 10 }
expect:
  - "pipeline:50: median < 10s"
  - "sync at rtt=2ms: median < 1ms"
`, // bounds orders of magnitude from any real figure (50 waits of 2 ms cannot take < 1 ms): they test the plumbing, not speed

    );
    const json = join(dir, 'out', 'result.json');
    const result = await cli(['run', file, '--runtime', 'local', '--json', json]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Overall: FAIL');
    expect(result.stderr).toContain('calibrated rtt=2ms');
    const written = JSON.parse(await readFile(json, 'utf8'));
    expect(written.runtime).toBe('local');
    expect(written.thresholds.map((t: { pass: boolean }) => t.pass)).toEqual([true, false]);
    expect(written.configs.map((c: { id: string }) => c.id)).toEqual(['sync@rtt=0ms', 'pipeline:50@rtt=0ms', 'sync@rtt=2ms', 'pipeline:50@rtt=2ms']);
    expect(written.pass).toBe(false);
  });

  it('a fault that fires only after the run ended judges nothing: NOT-TESTED rows, a warning naming it, exit 1 on "SAFE"', async () => {
    // 32 INCR in pipelines of 16 at rtt 0 take a few ms; the reset is due 5 s after the start,
    // long after the run and its read-back are over, so it never fires.
    const file = await scenarioFile(
      'late-fault.yaml',
      `name: late-fault
workload: { command: INCR, key: late:counter, commands: 32 }
modes: [pipeline:16]
network: { rtt: 0ms }
faults:
  - name: late-reset
    at: 5s
    reset: {}
policies: [none, idempotent]
repeat: 1
calibration: { pings: 5 }
expect:
  - "policy idempotent: SAFE"
`,
    );
    const json = join(dir, 'late', 'result.json');
    const result = await cli(['run', file, '--runtime', 'local', '--json', json]);
    expect(result.code).toBe(1);
    const written = JSON.parse(await readFile(json, 'utf8'));
    expect(written.reconcile.map((e: { verdict: string; faultObserved: boolean }) => [e.verdict, e.faultObserved])).toEqual([
      ['NOT-TESTED', false],
      ['NOT-TESTED', false],
    ]);
    expect(written.thresholds).toMatchObject([{ source: 'policy idempotent: SAFE', pass: false }]);
    expect(written.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^fault late-reset \(mode pipeline:16, policy none\) never fired/),
        expect.stringMatching(/^fault late-reset \(mode pipeline:16, policy idempotent\) never fired/),
      ]),
    );
    const row = result.stdout.split('\n').find((line) => line.includes('late-reset') && line.includes('idempotent') && line.includes('32/32'));
    expect(row).toContain('NOT-TESTED');
    expect(result.stdout).toContain('Overall: FAIL');
    expect(result.stdout).toMatch(/! fault late-reset \(mode pipeline:16, policy idempotent\) never fired/);
  });

  it.each([
    ['while the containers start', 'starting'],
    ['in the middle of a measured run', 'calibrated rtt=20ms'],
  ])('on Ctrl-C %s: stops the containers it started and exits 130', async (_when, trigger) => {
    const before = await labContainerIds();
    const file = await scenarioFile('long.yaml', LONG_RUN);
    let sent = false;
    const result = await cli(['run', file, '--runtime', 'containers'], (stderr, kill) => {
      if (!sent && stderr.includes(trigger)) {
        sent = true;
        setTimeout(() => kill('SIGINT'), 300);
      }
    });
    expect(sent).toBe(true);
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('interrupted');
    expect(await labContainerIds()).toEqual(before);
  });

  it('after a SIGKILL leaves containers behind, the next run removes them', async () => {
    const before = await labContainerIds();
    const file = await scenarioFile('killed.yaml', LONG_RUN);
    let sent = false;
    const killed = await cli(['run', file, '--runtime', 'containers'], (stderr, kill) => {
      if (!sent && stderr.includes('calibrated rtt=20ms')) {
        sent = true;
        kill('SIGKILL');
      }
    });
    expect(killed.code).toBeNull();
    const orphans = (await labContainerIds()).filter((id) => !before.includes(id));
    expect(orphans).toHaveLength(2);
    const runtime = await startRuntime('containers');
    await runtime.stop();
    const after = await labContainerIds();
    for (const id of orphans) expect(after).not.toContain(id);
    expect(await labNetworkNames()).toEqual([]);
  });
});
