// The lab's own end on the local runtime: a signal (twice, to the process and to its group, as
// `timeout` sends it, also through coreutils' timeout itself) stops everything within a bound;
// the servers of a SIGKILLed lab, and of one that runs out of memory, end with it.
// Each run gets its own TMPDIR, so its data dir (and the owner file listing its servers' pids)
// is the only `redis-fault-lab-*` entry there.

import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from './support.ts';

const BIN = new URL('../../lab/cli/bin.mjs', import.meta.url).pathname;
// Minutes of sync INCR at 20 ms: long enough to be stopped in the middle of a run.
const LONG_RUN = 'name: long\nworkload: { command: INCR, commands: 100000 }\nmodes: [sync]\nnetwork: { rtt: [20ms] }\nwarmup: 0\nrepeat: 1\ncalibration: { pings: 5 }\n';
const STOP_BOUND_MS = 30_000;
const OOM_POLICY = 'test/fixtures/policies/oom-in-perform.yaml';

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  afterMs: number;
}

interface RunningLab {
  pid: number;
  dataDir: string;
  serverPids: number[];
  stderr: () => string;
  /** Resolves when the lab's process exits; `afterMs` counts from `markSignal()`. */
  ended: Promise<Ended>;
  markSignal: () => void;
}

let dir: string;
let scenario: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rfl-lifecycle-'));
  scenario = join(dir, 'long.yaml');
  await writeFile(scenario, LONG_RUN);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const until = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

// The run's data dir once its owner file lists redis-server and toxiproxy-server.
const ownedDir = async (labTmp: string): Promise<{ dataDir: string; serverPids: number[] } | undefined> => {
  for (const entry of (await readdir(labTmp)).filter((name) => name.startsWith('redis-fault-lab-'))) {
    const dataDir = join(labTmp, entry);
    // Not there yet, or caught half written: look again on the next poll.
    const owner = await readFile(join(dataDir, 'owner.json'), 'utf8')
      .then((text) => JSON.parse(text) as { children: { pid: number }[] })
      .catch(() => undefined);
    if (owner !== undefined && owner.children.length >= 2) return { dataDir, serverPids: owner.children.map((c) => c.pid) };
  }
  return undefined;
};

// Starts `run --runtime local` in its own process group and waits until its measured run began.
// With `under`, the lab runs under that command (e.g. `timeout 600`), which leads the group.
const startLab = async (under: string[] = []): Promise<RunningLab> => {
  const labTmp = await mkdtemp(join(dir, 'tmp-'));
  const [command = process.execPath, ...prefix] = [...under, process.execPath];
  const child = spawn(command, [...prefix, BIN, 'run', scenario, '--runtime', 'local'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', TMPDIR: labTmp },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let signalledAt = performance.now();
  const ended = new Promise<Ended>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, afterMs: performance.now() - signalledAt })));
  const { dataDir, serverPids } = await until('the owner file', () => ownedDir(labTmp), 60_000);
  await until('the measured run', async () => (stderr.includes('[1/1]') ? true : undefined), 60_000);
  return { pid: child.pid ?? -1, dataDir, serverPids, stderr: () => stderr, ended, markSignal: () => (signalledAt = performance.now()) };
};

// Processes whose command line names the data dir (the servers' supervisors, a server's config).
const processesNaming = async (dataDir: string): Promise<string> =>
  promisify(execFile)('pgrep', ['-af', dataDir]).then(
    ({ stdout }) => stdout.trim(),
    () => '', // pgrep exits 1 when nothing matches
  );

const dirGone = (dataDir: string): Promise<boolean> => readdir(dataDir).then(() => false, (error: NodeJS.ErrnoException) => error.code === 'ENOENT');

// Within `withinMs`: the servers have ended, no process names the data dir, and the dir is gone.
const expectNothingLeft = async (lab: RunningLab, withinMs: number): Promise<void> => {
  const clean = async () =>
    lab.serverPids.every((pid) => !processAlive(pid)) && (await processesNaming(lab.dataDir)) === '' && (await dirGone(lab.dataDir));
  await until('nothing left', async () => ((await clean()) ? true : undefined), withinMs).catch(() => undefined);
  expect(lab.serverPids.filter((pid) => processAlive(pid))).toEqual([]);
  expect(await processesNaming(lab.dataDir)).toBe('');
  expect(await dirGone(lab.dataDir)).toBe(true);
};

