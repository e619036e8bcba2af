// A trace workload (issue 27): `trace: {file, format, gap, time, connections}` replays a
// recorded trace open-loop with its own timing. Parsing the scenario reads only this mapping;
// loading the scenario file (attachTraces) reads the trace itself, relative to the scenario
// file's folder, and fills in its requests, so the matrix expands to the trace's real request
// count and offered rate.

import { dirname, isAbsolute, resolve } from 'node:path';
import type { Scenario, TraceFormat, TraceSource, Workload } from '../../contracts/index.ts';
import { DEFAULTS } from '../defaults.ts';
import { checkKeys, hasKey, isRecord, optionalKey, readMs, readRecord, readText, requireKey } from '../fields.ts';
import { describeValue, type FieldPath, type Problem } from '../problems.ts';
import { readTraceFile } from './trace-file.ts';

export const TRACE_WORKLOAD_KEYS = ['label', 'trace'] as const;
export const TRACE_KEYS = ['file', 'format', 'gap', 'pipeline', 'time', 'connections', 'deadline'] as const;
const TRACE_HINT = 'trace: {file: traces/cart.monitor, format: monitor, gap: 2ms, pipeline: 0ms}';
export const TRACE_GAP = { name: 'gap', range: { min: 0, max: 10_000 }, meaning: "longest pause between one client's commands inside one request", wholeWhy: 'the gap is whole milliseconds' };
export const TRACE_PIPELINE = { name: 'pipeline', range: { min: 0, max: 10_000 }, meaning: "longest pause between one request's commands that were sent together as one pipeline", wholeWhy: 'the pipeline gap is whole milliseconds' };
export const TRACE_DEADLINE = { name: 'deadline', range: { min: 100, max: 600_000 }, meaning: 'time allowed after the last request start', wholeWhy: 'the deadline is whole milliseconds' };
const DEFAULT_GAP_MS = 2;
const DEFAULT_DEADLINE_MS = 10_000;

/** Whether a workload mapping is a trace workload. */
export const isTraceRecord = (value: unknown): value is Record<string, unknown> => isRecord(value) && hasKey(value, 'trace');

const oneOf = <T extends string>(value: unknown, valid: readonly T[], path: FieldPath, problems: Problem[], hint: string): T | undefined => {
  if (typeof value === 'string' && (valid as readonly string[]).includes(value)) return value as T;
  problems.push({ path, message: `expected ${valid.join(' or ')}, got ${describeValue(value)}`, hint });
  return undefined;
};

const formatOf = (file: string): TraceFormat | undefined => (file.endsWith('.monitor') ? 'monitor' : file.endsWith('.jsonl') ? 'jsonl' : undefined);

