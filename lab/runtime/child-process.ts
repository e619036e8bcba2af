// A server started as a child process: waits until it says it is ready, and stops for sure.

import { spawn, type ChildProcess } from 'node:child_process';
import { LabError } from '../errors/index.ts';

export interface ChildServer {
  pid: number;
  /** The executable, as started. */
  command: string;
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process has exited. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 3_000;

// Starts `command args` and resolves once `isReady()` answers true, or fails with its output.
export const startChildServer = async (
  what: string,
  command: string,
  args: string[],
  isReady: () => Promise<boolean>,
  timeoutMs = 10_000,
): Promise<ChildServer> => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  const server: ChildServer = { pid: child.pid ?? -1, command, stop: () => stopChild(child, exited) };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawnError || child.exitCode !== null) break;
    if (await isReady().catch(() => false)) return server;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.stop();
  throw new LabError('E_RUNTIME_START', `${what} did not become ready: ${spawnError?.message ?? `exit code ${child.exitCode ?? 'none (timed out)'}`}\n${output.trim()}`, {
    hint: `Run \`${command} ${args.join(' ')}\` by hand to see why it fails.`,
  });
};

const stopChild = async (child: ChildProcess, exited: Promise<void>): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killed = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), STOP_GRACE_MS))]);
  if (!killed) {
    child.kill('SIGKILL');
    await exited;
  }
};
