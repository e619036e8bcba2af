// `server:` settings on the lab's own Redis: CONFIG SET before the runs, the previous value back
// after (refused on an external target not declared disposable: the lab does not reconfigure a
// server it shares), and the evidence that the server closed a run's client for its output
// buffer: INFO's client_output_buffer_limit_disconnections (Redis 7.4+), else the server's log.

import type { Redis } from 'ioredis';
import { errorMessage, LabError } from '../errors/index.ts';
import type { OutputBufferLimit, Scenario, ServerClosed } from '../contracts/index.ts';
import type { StartedRuntime } from '../runtime/index.ts';
import type { WorkloadRun } from '../workload/index.ts';

const CONFIG_NAME = 'client-output-buffer-limit';
/** What Redis logs when it closes a client for its output buffer (networking.c, LL_WARNING). */
const OUTPUT_BUFFER_LOG_LINE = 'scheduled to be closed ASAP for overcoming of output buffer limits';
const LOG_WAIT_MS = 1_000;
const LOG_POLL_MS = 50;

const normalClass = (limit: OutputBufferLimit): string => `normal ${limit.hardBytes} ${limit.softBytes} ${limit.softSeconds}`;

/** Applies the scenario's `server:` settings; resolves to the step that restores what was there. */
export const applyServerSettings = async (scenario: Scenario, runtime: StartedRuntime, direct: Redis): Promise<() => Promise<string | undefined>> => {
  const limit = scenario.server?.outputBufferLimit;
  if (limit === undefined) return async () => undefined;
  if (runtime.kind === 'external' && runtime.external?.disposable !== true) {
    throw new LabError('E_TARGET_UNSAFE', `server: client-output-buffer-limit would reconfigure ${runtime.external?.redis ?? 'the external Redis'}, which is not declared disposable`, {
      hint: 'declare the target disposable (the lab may then reconfigure it for the run and restores the value after), or run the scenario on --runtime local or containers',
    });
  }
  const [, previous] = (await direct.config('GET', CONFIG_NAME)) as [string, string];
  await direct.config('SET', CONFIG_NAME, normalClass(limit));
  return async () => {
    try {
      await direct.config('SET', CONFIG_NAME, previous);
      return undefined;
    } catch (error) {
      return `could not restore ${CONFIG_NAME} to "${previous}" (${errorMessage(error)}): set it with CONFIG SET ${CONFIG_NAME} "${previous}"`;
    }
  };
};

/** Where a run's look at the server's log starts. */
export const logMark = (runtime: Pick<StartedRuntime, 'serverLog'>): number | undefined => runtime.serverLog?.mark();

// The server's log lines since `mark` that say it closed a client for its output buffer; the
// lines reach the lab through a pipe, so a run that lost its connection waits a moment for them.
const closeLines = async (runtime: Pick<StartedRuntime, 'serverLog'>, mark: number, wait: boolean): Promise<string[]> => {
  const log = runtime.serverLog;
  if (log === undefined) return [];
  const deadline = performance.now() + (wait ? LOG_WAIT_MS : 0);
  for (;;) {
    const lines = log.since(mark).filter((line) => line.includes(OUTPUT_BUFFER_LOG_LINE));
    if (lines.length > 0 || performance.now() >= deadline) return lines;
    await new Promise((resolve) => setTimeout(resolve, LOG_POLL_MS));
  }
};

/** Whether the server closed the run's client for its output buffer, and what the run left
 * behind; undefined when it did not (or the lab has no way to tell). */
export const serverClosedOf = async (runtime: Pick<StartedRuntime, 'serverLog'>, mark: number | undefined, run: WorkloadRun, issued: number): Promise<ServerClosed | undefined> => {
  const fromInfo = run.serverInfo.outputBufferLimitDisconnections;
  const lines = fromInfo === null && mark !== undefined ? await closeLines(runtime, mark, !run.verified) : [];
  const count = fromInfo ?? lines.length;
  if (count <= 0) return undefined;
  const acknowledged = run.outcome.replied ?? 0;
  const executed = run.executed ?? 0;
  const first = lines[0];
  return {
    reason: 'client-output-buffer-limit',
    evidence: fromInfo === null ? 'log' : 'info',
    count,
    runs: 1,
    issued,
    acknowledged,
    executed,
    appliedUnacknowledged: Math.max(0, executed - acknowledged),
    lost: Math.max(0, acknowledged - executed),
    ...(first === undefined ? {} : { logLine: first.trim().slice(0, 600) }),
  };
};

/** Totals over the runs the server closed. */
export const sumServerClosed = (closed: readonly ServerClosed[]): ServerClosed | undefined => {
  const [first] = closed;
  if (first === undefined) return undefined;
  const sum = (pick: (c: ServerClosed) => number) => closed.reduce((total, c) => total + pick(c), 0);
  return {
    reason: first.reason,
    evidence: closed.some((c) => c.evidence === 'info') ? 'info' : 'log',
    count: sum((c) => c.count),
    runs: sum((c) => c.runs),
    issued: sum((c) => c.issued),
    acknowledged: sum((c) => c.acknowledged),
    executed: sum((c) => c.executed),
    appliedUnacknowledged: sum((c) => c.appliedUnacknowledged),
    lost: sum((c) => c.lost),
    ...(first.logLine === undefined ? {} : { logLine: first.logLine }),
  };
};
