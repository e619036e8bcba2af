// One measured run of a trace workload (issue 27): the trace's requests started at their own
// times (open-loop: driveGivenSchedule), each request's commands sent one after another on its
// client's connection (one per traced client, or one shared), every key under the run's
// keyspace prefix; commands that arrived together (`pipeline:`, TraceRequest.rounds) go as one
// pipeline, one round trip. Latency is recorded per request from its intended start and per command;
// a reply error or a dropped connection fails the run's verification (the trace came from a
// working application: an error means the replay is not the traffic it recorded).
// On a Redis Cluster (ioredis Cluster clients) a round whose keys span slots goes as one pipeline
// per slot, all at once; the round ends with the last reply (trace-slots.ts).

import { Cluster } from 'ioredis';
import type { ControlClient, RequestClient } from '../client/index.ts';
import type { ConfigCell, TraceReplay } from '../contracts/index.ts';
import { errorMessage } from '../errors/index.ts';
import type { Keyspace } from '../keyspace/index.ts';
import { collectGarbage, errorKind, isReplyError, startCpuMeter, watchClientSpan } from '../metrics/index.ts';
import { newDriveOutcome, nowUs } from './drive.ts';
import { readInfo, spanCosts, type SpanHooks } from './measured-run.ts';
import { driveGivenSchedule } from './open-loop.ts';
import type { RequestRun } from './request-run.ts';
import { firstKeySlot, slotGroups, type SlottedSend } from './trace-slots.ts';

/** Connections one replay opens: one per traced client, or one shared. */
export const traceConnections = (replay: TraceReplay, connections: 'per-client' | 'shared'): number => (connections === 'shared' ? 1 : replay.clients.length);

/** Each request's commands as sent: names lower case, keys under `prefix`, the slot of the first key. */
const prepare = (replay: TraceReplay, prefix: string): SlottedSend[][] =>
  replay.requests.map((request) =>
    request.commands.map((command, c) => {
      const args = command.slice(1);
      const keyArgs = request.keyArgs[c] ?? [];
      for (const k of keyArgs) args[k] = prefix + (args[k] ?? '');
      return { name: (command[0] ?? '').toLowerCase(), args, slot: firstKeySlot(args, keyArgs) };
    }),
  );

interface TraceRunInput {
  clients: RequestClient[];
  control: ControlClient;
  keyspace: Keyspace;
  cell: ConfigCell;
  replay: TraceReplay;
  connections: 'per-client' | 'shared';
  /** Called just around the timed span (replication lag sampling on a topology). */
  hooks?: SpanHooks;
}

export const runTraceReplay = async ({ clients, control, keyspace, cell, replay, connections, hooks }: TraceRunInput): Promise<RequestRun> => {
  const arrival = cell.arrival;
  if (arrival === undefined) throw new Error('a trace config needs its arrival (expandMatrix sets it)');
  await keyspace.reset(control);
  const sends = prepare(replay, keyspace.prefix);
  const cluster = control instanceof Cluster;
  const offsetsUs = Float64Array.from(replay.requests, (r) => r.offsetUs);
  const rounds = replay.requests.reduce((sum, r) => sum + r.rounds.length, 0);
  const outcome = newDriveOutcome(rounds);
  const failed = (r: number, name: string, error: unknown): boolean => {
    const kind = errorKind(error);
    outcome.errorsByKind[kind] = (outcome.errorsByKind[kind] ?? 0) + 1;
    outcome.firstError ??= `request ${r + 1} (${name}): ${errorMessage(error)}`;
    if (isReplyError(error)) return true;
    outcome.aborted ??= `request ${r + 1} (${name})`;
    return false;
  };
  // One round trip: a command alone, or the commands that arrived together as one pipeline.
  const send = async (client: RequestClient, r: number, round: readonly SlottedSend[]): Promise<boolean> => {
    const first = round[0];
    if (first === undefined) return true;
    if (round.length === 1) {
      try {
        await client.call(first.name, ...first.args);
        outcome.replied = (outcome.replied ?? 0) + 1;
        return true;
      } catch (error) {
        return failed(r, first.name, error);
      }
    }
    const pipeline = client.pipeline();
    for (const { name, args } of round) pipeline.call(name, ...args);
    let replies: [Error | null, unknown][] | null;
    try {
      replies = await pipeline.exec();
    } catch (error) {
      return failed(r, first.name, error);
    }
    if (replies === null) return failed(r, first.name, new Error('the pipeline was not sent (connection closed)'));
    let alive = true;
    replies.forEach(([error], i) => {
      if (error === null) outcome.replied = (outcome.replied ?? 0) + 1;
      else alive = failed(r, round[i]?.name ?? first.name, error) && alive;
    });
    return alive;
  };
  const issue = async (client: RequestClient, r: number): Promise<boolean> => {
    const commands = sends[r] ?? [];
    let at = 0;
    for (const size of replay.requests[r]?.rounds ?? []) {
      const round = commands.slice(at, at + size);
      at += size;
      const t0 = nowUs();
      const groups = cluster ? slotGroups(round) : [round];
      const sent = groups.length === 1 ? [await send(client, r, round)] : await Promise.all(groups.map((group) => send(client, r, group)));
      if (sent.includes(false)) return false;
      outcome.waitSize[outcome.waits] = size;
      outcome.waitUs[outcome.waits++] = nowUs() - t0;
    }
    return true;
  };
  const before = await readInfo(control);
  collectGarbage('young');
  const span = watchClientSpan();
  const cpu = startCpuMeter();
  const shared = connections === 'shared';
  await hooks?.begin();
  const open = await driveGivenSchedule({ clients, arrival, offsetsUs, clientOf: (r) => (shared ? 0 : (replay.requests[r]?.client ?? 0)), issue }).catch(async (error: unknown) => {
    span.stop(); // ends V8's GC recording
    await hooks?.end().catch(() => undefined);
    throw error;
  });
  await hooks?.end();
  if (open.schedule.unfinished > 0) for (const client of clients) client.disconnect();
  const clientCpuMs = cpu.stop();
  const { memory, gcMs: clientGcMs } = span.stop();
  const names = [...new Set(sends.flatMap((request) => request.map((s) => s.name)))];
  const { serverInfo, costs } = await spanCosts(control, before, names, clientCpuMs);
  outcome.totalMs = open.totalMs;
  const errors = Object.values(outcome.errorsByKind).reduce((sum, n) => sum + n, 0);
  const failure =
    open.schedule.unfinished > 0 ? `${open.schedule.unfinished} of ${open.schedule.scheduled} requests unfinished at the deadline`
    : outcome.aborted !== undefined ? `run aborted at ${outcome.aborted}`
    : errors > 0 ? `${errors} reply error(s): ${outcome.firstError ?? ''}`
    : undefined;
  return {
    outcome, clientGcMs, memory, serverInfo, costs, verified: failure === undefined, ...(failure === undefined ? {} : { failure }),
    requestUs: open.requestUs, serviceUs: open.serviceUs, schedule: open.schedule, offsetsUs: open.offsetsUs, lateStart: open.lateStart, batching: null,
  };
};