/** Reads `{label, trace: {...}}`: a request workload whose requests come from the trace. */
export const readTraceWorkload = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]): Workload | undefined => {
  const before = problems.length;
  checkKeys(record, TRACE_WORKLOAD_KEYS, path, problems);
  const label = record.label === undefined ? 'trace' : readText(record.label, [...path, 'label'], problems, { hint: 'e.g. label: cart', singleLine: true, nonEmpty: true });
  const tracePath = [...path, 'trace'];
  const spec = readRecord(record.trace, tracePath, problems, TRACE_HINT);
  if (spec === undefined) return undefined;
  const misspelt = checkKeys(spec, TRACE_KEYS, tracePath, problems);
  const fileValue = requireKey(spec, 'file', tracePath, problems, 'add file: traces/cart.monitor (relative to the scenario file)', misspelt);
  const file = fileValue === undefined ? undefined : readText(fileValue, [...tracePath, 'file'], problems, { hint: 'a path relative to the scenario file, e.g. traces/cart.monitor', singleLine: true, nonEmpty: true });
  const formatValue = optionalKey(spec, 'format');
  const format = formatValue === undefined ? (file === undefined ? undefined : formatOf(file)) : oneOf(formatValue, ['monitor', 'jsonl'] as const, [...tracePath, 'format'], problems, 'format: monitor | jsonl');
  if (formatValue === undefined && file !== undefined && format === undefined) {
    problems.push({ path: [...tracePath, 'file'], message: `cannot tell the format of ${JSON.stringify(file)} from its name`, hint: 'add format: monitor | jsonl, or name the file .monitor / .jsonl' });
  }
  const gapValue = optionalKey(spec, 'gap');
  const gapMs = gapValue === undefined ? DEFAULT_GAP_MS : readMs(gapValue, [...tracePath, 'gap'], TRACE_GAP, problems);
  const pipelineValue = optionalKey(spec, 'pipeline');
  const pipelineMs = pipelineValue === undefined ? null : readMs(pipelineValue, [...tracePath, 'pipeline'], TRACE_PIPELINE, problems);
  if (pipelineMs !== undefined && pipelineMs !== null && gapMs !== undefined && pipelineMs > gapMs) {
    problems.push({ path: [...tracePath, 'pipeline'], message: `${pipelineMs}ms is longer than gap (${gapMs}ms): a pipeline lies inside one request`, hint: `write pipeline: 0ms (same timestamp) up to pipeline: ${gapMs}ms, or raise gap` });
  }
  const timeValue = optionalKey(spec, 'time');
  const timeUnit = timeValue === undefined ? 's' : oneOf(timeValue, ['s', 'ms'] as const, [...tracePath, 'time'], problems, 'time: s (t in seconds) | ms (t in milliseconds); jsonl only');
  if (timeValue !== undefined && format === 'monitor') problems.push({ path: [...tracePath, 'time'], at: 'key', message: 'time applies to jsonl traces only', hint: 'MONITOR times are seconds.microseconds; remove time' });
  const connectionsValue = optionalKey(spec, 'connections');
  const connections = connectionsValue === undefined ? 'per-client' : oneOf(connectionsValue, ['per-client', 'shared'] as const, [...tracePath, 'connections'], problems, 'connections: per-client (one per traced client) | shared (one for all)');
  const deadlineValue = optionalKey(spec, 'deadline');
  const deadlineMs = deadlineValue === undefined ? DEFAULT_DEADLINE_MS : readMs(deadlineValue, [...tracePath, 'deadline'], TRACE_DEADLINE, problems);
  if (problems.length > before || label === undefined || file === undefined || format === undefined || gapMs === undefined) return undefined;
  if (timeUnit === undefined || connections === undefined || deadlineMs === undefined || pipelineMs === undefined) return undefined;
  const trace: TraceSource = { file, format, gapMs, ...(pipelineMs === null ? {} : { pipelineMs }), timeUnit, connections };
  // Until the file is read (attachTraces) the workload holds one request at 1/s.
  const stub = { label, command: 'GET' as const, key: 'trace', keys: { kind: 'one' as const }, valueBytes: [{ minBytes: 0, maxBytes: 0 }], incrementBy: DEFAULTS.incrementBy, field: DEFAULTS.field, mgetKeys: DEFAULTS.mgetKeys, args: [], reply: { ...DEFAULTS.reply } };
  return {
    ...stub,
    commands: [1],
    request: {
      kinds: [{ label, weight: 1, steps: [{ commands: [stub] }] }],
      clients: [{ kind: 'shared' }],
      arrival: { rates: [{ fromPerSec: 1, toPerSec: 1 }], forMs: null, process: 'constant', deadlineMs, windowMs: 1000 },
    },
    trace,
  };
};

/** The scenario with every trace workload's file read (relative to `scenarioFile`'s folder). */
export const attachTraces = async (scenario: Scenario, scenarioFile: string): Promise<Scenario> => {
  if (!scenario.workloads.some((w) => w.trace !== undefined)) return scenario;
  const workloads = await Promise.all(
    scenario.workloads.map(async (w) => {
      if (w.trace === undefined || w.request?.arrival === undefined) return w;
      const path = isAbsolute(w.trace.file) ? w.trace.file : resolve(dirname(scenarioFile), w.trace.file);
      const replay = await readTraceFile(path, w.trace.file, { ...w.trace, cluster: scenario.topology?.kind === 'cluster' });
      const requests = replay.requests.length;
      // The offered rate as the schedule reports it: requests over the trace's span.
      const rate = Math.max(0.01, Math.round((requests / Math.max(replay.spanMs / 1000, 0.001)) * 100) / 100);
      return { ...w, commands: [requests], trace: { ...w.trace, replay }, request: { ...w.request, arrival: { ...w.request.arrival, rates: [{ fromPerSec: rate, toPerSec: rate }] } } };
    }),
  );
  return { ...scenario, workloads };
};
