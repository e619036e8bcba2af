// The lab survives its own parts failing: Redis or Toxiproxy killed in the middle of a run, or
// no Docker engine at the address the user gave. Each case runs the CLI as a user would and
// checks: exit 2, a message naming what died, an end within a bounded time of the failure, no
// stack trace, and nothing of the lab left (processes, containers, network).

import { execFile, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getContainerRuntimeClient } from 'testcontainers';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLabError, runScenario, startRuntime } from '../../lab/index.ts';
import { LAB_LABEL } from '../../lab/runtime/index.ts';
import { inlineScenario, processAlive } from './support.ts';

const run = promisify(execFile);
const BIN = new URL('../../lab/cli/bin.mjs', import.meta.url).pathname;

// Sync INCR at 20 ms: ~2000 s if nothing stopped it, so any end within the bound is the lab noticing.
const LONG_RUN = 'name: long\nworkload: { command: INCR, commands: 100000 }\nmodes: [sync]\nnetwork: { rtt: [20ms] }\nwarmup: 0\nrepeat: 1\ncalibration: { pings: 5 }\n';
// From the kill to the CLI's exit, stop included; a few seconds on an idle machine.
const BOUND_MS = 30_000;

interface Ended {
  code: number | null;
  stderr: string;
  /** ms from the moment the part was killed to the CLI's exit (undefined when nothing was killed). */
  afterKillMs: number | undefined;
  /** ms from spawn to exit. */
  wallMs: number;
  pid: number;
}

// Runs the CLI; once the measured run has started, `kill(cliPid)` kills a part of its runtime.
const runAndKill = (args: string[], env: NodeJS.ProcessEnv, kill?: (cliPid: number) => Promise<void>): Promise<Ended> =>
  new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1', ...env } });
    let stderr = '';
    let killedAt: number | undefined;
    let killing = false;
    let failed: unknown;
    child.stdout.resume();
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (kill && !killing && stderr.includes('sync@rtt=20ms  starting')) {
        killing = true;
        // One second into the run: Redis and Toxiproxy are both in use.
        setTimeout(() => {
          kill(child.pid!).then(
            () => (killedAt = performance.now()),
            (error: unknown) => {
              failed = error;
              child.kill('SIGINT'); // the lab stops what it started; the test then fails
            },
          );
        }, 1_000);
      }
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (failed !== undefined) return reject(failed);
      const end = performance.now();
      resolve({ code, stderr, afterKillMs: killedAt === undefined ? undefined : end - killedAt, wallMs: end - start, pid: child.pid! });
    });
  });

// The servers the CLI started itself: its child processes, by executable name (`comm`, at most
// 15 characters: toxiproxy-server shows as toxiproxy-serve).
const childServers = async (cliPid: number): Promise<Map<string, number>> => {
  const { stdout } = await run('ps', ['-o', 'pid=,comm=', '--ppid', String(cliPid)]);
  const found = new Map<string, number>();
  for (const line of stdout.trim().split('\n')) {
    const [pid, comm] = line.trim().split(/\s+/);
    // Also tsx's esbuild service runs as a child: keep only the two servers.
    if (pid && (comm === 'redis-server' || comm === 'toxiproxy-serve')) found.set(comm, Number(pid));
  }
  return found;
};

// Containers (running or not) and networks the CLI process with this pid created.
const labContainersOf = async (cliPid: number) => {
  const client = await getContainerRuntimeClient();
  return client.container.dockerode.listContainers({ all: true, filters: { label: [`${LAB_LABEL}.pid=${cliPid}`] } });
};
const labNetworksOf = async (cliPid: number): Promise<string[]> => {
  const client = await getContainerRuntimeClient();
  return (await client.container.dockerode.listNetworks()).map((n) => n.Name).filter((name) => name.startsWith(`redis-fault-lab-${cliPid}-`));
};

let file: string;
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'rfl-parts-'));
  file = join(dir, 'long.yaml');
  await writeFile(file, LONG_RUN);
});

