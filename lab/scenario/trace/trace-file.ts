// Reading a trace file: `redis-cli MONITOR` output or JSON lines, bounded (file size, line
// length, commands, clients, arguments, span), every refusal naming the file and the line.
// The file may come from someone else: a line with a control character, a command the replay
// cannot confine to its prefix, or anything malformed is an error, never skipped silently.
//
// Grouping rule: commands are taken in time order (file order for equal times); a client's
// command joins that client's current request when it came at most `gap` after the client's
// previous command, and starts a new request otherwise. A request starts at its first
// command's time; its commands are replayed one after another, each awaited (one round trip).
// With `pipeline: P`, a request's command that came at most P after the one before it joins that
// command's round trip: the commands a pipelined client sent together are replayed as one pipeline.

import { open } from 'node:fs/promises';
import { LabError } from '../../errors/index.ts';
import type { TraceFormat, TraceReplay, TraceRequest } from '../../contracts/index.ts';
import { checkTraceCommand } from './trace-commands.ts';
import { crossSlotKeys } from './trace-slots.ts';

export const TRACE_LIMITS = {
  fileBytes: 16 * 1024 * 1024,
  lineChars: 64 * 1024,
  commands: 100_000,
  clients: 256,
  args: 1024,
  spanMs: 10 * 60 * 1000,
} as const;

export interface TraceOptions {
  format: TraceFormat;
  gapMs: number;
  /** Absent or null: each command is its own round trip. */
  pipelineMs?: number | null;
  timeUnit: 's' | 'ms';
  /** Replayed on a Redis Cluster: a command naming keys of several slots is refused (trace-slots.ts). */
  cluster?: boolean;
}

interface TracedCommand {
  tUs: number;
  client: string;
  args: string[];
  keyArgs: number[];
  line: number;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const FORMAT_HINTS: Record<TraceFormat, string> = {
  monitor: 'a line as redis-cli MONITOR prints it: 1700000000.123456 [0 127.0.0.1:5555] "SET" "k" "v"',
  jsonl: 'one JSON object per line: {"t": 1.25, "client": "web-1", "cmd": "GET", "args": ["session:1"]}',
};

const fail = (file: string, line: number, message: string, hint: string): LabError =>
  new LabError('E_SCENARIO_INVALID', `${file}:${line}: ${message}`, { hint });

const codeOf = (text: string): string => `U+${(text.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

// MONITOR's quoting (sdscatrepr): "..." with \\ \" \n \r \t \a \b and \xHH escapes.
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b', '\\': '\\', '"': '"' };

/** The quoted arguments of a MONITOR line, or a message saying what is wrong. */
export const parseMonitorArgs = (text: string): string[] | string => {
  const args: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '"') return `expected a quoted argument at character ${i + 1}`;
    i++;
    let arg = '';
    let closed = false;
    while (i < text.length) {
      const c = text[i] as string;
      if (c === '"') {
        closed = true;
        i++;
        break;
      }
      if (c !== '\\') {
        arg += c;
        i++;
        continue;
      }
      const next = text[i + 1];
      if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 2, i + 4))) {
        arg += String.fromCharCode(parseInt(text.slice(i + 2, i + 4), 16));
        i += 4;
        continue;
      }
      const escaped = next === undefined ? undefined : ESCAPES[next];
      if (escaped === undefined) return `unknown escape \\${next === undefined ? '' : next} at character ${i + 1}`;
      arg += escaped;
      i += 2;
    }
    if (!closed) return 'an argument is not closed by a quote';
    args.push(arg);
    if (args.length > TRACE_LIMITS.args + 1) return `more than ${TRACE_LIMITS.args} arguments`;
    if (i < text.length) {
      if (text[i] !== ' ') return `expected a space after an argument at character ${i + 1}`;
      i++;
    }
  }
  return args;
};

const MONITOR_LINE = /^(\d{1,12})\.(\d{1,6}) \[(\d{1,5}) ([^\]\s]{1,200})\] (.*)$/;

type LineRead = { tUs: number; client: string; args: string[] } | string;

const readMonitorLine = (line: string): LineRead => {
  const m = MONITOR_LINE.exec(line);
  if (m === null) return 'not a MONITOR line';
  const [, sec, frac, db, client, rest] = m as unknown as [string, string, string, string, string, string];
  if (db !== '0') return `database ${db}: the replay runs on database 0 only`;
  if (client === 'lua') return 'a command run by a Lua script (the script itself is refused)';
  const args = parseMonitorArgs(rest);
  if (typeof args === 'string') return args;
  return { tUs: Number(sec) * 1e6 + Number(frac.padEnd(6, '0')), client, args };
};

const JSON_KEYS = new Set(['t', 'client', 'cmd', 'args']);

const readJsonLine = (line: string, timeUnit: 's' | 'ms'): LineRead => {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return `invalid JSON: ${error instanceof Error ? error.message.slice(0, 120) : 'unreadable'}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a JSON object';
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).find((key) => !JSON_KEYS.has(key));
  if (unknown !== undefined) return `unknown key ${JSON.stringify(unknown.slice(0, 40))} (valid: t, client, cmd, args)`;
  const { t, client, cmd, args } = record;
  if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) return `t must be a time in ${timeUnit === 's' ? 'seconds' : 'milliseconds'} (a number >= 0)`;
  if (typeof client !== 'string' || client.length === 0 || client.length > 200) return 'client must be a non-empty string of at most 200 characters';
  if (typeof cmd !== 'string' || !/^[A-Za-z][A-Za-z_|-]{0,39}$/.test(cmd)) return 'cmd must be a command name (letters), e.g. "GET"';
  if (args !== undefined && !Array.isArray(args)) return 'args must be a list of strings or numbers';
  const list = (args ?? []) as unknown[];
  if (list.length > TRACE_LIMITS.args) return `more than ${TRACE_LIMITS.args} arguments`;
  if (!list.every((a) => typeof a === 'string' || (typeof a === 'number' && Number.isFinite(a)))) return 'args must be a list of strings or numbers';
  return { tUs: timeUnit === 's' ? t * 1e6 : t * 1e3, client, args: [cmd, ...list.map(String)] };
};

