// Servers the local runtime starts as child processes: finding the binaries, free ports on
// 127.0.0.1, readiness probes that need no client library, and a start that waits until the
// server answers and a stop that makes sure it has gone.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { access, constants } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { LabError, withTimeout } from '../errors/index.ts';
import { releaseWatcher, supervisedCommand } from './supervisor.ts';
import type { Endpoint } from './types.ts';
import { LineLog } from './server-log.ts';

// Full path of an executable found on PATH (or given as a path), or undefined.
export const findBinary = async (name: string): Promise<string | undefined> => {
  const candidates = name.includes('/') ? [name] : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
};

// Ports this process handed out recently: a topology asks for a dozen in a row before any server
// binds one.
const handedOut = new Set<number>();
const HANDED_OUT_MAX = 4_096;
const EPHEMERAL_RANGE_FILE = '/proc/sys/net/ipv4/ip_local_port_range';
const TRIES = 64;

// Ports below the kernel's ephemeral range (Linux: ip_local_port_range), where no outgoing
// connection is given a local port. A proxy the lab disables (a partition) closes its listener;
// with a port from listen(0) (an ephemeral one) any client's next outgoing connection could take
// it meanwhile, and re-enabling failed with "address already in use". Undefined off Linux or when
// the range leaves no room below it.
const belowEphemeral = (() => {
  let range: { first: number; last: number } | null | undefined;
  return (): { first: number; last: number } | undefined => {
    if (range === undefined) {
      const low = Number((() => {
        try {
          return readFileSync(EPHEMERAL_RANGE_FILE, 'utf8').trim().split(/\s+/)[0];
        } catch {
          return undefined;
        }
      })());
      range = Number.isInteger(low) && low > 12_000 ? { first: Math.max(10_000, Math.floor(low / 2)), last: low - 1 } : null;
    }
    return range ?? undefined;
  };
})();

const tryListen = (port: number): Promise<number | undefined> =>
  new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });

const pickPort = async (): Promise<number> => {
  const range = belowEphemeral();
  if (range !== undefined) {
    for (let i = 0; i < TRIES; i++) {
      const port = range.first + Math.floor(Math.random() * (range.last - range.first + 1));
      if (!handedOut.has(port) && (await tryListen(port)) === port) return port;
    }
  }
  const any = await tryListen(0);
  if (any === undefined) throw new LabError('E_RUNTIME_START', 'no free TCP port on 127.0.0.1', { hint: 'too many ports in use on this machine; stop what holds them and rerun' });
  return any;
};

// A TCP port on 127.0.0.1 that nothing listens on right now, below the ephemeral range where the
// kernel allows it, never one this process handed out before. Another process can still take it
// before the server binds it: the server's start then fails and says so.
export const freePort = async (): Promise<number> => {
  for (;;) {
    const port = await pickPort();
    if (handedOut.has(port)) continue;
    if (handedOut.size >= HANDED_OUT_MAX) handedOut.clear();
    handedOut.add(port);
    return port;
  }
};

// True when a RESP server at `endpoint` answers PING with +PONG within `timeoutMs`; with a
// password it AUTHs first (both commands in one write, replies in order).
export const redisAnswersPing = (endpoint: Endpoint, timeoutMs = 1_000): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(endpoint.port, endpoint.host);
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    const auth = endpoint.password === undefined ? '' : `*2\r\n$4\r\nAUTH\r\n$${Buffer.byteLength(endpoint.password)}\r\n${endpoint.password}\r\n`;
    const lines = auth === '' ? 1 : 2;
    socket.once('connect', () => socket.write(`${auth}PING\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      const answered = reply.split('\r\n').slice(0, -1);
      if (answered.length >= lines) done(answered[lines - 1] === '+PONG' && answered.every((line) => line.startsWith('+')));
    });
  });

// True when an HTTP GET of `url` answers 2xx within `timeoutMs`.
export const httpAnswers = async (url: string, timeoutMs = 1_000): Promise<boolean> => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
};



export interface ChildServer {
  pid: number;
  /** What it is, e.g. "redis-server". */
  what: string;
  /** The executable, as started. */
  command: string;
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process has exited. */
  stop(): Promise<void>;
  /** Resolves when the process exits, for whatever reason, with how it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stdout, line by line (redis-server logs there: no logfile is set). */
  log: LineLog;
}

const STOP_GRACE_MS = 3_000;

export interface ChildServerOptions {
  timeoutMs?: number;
  /** Removed by the server's watcher when the lab is gone without stopping it (the data dir). */
  removeOnOrphan?: string;
}

// Starts `command args` under a watcher that ends it with the lab (supervisor.ts) and resolves
// once `isReady()` answers true, or fails with its output.
export const startChildServer = async (
  what: string,
  command: string,
  args: string[],
  isReady: () => Promise<boolean>,
  options: ChildServerOptions = {},
): Promise<ChildServer> => {
  const { timeoutMs = 10_000, removeOnOrphan } = options;
  const supervised = supervisedCommand(command, args, removeOnOrphan);
  const child = spawn(supervised.file, supervised.args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  });
  child.stdin?.on('error', () => undefined); // the watcher may be gone when the lab writes to it
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  const log = new LineLog();
  child.stdout?.on('data', keep);
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // Once the server has exited (stopped, or died under the lab's eyes), its watcher may leave.
  void exited.then(() => releaseWatcher(child.stdin));
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  const server: ChildServer = { pid: child.pid ?? -1, what, command, stop: () => stopChild(child, exited), exited, log };
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

const stopChild = async (child: ChildProcess, exited: Promise<unknown>): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const gone = await withTimeout('stop', STOP_GRACE_MS, () => exited.then(() => true), () => new Error('still running')).catch(() => false);
  if (!gone) {
    child.kill('SIGKILL');
    await exited;
  }
};
