// One measured run on the redis-benchmark engine: reset the lab's own instance, write what GET
// and MGET read, read INFO, run the C client through the proxy (or direct), read INFO again.
//
// Credentials: the runtime's password never goes on a command line (a process's arguments are
// readable by every local user). Each run gets a user of its own, made on the lab's control
// connection with a fresh random password (ACL SETUSER) and deleted right after the run (ACL
// DELUSER, which also drops its connections); redis-benchmark authenticates as that user with
// `--user` and `-a` (it reads a password nowhere else), so that user may run only the
// scenario's command on the scenario's keys (run-user.ts), and its password is blanked out of
// everything the run keeps.
//
// What counts: the tool exited 0 (redis-benchmark 7 exits at the first error reply), printed
// its summary, and the server executed at least the run's commands of that kind (INFO
// commandstats). Replies are not checked one by one: such a run is completed, never verified.

import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ConfigCell, EngineRunFigures, ServerInfoDelta } from '../../contracts/index.ts';
import { errorMessage, LabError } from '../../errors/index.ts';
import type { Keyspace } from '../../keyspace/index.ts';
import { readInfo, spanCosts } from '../measured-run.ts';
import { runChild, type ChildOutcome } from './child.ts';
import { benchmarkCommand, type BenchmarkCommand } from './command-line.ts';
import { benchmarkComplaint, parseBenchmarkReport } from './output.ts';
import { runUserRules } from './run-user.ts';

/** Where redis-benchmark connects: the proxy's address (or Redis's, for the direct baseline). */
export interface BenchmarkTarget {
  host: string;
  port: number;
  /** Whether the server needs AUTH (the runtime's Redis has a password). */
  auth: boolean;
}

export interface BenchmarkRunInput {
  /** Full path of redis-benchmark. */
  binary: string;
  target: BenchmarkTarget;
  /** Straight to Redis, the lab's own instance: reset, prefill, INFO, the run's user. */
  control: Redis;
  /** How the run starts clean: the lab's own database (FLUSHDB); the C engine runs on no other. */
  keyspace: Keyspace;
  cell: ConfigCell;
  signal?: AbortSignal;
}

export interface BenchmarkRun {
  /** redis-benchmark's own time for the run: the replies it received / its rate, i.e. its clock
   * (1 ms steps) from just before its connections open to the last reply, ms. Failed runs: the
   * process's wall time. */
  totalMs: number;
  /** Present when the run completed (see the header); absent with `failure`. */
  figures?: EngineRunFigures;
  failure?: string;
  serverInfo: ServerInfoDelta;
  /** The server's time executing the command (INFO commandstats usec growth), ms. */
  serverMs: number;
}

const SILENCE_MS = 60_000;
// redis-benchmark 7.0.15 that cannot connect spins forever after saying so (child.ts).
const GIVE_UP = /^Could not connect to Redis at .*$/m;
const CHUNK = 1_000;

// GET and MGET read keys that must exist: write them outside the run, in pipelined chunks.
const prefill = async (control: Redis, command: BenchmarkCommand): Promise<void> => {
  if (command.prefill === undefined) return;
  const { keys, value } = command.prefill;
  let pipeline = control.pipeline();
  let queued = 0;
  for (const key of keys()) {
    pipeline.set(key, value);
    if (++queued === CHUNK) {
      await pipeline.exec();
      pipeline = control.pipeline();
      queued = 0;
    }
  }
  if (queued > 0) await pipeline.exec();
};

// A user for this run only: the scenario's command on the scenario's keys (run-user.ts).
const createRunUser = async (control: Redis, cell: ConfigCell): Promise<{ user: string; password: string }> => {
  const user = `lab-bench-${randomBytes(6).toString('hex')}`;
  const password = randomBytes(24).toString('base64url');
  try {
    await control.call('ACL', 'SETUSER', user, ...runUserRules(cell, password));
  } catch (error) {
    // ioredis's error carries the command's arguments, the password among them: keep only the reply.
    throw new LabError('E_REDIS', `Redis refused the run's own user (ACL SETUSER): ${errorMessage(error)}`, {
      hint: 'the redis-benchmark engine needs Redis 7 with ACLs (the lab\'s own runtimes have them)',
    });
  }
  return { user, password };
};

// Why a finished process does not count, or undefined when it does.
const failureOf = (child: ChildOutcome, command: BenchmarkCommand, cell: ConfigCell, serverCalls: number): string | undefined => {
  if (child.killedBecause !== undefined) return `redis-benchmark was killed (${child.killedBecause})`;
  if (child.exitCode !== 0) {
    const how = child.exitCode === null ? `ended by ${child.signal ?? 'a signal'}` : `exited ${child.exitCode}`;
    return `redis-benchmark ${how}: ${benchmarkComplaint(child.stdout, child.stderr)}`;
  }
  const report = parseBenchmarkReport(child.stdout);
  if (report === undefined) return `redis-benchmark printed no summary the lab can read: ${benchmarkComplaint(child.stdout, child.stderr)}`;
  if (serverCalls < cell.commands) return `the server executed ${serverCalls} ${command.statName.toUpperCase()} during the run, fewer than the ${cell.commands} asked for`;
  if (report.count < cell.commands) return `redis-benchmark timed ${report.count} requests, fewer than the ${cell.commands} asked for`;
  return undefined;
};

/** One run; a failed run is returned with its reason, never thrown (like the ioredis engine's). */
export const runBenchmarkWorkload = async (input: BenchmarkRunInput): Promise<BenchmarkRun> => {
  const { control, cell } = input;
  const command = benchmarkCommand(cell);
  await input.keyspace.reset(control); // every run starts with none of the lab's keys (see lab/keyspace)
  await prefill(control, command);
  const credentials = input.target.auth ? await createRunUser(control, cell) : undefined;
  try {
    const before = await readInfo(control);
    const auth = credentials === undefined ? [] : ['--user', credentials.user, '-a', credentials.password];
    const args = ['-h', input.target.host, '-p', String(input.target.port), ...auth, ...command.args];
    const child = await runChild(input.binary, args, {
      silenceMs: SILENCE_MS,
      secrets: credentials === undefined ? [] : [credentials.password],
      giveUpOn: GIVE_UP,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    const { serverInfo, costs, calls } = await spanCosts(control, before, [command.statName], 0);
    const failure = failureOf(child, command, cell, calls);
    const report = parseBenchmarkReport(child.stdout);
    if (failure !== undefined || report === undefined) return { totalMs: child.wallMs, failure: failure ?? 'no summary', serverInfo, serverMs: costs.serverMs };
    const { rps, avgMs, minMs, p50Ms, p95Ms, p99Ms, maxMs, count } = report;
    return {
      totalMs: (report.completed / rps) * 1000,
      figures: { rps, avgMs, minMs, p50Ms, p95Ms, p99Ms, maxMs, count, serverCalls: calls },
      serverInfo,
      serverMs: costs.serverMs,
    };
  } finally {
    // A failure here must not hide the run's own error; the user dies with the lab's instance anyway.
    if (credentials !== undefined) await control.call('ACL', 'DELUSER', credentials.user).catch(() => undefined);
  }
};