/** Groups time-ordered commands into requests by the gap rule (see the top of this file). */
const groupRequests = (commands: readonly TracedCommand[], gapMs: number, pipelineMs: number | null): { requests: TraceRequest[]; clients: string[] } => {
  const ordered = [...commands].sort((a, b) => a.tUs - b.tUs || a.line - b.line);
  const t0 = ordered[0]?.tUs ?? 0;
  const clientIndex = new Map<string, number>();
  const open = new Map<number, { request: TraceRequest; lastUs: number }>();
  const requests: TraceRequest[] = [];
  for (const command of ordered) {
    let client = clientIndex.get(command.client);
    if (client === undefined) clientIndex.set(command.client, (client = clientIndex.size));
    const current = open.get(client);
    if (current !== undefined && command.tUs - current.lastUs <= gapMs * 1000) {
      current.request.commands.push(command.args);
      current.request.keyArgs.push(command.keyArgs);
      const rounds = current.request.rounds;
      const together = pipelineMs !== null && command.tUs - current.lastUs <= pipelineMs * 1000 && rounds.length > 0;
      if (together) rounds[rounds.length - 1] = (rounds.at(-1) ?? 0) + 1;
      else rounds.push(1);
      current.lastUs = command.tUs;
      continue;
    }
    const request: TraceRequest = { offsetUs: command.tUs - t0, client, commands: [command.args], keyArgs: [command.keyArgs], rounds: [1] };
    requests.push(request);
    open.set(client, { request, lastUs: command.tUs });
  }
  return { requests, clients: [...clientIndex.keys()] };
};

