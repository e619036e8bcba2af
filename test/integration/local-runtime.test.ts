// The local runtime: redis-server and toxiproxy-server as child processes on 127.0.0.1.

import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runScenario, startRuntime } from '../../lab/index.ts';
import { expectCalibratedHonestly, inlineScenario, processAlive } from './support.ts';

const execFileAsync = promisify(execFile);
const EXIT_WITHOUT_STOP = new URL('../fixtures/programs/exit-without-stop.ts', import.meta.url).pathname;
// Starts a local runtime, prints its pids and waits to be killed.
const KILLED_OWNER = `
const { startRuntime } = await import(${JSON.stringify(new URL('../../lab/index.ts', import.meta.url).pathname)});
const runtime = await startRuntime('local');
process.stdout.write(JSON.stringify(runtime.resources.pids) + '\\n');
setInterval(() => {}, 1000);
`;

describe('local runtime', () => {
  it('runs a scenario through a real proxy and stops both processes', async () => {
    const runtime = await startRuntime('local');
    const pids = runtime.resources.pids;
    expect(pids).toHaveLength(2);
    expect(pids.every(processAlive)).toBe(true);
    try {
      const result = await runScenario(
        inlineScenario(`
name: local-smoke
workload: { command: INCR, commands: 200 }
modes: [sync, { pipeline: 64 }]
network: { rtt: [0ms, 5ms] }
warmup: 1
repeat: 3
`),
        { runtime },
      );
      expect(result.runtime).toBe('local');
      expect(result.images).toBeUndefined();
      expect(result.versions.toxiproxy).toBe('2.12.0');
      expectCalibratedHonestly(result);
      expect(result.pass).toBe(true);
      const sync = result.configs.find((c) => c.id === 'sync@rtt=5ms')!;
      const pipelined = result.configs.find((c) => c.id === 'pipeline:64@rtt=5ms')!;
      expect(sync.medianMs! / pipelined.medianMs!).toBeGreaterThan(10);
    } finally {
      expect((await runtime.stop()).problems).toEqual([]);
    }
    expect(pids.some(processAlive)).toBe(false);
  });

  it('cleans up when the run is aborted', async () => {
    const runtime = await startRuntime('local');
    const abort = new AbortController();
    const scenario = inlineScenario(`
name: local-abort
workload: { command: INCR, commands: 5000 }
modes: [sync]
network: { rtt: [10ms] }
warmup: 0
repeat: 1
`);
    setTimeout(() => abort.abort(), 1_500);
    try {
      const error = await runScenario(scenario, { runtime, signal: abort.signal }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'E_INTERRUPTED' });
    } finally {
      await runtime.stop();
    }
    expect(runtime.resources.pids.some(processAlive)).toBe(false);
  });

  it('takes its servers down when the process exits without stopping them', async () => {
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', EXIT_WITHOUT_STOP]);
    const pids = JSON.parse(stdout) as number[];
    expect(pids).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pids.filter(processAlive)).toEqual([]);
  });

  it('kills the servers of a SIGKILLed owner on the next start', async () => {
    const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', KILLED_OWNER], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pids = await new Promise<number[]>((resolve) => owner.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()))));
    // Each server's watcher (lab/runtime/supervisor.ts, in the server's process group) would end
    // it with its owner at once; without the watchers, the next start is the second guard.
    for (const pid of pids) {
      const group = await execFileAsync('pgrep', ['-g', String(pid)]).then(({ stdout }) => stdout.split('\n').filter(Boolean).map(Number));
      for (const member of group.filter((p) => p !== pid)) process.kill(member, 'SIGKILL');
    }
    owner.kill('SIGKILL');
    await new Promise((resolve) => owner.once('close', resolve));
    expect(pids.filter(processAlive)).toHaveLength(2);
    const next = await startRuntime('local');
    await next.stop();
    expect(pids.filter(processAlive)).toEqual([]);
  });
});