const expectEndedCleanly = (ended: Ended, message: RegExp) => {
  expect(ended.code, ended.stderr).toBe(2);
  expect(ended.stderr).toMatch(message);
  expect(ended.stderr).toContain('error [E_RUNTIME_DIED]');
  expect(ended.stderr).toContain('hint:');
  expect(ended.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(ended.afterKillMs).toBeDefined();
  expect(ended.afterKillMs!).toBeLessThan(BOUND_MS);
};

describe('local runtime: a server dies mid-run', () => {
  for (const [server, name] of [['toxiproxy-server', 'toxiproxy-serve'], ['redis-server', 'redis-server']] as const) {
    it(`kill -9 of ${server}: exit 2 naming it, within the bound, the other server stopped`, async () => {
      let servers = new Map<string, number>();
      const ended = await runAndKill(['run', file, '--runtime', 'local'], {}, async (cliPid) => {
        servers = await childServers(cliPid);
        process.kill(servers.get(name)!, 'SIGKILL'); // comm is cut to 15 characters
      });
      expect([...servers.keys()].sort()).toEqual(['redis-server', 'toxiproxy-serve']);
      expectEndedCleanly(ended, new RegExp(`the ${server} process \\(pid ${servers.get(name)}\\) exited mid-run \\(signal SIGKILL\\)`));
      for (const pid of servers.values()) expect(processAlive(pid), `pid ${pid} still running`).toBe(false);
    }, 90_000);
  }
});

describe('library: a runtime that outlives a run (as useLab keeps one)', () => {
  it('runScenario rejects with E_RUNTIME_DIED, lost carries it, and later runs fail at once', async () => {
    const runtime = await startRuntime('local');
    try {
      const [redisPid, toxiproxyPid] = runtime.resources.pids;
      // One second after calibration, inside the measured run, Toxiproxy is killed.
      const onProgress = (event: { type: string }) => {
        if (event.type === 'calibrated') setTimeout(() => process.kill(toxiproxyPid!, 'SIGKILL'), 1_000);
      };
      const running = runScenario(inlineScenario(LONG_RUN), { runtime, onProgress });
      const error: unknown = await running.catch((e: unknown) => e);
      expect(isLabError(error) && error.code).toBe('E_RUNTIME_DIED');
      expect((error as Error).message).toBe(`the toxiproxy-server process (pid ${toxiproxyPid}) exited mid-run (signal SIGKILL)`);
      expect(runtime.lost.aborted).toBe(true);
      expect(runtime.lost.reason).toBe(error);
      const started = performance.now();
      await expect(runScenario(inlineScenario(LONG_RUN), { runtime })).rejects.toBe(error);
      // At once, compared with the ~1 s the first run ran before the kill.
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(processAlive(redisPid!)).toBe(true); // the runtime's owner stops it, not the run
    } finally {
      expect((await runtime.stop()).problems).toEqual([]);
    }
    for (const pid of runtime.resources.pids) expect(processAlive(pid)).toBe(false);
  }, 60_000);
});

describe('containers runtime: a container dies mid-run', () => {
  for (const [part, role] of [['Toxiproxy', 'toxiproxy'], ['Redis', 'redis']] as const) {
    it(`docker kill of the ${part} container: exit 2 naming it, within the bound, nothing left`, async () => {
      let killedName = '';
      const ended = await runAndKill(['run', file, '--runtime', 'containers'], {}, async (cliPid) => {
        const containers = await labContainersOf(cliPid);
        expect(containers).toHaveLength(2);
        const target = containers.find((c) => c.Names.some((n) => n.endsWith(`-${role}`)))!;
        killedName = target.Names[0]!;
        await run('docker', ['kill', '--signal', 'KILL', target.Id]);
      });
      expect(killedName).not.toBe('');
      expectEndedCleanly(ended, new RegExp(`the ${part} container exited mid-run \\(exit code 137\\)`));
      expect(await labContainersOf(ended.pid)).toEqual([]);
      expect(await labNetworksOf(ended.pid)).toEqual([]);
    }, 150_000);
  }

  it('no Docker engine at DOCKER_HOST: exit 2 at start, naming the address, nothing created', async () => {
    const dockerHost = 'unix:///nonexistent/redis-fault-lab/docker.sock';
    const ended = await runAndKill(['run', file, '--runtime', 'containers'], { DOCKER_HOST: dockerHost });
    expect(ended.code, ended.stderr).toBe(2);
    expect(ended.stderr).toContain(`error [E_RUNTIME_UNAVAILABLE]: No Docker engine answers at DOCKER_HOST=${dockerHost}`);
    expect(ended.stderr).toContain('hint:');
    expect(ended.stderr).not.toMatch(/\n\s+at /);
    expect(ended.stderr).not.toContain('calibrated'); // it never got as far as a run
    // The probe gives up within its 15 s timeout (and a missing socket fails at once).
    expect(ended.wallMs).toBeLessThan(BOUND_MS);
    expect(await labContainersOf(ended.pid)).toEqual([]);
    expect(await labNetworksOf(ended.pid)).toEqual([]);
  }, 60_000);
});