/** Parses a trace's text; `file` names it in errors. Throws LabError E_SCENARIO_INVALID. */
export const parseTrace = (text: string, file: string, options: TraceOptions): TraceReplay => {
  const hint = FORMAT_HINTS[options.format];
  const commands: TracedCommand[] = [];
  const clients = new Set<string>();
  let skipped = 0;
  let start = 0;
  let lineNo = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    if (end - start > TRACE_LIMITS.lineChars) throw fail(file, lineNo, `the line is longer than ${TRACE_LIMITS.lineChars} characters`, 'a trace line holds one command; split the trace or leave out huge values');
    let line = text.slice(start, end);
    start = end + 1;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim() === '' || (options.format === 'monitor' && line === 'OK')) continue;
    const control = CONTROL.exec(line);
    if (control !== null) throw fail(file, lineNo, `control character ${codeOf(control[0])} at character ${control.index + 1}`, `${hint}; MONITOR escapes binary data as \\xHH`);
    const read = options.format === 'monitor' ? readMonitorLine(line) : readJsonLine(line, options.timeUnit);
    if (typeof read === 'string') throw fail(file, lineNo, read, hint);
    const check = checkTraceCommand(read.args);
    if (check.kind === 'skip') {
      skipped++;
      continue;
    }
    if (check.kind === 'refuse') throw fail(file, lineNo, `refused: ${check.reason}`, 'the replay sends only commands whose keys it can prefix (docs/trace-replay.md); remove the line or the client that sent it');
    if (options.cluster === true) {
      const keys = check.keyArgs.map((k) => read.args[k + 1] ?? '');
      if (crossSlotKeys(keys)) {
        throw fail(file, lineNo, `${(read.args[0] ?? '').toUpperCase()} names keys of several slots once prefixed (${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ', …' : ''}): a cluster refuses that (CROSSSLOT)`, 'replay this trace on one node (remove topology); on a cluster the application must give such keys one hash tag, e.g. {user:1}:cart and {user:1}:views');
      }
    }
    clients.add(read.client);
    if (clients.size > TRACE_LIMITS.clients) throw fail(file, lineNo, `more than ${TRACE_LIMITS.clients} clients`, 'replay a slice of the trace with fewer clients');
    commands.push({ ...read, args: [(read.args[0] ?? '').toUpperCase(), ...read.args.slice(1)], keyArgs: check.keyArgs, line: lineNo });
    if (commands.length > TRACE_LIMITS.commands) throw fail(file, lineNo, `more than ${TRACE_LIMITS.commands} commands`, 'replay a slice of the trace');
  }
  if (commands.length === 0) throw fail(file, lineNo, 'the trace has no command to replay', hint);
  const times = commands.map((c) => c.tUs);
  const spanMs = (Math.max(...times) - Math.min(...times)) / 1000;
  if (spanMs > TRACE_LIMITS.spanMs) throw fail(file, lineNo, `the trace spans ${Math.round(spanMs / 1000)} s, more than ${TRACE_LIMITS.spanMs / 60_000} min`, 'replay a slice of the trace');
  const { requests, clients: names } = groupRequests(commands, options.gapMs, options.pipelineMs ?? null);
  return { requests, clients: names, commands: commands.length, spanMs, skipped };
};

/** Reads and parses a trace file, refusing anything but a regular file of bounded size. */
export const readTraceFile = async (path: string, label: string, options: TraceOptions): Promise<TraceReplay> => {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new LabError('E_SCENARIO_INVALID', `cannot read the trace file ${label} (${code})`, { hint: 'trace.file is relative to the scenario file\'s folder' });
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new LabError('E_SCENARIO_INVALID', `the trace file ${label} is not a regular file`, { hint: 'give a .monitor or .jsonl file' });
    if (stat.size > TRACE_LIMITS.fileBytes) throw new LabError('E_SCENARIO_INVALID', `the trace file ${label} is ${stat.size} bytes, more than ${TRACE_LIMITS.fileBytes}`, { hint: 'replay a slice of the trace' });
    const buffer = Buffer.alloc(Math.min(stat.size, TRACE_LIMITS.fileBytes) + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > TRACE_LIMITS.fileBytes) throw new LabError('E_SCENARIO_INVALID', `the trace file ${label} is larger than ${TRACE_LIMITS.fileBytes} bytes`, { hint: 'replay a slice of the trace' });
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, bytesRead));
    } catch {
      throw new LabError('E_SCENARIO_INVALID', `the trace file ${label} is not UTF-8 text`, { hint: FORMAT_HINTS[options.format] });
    }
    return parseTrace(text, label, options);
  } finally {
    await handle.close();
  }
};
