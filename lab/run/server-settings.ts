// `server:` settings on the lab's own Redis: CONFIG SET before the runs, the previous value back
// after (refused on an external target not declared disposable: the lab does not reconfigure a
// server it shares), and the evidence that the server closed a run's client for its output
// buffer: INFO's client_output_buffer_limit_disconnections (Redis 7.4+), else the server's log.

import type { Redis } from 'ioredis';
import { errorMessage, LabError } from '../errors/index.ts';
import type { OutputBufferLimit, Scenario, ServerClosed } from '../contracts/index.ts';
import type { ServerLog, StartedRuntime } from '../runtime/index.ts';
import type { WorkloadRun } from '../workload/index.ts';

const CONFIG_NAME = 'client-output-buffer-limit';
/** What Redis logs when it closes a client for its output buffer (networking.c, LL_WARNING). */
const OUTPUT_BUFFER_LOG_LINE = 'scheduled to be closed ASAP for overcoming of output buffer limits';
const LOG_WAIT_MS = 1_000;
const LOG_POLL_MS = 50;

const normalClass = (limit: OutputBufferLimit): string => `normal ${limit.hardBytes} ${limit.softBytes} ${limit.softSeconds}`;

/** Applies the scenario's `server:` settings on every node given (one node, or a cluster's
 * primaries); resolves to the step that restores what each had. */
export const applyServerSettings = async (scenario: Scenario, runtime: StartedRuntime, targets: readonly Redis[]): Promise<() => Promise<string | undefined>> => {
  const limit = scenario.server?.outputBufferLimit;
  if (limit === undefined) return async () => undefined;
  if (runtime.kind === 'external' && runtime.external?.disposable !== true) {
    throw new LabError('E_TARGET_UNSAFE', `server: client-output-buffer-limit would reconfigure ${runtime.external?.redis ?? 'the external Redis'}, which is not declared disposable`, {
      hint: 'declare the target disposable (the lab may then reconfigure it for the run and restores the value after), or run the scenario on --runtime local or containers',
    });
  }
  const applied: { target: Redis; previous: string }[] = [];
  const restore = async (): Promise<string | undefined> => {
    const problems: string[] = [];
    for (const { target, previous } of applied) {
      try {
        await target.config('SET', CONFIG_NAME, previous);
      } catch (error) {
        problems.push(`could not restore ${CONFIG_NAME} to "${previous}" (${errorMessage(error)}): set it with CONFIG SET ${CONFIG_NAME} "${previous}"`);
      }
    }
    return problems.length === 0 ? undefined : problems.join('; ');
  };
  try {
    for (const target of targets) {
      const [, previous] = (await target.config('GET', CONFIG_NAME)) as [string, string];
      await target.config('SET', CONFIG_NAME, normalClass(limit));
      applied.push({ target, previous });
    }
  } catch (error) {
    await restore(); // the nodes already set go back before the error is reported
    throw error;
  }
  return restore;
};

/** A node's log, where the server-closed evidence of a run is looked for. */
export interface NodeLog {
  node: string;
  log: ServerLog;
}

/** The logs a run's evidence is read from: on a cluster every primary's (where the runtime reads
 * each node's), else the entry node's. */
export const evidenceLogs = (runtime: Pick<StartedRuntime, 'topology' | 'nodes' | 'serverLog' | 'nodeLogs'>): NodeLog[] => {
  const primaries = runtime.nodes.filter((n) => n.role === 'primary');
  if (runtime.topology.kind === 'cluster' && runtime.nodeLogs !== undefined) {
    const logs = runtime.nodeLogs;
    return primaries.flatMap((n) => {
      const log = logs.get(n.name);
      return log === undefined ? [] : [{ node: n.name, log }];
    });
  }
  return runtime.serverLog === undefined ? [] : [{ node: primaries[0]?.name ?? 'primary', log: runtime.serverLog }];
};

/** A log and where a run's look at it starts. */
export interface LogMark extends NodeLog {
  mark: number;
}

/** Where a run's look at the server logs starts. */
export const logMark = (ctx: { serverLogs?: readonly NodeLog[] }): LogMark[] => (ctx.serverLogs ?? []).map((l) => ({ ...l, mark: l.log.mark() }));

// Each log's lines since its mark that say the server closed a client for its output buffer; the
// lines reach the lab through a pipe, so a run that lost its connection waits a moment for them.
const closeLines = async (marks: readonly LogMark[], wait: boolean): Promise<{ node: string; lines: string[] }[]> => {
  const deadline = performance.now() + (wait ? LOG_WAIT_MS : 0);
  for (;;) {
    const found = marks.map((m) => ({ node: m.node, lines: m.log.since(m.mark).filter((line) => line.includes(OUTPUT_BUFFER_LOG_LINE)) })).filter((f) => f.lines.length > 0);
    if (found.length > 0 || performance.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, LOG_POLL_MS));
  }
};

/** Whether the server closed the run's client for its output buffer, and what the run left
 * behind; undefined when it did not (or the lab has no way to tell). With more than one log (a
 * cluster's primaries) the log evidence names the nodes that closed it. */
export const serverClosedOf = async (marks: readonly LogMark[], run: WorkloadRun, issued: number): Promise<ServerClosed | undefined> => {
  const fromInfo = run.serverInfo.outputBufferLimitDisconnections;
  const found = fromInfo === null ? await closeLines(marks, !run.verified) : [];
  const count = fromInfo ?? found.reduce((sum, f) => sum + f.lines.length, 0);
  if (count <= 0) return undefined;
  const acknowledged = run.outcome.replied ?? 0;
  const executed = run.executed ?? 0;
  const first = found[0]?.lines[0];
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
    ...(marks.length > 1 && found.length > 0 ? { nodes: found.map((f) => f.node) } : {}),
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
    ...(closed.some((c) => c.nodes !== undefined) ? { nodes: [...new Set(closed.flatMap((c) => c.nodes ?? []))].sort() } : {}),
  };
};