describe('the lab ends cleanly, whatever ends it', () => {
  it('SIGTERM to the process and then to its group (as timeout(1) sends it) counts once: stops everything, exits 143', async () => {
    const lab = await startLab();
    lab.markSignal();
    process.kill(lab.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 5));
    process.kill(-lab.pid, 'SIGTERM');
    const ended = await lab.ended;
    expect(ended.afterMs).toBeLessThan(STOP_BOUND_MS);
    expect(ended, lab.stderr()).toMatchObject({ code: 143, signal: null });
    expect(lab.stderr()).toContain('interrupted by SIGTERM');
    // Stopped by the run itself, not by the force or the stop bound (both say "exiting now").
    expect(lab.stderr()).toContain('runtime stopped');
    expect(lab.stderr()).not.toContain('exiting now');
    // The lab stopped its servers and removed the dir itself, before it exited.
    expect(await dirGone(lab.dataDir)).toBe(true);
    await expectNothingLeft(lab, 1_000);
  });

  it('SIGINT to the group, and again a second later without a terminal (stdin is not a tty): never forced, stops everything, exits 130', async () => {
    const lab = await startLab();
    lab.markSignal();
    process.kill(-lab.pid, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    try {
      process.kill(-lab.pid, 'SIGINT');
    } catch {
      // the lab had already stopped and exited: nothing left to signal
    }
    const ended = await lab.ended;
    expect(ended.afterMs).toBeLessThan(STOP_BOUND_MS);
    expect(ended, lab.stderr()).toMatchObject({ code: 130, signal: null });
    expect(lab.stderr()).toContain('interrupted by SIGINT');
    expect(lab.stderr()).toContain('runtime stopped');
    expect(lab.stderr()).not.toContain('exiting now');
    await expectNothingLeft(lab, 1_000);
  });

  it('a SIGKILLed lab takes its local servers and its data dir (the password) with it', async () => {
    const lab = await startLab();
    lab.markSignal();
    process.kill(lab.pid, 'SIGKILL');
    expect(await lab.ended).toMatchObject({ code: null, signal: 'SIGKILL' });
    // Nothing waits for a later run to reap them: the servers' watchers act at once.
    await expectNothingLeft(lab, 10_000);
  });

  it('under coreutils timeout (its SIGTERM to the lab and then to the group), twice: stops everything, exits 143 each time', async () => {
    for (let attempt = 1; attempt <= 2; attempt++) {
      // SIGTERM to timeout(1) makes it do what its expiry does: forward the signal to the lab,
      // then send it to its whole process group (and SIGCONT after), without killing itself.
      const lab = await startLab(['timeout', '600']);
      lab.markSignal();
      process.kill(lab.pid, 'SIGTERM');
      const ended = await lab.ended;
      expect(ended.afterMs).toBeLessThan(STOP_BOUND_MS);
      expect(ended, `attempt ${attempt}: ${lab.stderr()}`).toMatchObject({ code: 143, signal: null });
      expect(lab.stderr()).toContain('interrupted by SIGTERM');
      expect(lab.stderr()).toContain('runtime stopped');
      expect(lab.stderr()).not.toContain('exiting now');
      await expectNothingLeft(lab, 1_000);
    }
  });

  it('a lab that runs out of memory (V8 aborts it, no exit hook runs) takes its servers and its data dir with it', async () => {
    const labTmp = await mkdtemp(join(dir, 'tmp-'));
    const mark = join(dir, 'oom.mark');
    const child = spawn(process.execPath, ['--max-old-space-size=128', BIN, 'run', OOM_POLICY, '--runtime', 'local'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', TMPDIR: labTmp, RFL_POLICY_MARK: mark },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
    expect(stderr).toMatch(/heap out of memory|Reached heap limit/);
    expect(code === 134 || signal === 'SIGABRT', `code ${code}, signal ${signal}`).toBe(true);
    const serverPids = (await readFile(mark, 'utf8')).split('\n').map(Number);
    expect(serverPids).toHaveLength(2); // redis-server and toxiproxy-server were running when it died
    const clean = async () =>
      serverPids.every((pid) => !processAlive(pid)) &&
      (await processesNaming(labTmp)) === '' &&
      (await readdir(labTmp)).every((entry) => !entry.startsWith('redis-fault-lab-'));
    await until('nothing left', async () => ((await clean()) ? true : undefined), 10_000).catch(() => undefined);
    expect(serverPids.filter((pid) => processAlive(pid))).toEqual([]);
    expect(await processesNaming(labTmp)).toBe('');
    expect((await readdir(labTmp)).filter((entry) => entry.startsWith('redis-fault-lab-'))).toEqual([]);
  });
});
