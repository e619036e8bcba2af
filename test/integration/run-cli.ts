// The lab's command line run as a user runs it: a child process of this Node, colour off.

import { spawn } from 'node:child_process';

const BIN = new URL('../../lab/cli/bin.mjs', import.meta.url).pathname;

export interface CliExit {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they arrived, interleaved. */
  output: string;
}

// Runs `redis-fault-lab ...args` with `env` added; with `boundMs`, a child still running then is
// killed (SIGKILL) and its exit reads as code null.
export const runCli = (args: string[], env: NodeJS.ProcessEnv = {}, boundMs?: number): Promise<CliExit> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    let output = '';
    const timer = boundMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), boundMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output });
    });
  });
