// The trace parsers (issue 27, trace replay): MONITOR lines and JSON lines, the grouping rule,
// key positions, and hostile lines (control characters, huge lines, bad JSON, refused and
// unknown commands), each refused with the file and the line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarioFile, parseScenario, expandMatrix } from '../../../lab/scenario/index.ts';
import { checkTraceCommand } from '../../../lab/scenario/trace/trace-commands.ts';
import { parseMonitorArgs, parseTrace, readTraceFile, TRACE_LIMITS } from '../../../lab/scenario/trace/trace-file.ts';
import { traceRoundTrips } from '../../../lab/contracts/index.ts';

const yamlLines = (...lines: string[]): string => lines.join('\n') + '\n';

const monitor = (text: string, gapMs = 2) => parseTrace(text, 'cap.monitor', { format: 'monitor', gapMs, timeUnit: 's' });
const jsonl = (text: string, gapMs = 2, timeUnit: 's' | 'ms' = 's') => parseTrace(text, 'cap.jsonl', { format: 'jsonl', gapMs, timeUnit });
const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('MONITOR lines', () => {
  it('reads time, client and quoted arguments with escapes; drops OK and set-up commands', () => {
    const r = monitor(['OK', '1700000000.000100 [0 127.0.0.1:5555] "hello" "3"', '1700000000.001000 [0 127.0.0.1:5555] "SET" "k" "a\\"b\\x01\\n"', '1700000000.001500 [0 127.0.0.1:5555] "get" "k"', ''].join('\n'));
    expect(r.skipped).toBe(1);
    expect(r.commands).toBe(2);
    expect(r.requests).toHaveLength(1);
    expect(r.requests[0]?.commands).toEqual([['SET', 'k', 'a"b\x01\n'], ['GET', 'k']]);
    expect(r.requests[0]?.keyArgs).toEqual([[0], [0]]);
    expect(r.spanMs).toBeCloseTo(0.5, 6);
  });

  it('parses quoting as sdscatrepr writes it, and says what is wrong otherwise', () => {
    expect(parseMonitorArgs('"a b" "\\\\" "\\xff"')).toEqual(['a b', '\\', '\xff']);
    expect(parseMonitorArgs('"open')).toMatch(/not closed/);
    expect(parseMonitorArgs('bare')).toMatch(/expected a quoted argument/);
    expect(parseMonitorArgs('"a\\q"')).toMatch(/unknown escape/);
  });

  it('groups a client\'s commands closer than the gap into one request, per client', () => {
    const lines = [
      '1.000000 [0 a:1] "GET" "s:1"',
      '1.000500 [0 b:2] "GET" "s:2"',
      '1.001000 [0 a:1] "EXPIRE" "s:1" "60"',
      '1.004000 [0 a:1] "INCR" "views"', // 3 ms after a's previous: a new request
      '1.001200 [0 b:2] "HGETALL" "cart:2"', // out of file order: sorted by time
    ].join('\n');
    const r = monitor(lines, 2);
    expect(r.clients).toEqual(['a:1', 'b:2']);
    expect(r.requests.map((q) => [q.client, q.offsetUs, q.commands.map((c) => c[0])])).toEqual([
      [0, 0, ['GET', 'EXPIRE']],
      [1, 500, ['GET', 'HGETALL']],
      [0, 4000, ['INCR']],
    ]);
    expect(monitor(lines, 5).requests).toHaveLength(2);
  });

  it.each([
    ['1.0 [0 a:1] "FLUSHALL"', /cap\.monitor:1: refused: FLUSHALL empties every database/],
    ['1.0 [0 a:1] "CONFIG" "SET" "save" ""', /:1: refused: CONFIG/],
    ['1.0 [0 a:1] "KEYS" "*"', /:1: refused: KEYS/],
    ['1.0 [0 a:1] "EVAL" "return 1" "0"', /:1: refused: EVAL runs a script/],
    ['1.0 [0 a:1] "FROBNICATE" "x"', /:1: refused: FROBNICATE is not a command the replay knows/],
    ['1.0 [3 a:1] "GET" "k"', /:1: database 3/],
    ['1.0 [0 lua] "GET" "k"', /:1: a command run by a Lua script/],
    ['1.0 [0 a:1] "MSET" "k1" "v1" "k2"', /:1: refused: MSET needs key value pairs/],
    ['1.0 [0 a:1] "GET"', /:1: refused: GET has 0 argument/],
    ['garbage', /:1: not a MONITOR line/],
    ['1.0 [0 a:1] "SET" "k" "\u001b[2Jboom"', /:1: control character U\+001B at character 24/],
    ['1.0 [0 a:1] "SET" "k" "\u202eevil"', /:1: control character U\+202E/],
  ])('refuses %j naming the file and line', (line, message) => {
    expect(refusal(() => monitor(`1.0 [0 a:1] "PING"\n${line}`.replace(/^/, '')))).toMatch(new RegExp(String(message.source).replace(':1:', ':2:')));
  });

  it('refuses a huge line before reading it, and more commands than the limit', () => {
    const huge = `1.0 [0 a:1] "SET" "k" "${'x'.repeat(TRACE_LIMITS.lineChars)}"`;
    expect(refusal(() => monitor(`1.0 [0 a:1] "PING"\n\n${huge}`))).toMatch(/cap\.monitor:3: the line is longer than 65536 characters/);
    const many = Array.from({ length: TRACE_LIMITS.commands + 1 }, (_, i) => `${i}.0 [0 a:1] "PING"`).join('\n');
    expect(refusal(() => monitor(many))).toMatch(/more than 100000 commands/);
  }, 60_000);

  it('refuses a trace with nothing to replay', () => {
    expect(refusal(() => monitor('OK\n1.0 [0 a:1] "INFO"\n'))).toMatch(/no command to replay/);
  });
});

describe('JSON lines', () => {
  it('reads t in seconds or milliseconds, numbers as arguments', () => {
    const text = '{"t": 1.5, "client": "web-1", "cmd": "incrby", "args": ["n", 5]}\n{"t": 1.501, "client": "web-1", "cmd": "GET", "args": ["n"]}\n';
    const r = jsonl(text);
    expect(r.requests).toHaveLength(1);
    expect(r.requests[0]?.commands).toEqual([['INCRBY', 'n', '5'], ['GET', 'n']]);
    expect(jsonl(text.replace('1.501', '1.6'), 2, 'ms').requests).toHaveLength(1); // 0.1 ms apart when t is in ms: one request
    expect(jsonl(text.replace('1.501', '1.6'), 2, 's').requests).toHaveLength(2); // 100 ms apart in seconds: two
    expect(jsonl('{"t": 1500, "client": "c", "cmd": "GET", "args": ["a"]}\n{"t": 1501, "client": "c", "cmd": "GET", "args": ["b"]}', 2, 'ms').requests).toHaveLength(1);
    expect(jsonl('{"t": 1500, "client": "c", "cmd": "GET", "args": ["a"]}\n{"t": 1501, "client": "c", "cmd": "GET", "args": ["b"]}', 2, 's').requests).toHaveLength(2);
  });

  it.each([
    ['{"t": 1, "client": "c", "cmd": "GET", "args": ["k"]', /cap\.jsonl:2: invalid JSON/],
    ['[1, 2]', /:2: expected a JSON object/],
    ['{"t": -1, "client": "c", "cmd": "GET", "args": ["k"]}', /:2: t must be a time in seconds/],
    ['{"t": 1, "client": "", "cmd": "GET", "args": ["k"]}', /:2: client must be a non-empty string/],
    ['{"t": 1, "client": "c", "cmd": "GET\\u001b[31m", "args": ["k"]}', /:2: cmd must be a command name/],
    ['{"t": 1, "client": "c", "cmd": "GET", "args": [{"k": 1}]}', /:2: args must be a list of strings or numbers/],
    ['{"t": 1, "client": "c", "cmd": "GET", "args": ["k"], "extra": 1}', /:2: unknown key "extra"/],
    ['{"t": 1, "client": "c", "cmd": "FLUSHDB"}', /:2: refused: FLUSHDB/],
    ['{"t": 1, "client": "c", "cmd": "NOPE", "args": []}', /:2: refused: NOPE is not a command/],
    ['{"t": 1, "client": "c\u0007", "cmd": "GET", "args": ["k"]}', /:2: control character U\+0007/],
  ])('refuses %j naming the file and line', (line, message) => {
    expect(refusal(() => jsonl(`{"t": 0, "client": "c", "cmd": "PING"}\n${line}`))).toMatch(message);
  });
});

describe('key positions', () => {
  it('knows where each replayable command keeps its keys', () => {
    expect(checkTraceCommand(['MSET', 'a', '1', 'b', '2'])).toEqual({ kind: 'replay', keyArgs: [0, 2] });
    expect(checkTraceCommand(['del', 'a', 'b', 'c'])).toEqual({ kind: 'replay', keyArgs: [0, 1, 2] });
    expect(checkTraceCommand(['RENAME', 'a', 'b'])).toEqual({ kind: 'replay', keyArgs: [0, 1] });
    expect(checkTraceCommand(['PING'])).toEqual({ kind: 'replay', keyArgs: [] });
    expect(checkTraceCommand(['CLIENT', 'SETNAME', 'x'])).toEqual({ kind: 'skip' });
  });
});

describe('trace files and the scenario', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rfl-trace-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a file that is not a regular file, or is over the size limit, naming it', async () => {
    const options = { format: 'monitor', gapMs: 2, timeUnit: 's' } as const;
    await expect(readTraceFile(dir, 'a-dir', options)).rejects.toThrow(/a-dir is not a regular file/);
    await expect(readTraceFile(join(dir, 'missing.monitor'), 'missing.monitor', options)).rejects.toThrow(/cannot read the trace file missing\.monitor \(ENOENT\)/);
    const big = join(dir, 'big.monitor');
    writeFileSync(big, Buffer.alloc(TRACE_LIMITS.fileBytes + 1, 0x20));
    await expect(readTraceFile(big, 'big.monitor', options)).rejects.toThrow(/more than 16777216/);
    const binary = join(dir, 'bin.monitor');
    writeFileSync(binary, Buffer.from([0xff, 0xfe, 0x00]));
    await expect(readTraceFile(binary, 'bin.monitor', options)).rejects.toThrow(/not UTF-8/);
  });

  it('parsing reads only the mapping; loading the file reads the trace and sets the requests and rate', async () => {
    const parsed = parseScenario('name: t\nworkload: {label: cart, trace: {file: traces/cart-session.monitor, gap: 10ms}}\nmodes: [sync]\n', 'inline.yaml');
    expect(parsed.workloads[0]?.trace).toEqual({ file: 'traces/cart-session.monitor', format: 'monitor', gapMs: 10, timeUnit: 's', connections: 'per-client' });
    const loaded = await loadScenarioFile(fileURLToPath(new URL('../../../scenarios/seed-002-trace-replay.yaml', import.meta.url)));
    const replay = loaded.workloads[0]?.trace?.replay;
    expect(replay?.clients).toHaveLength(3);
    expect(replay?.commands).toBeGreaterThan(500);
    const cells = expandMatrix(loaded);
    expect(cells.map((c) => c.rttMs)).toEqual([0, 10]);
    expect(cells[0]?.arrival?.requests).toBe(replay?.requests.length);
  });

  it('the JSON-lines version of the shipped trace holds the same requests', async () => {
    const base = fileURLToPath(new URL('../../../scenarios/traces/', import.meta.url));
    const a = await readTraceFile(join(base, 'cart-session.monitor'), 'm', { format: 'monitor', gapMs: 10, timeUnit: 's' });
    const b = await readTraceFile(join(base, 'cart-session.jsonl'), 'j', { format: 'jsonl', gapMs: 10, timeUnit: 's' });
    expect(b.requests.map((q) => q.commands)).toEqual(a.requests.map((q) => q.commands));
    expect(b.skipped).toBe(a.skipped);
  });

  it.each([
    ['trace: {file: x.txt}', /cannot tell the format/],
    ['trace: {file: x.monitor, time: ms}', /time applies to jsonl traces only/],
    ['trace: {file: x.jsonl, gap: 2s5}', /gap/],
    ['trace: {file: x.jsonl, speed: 2}', /speed/],
    ['trace: {file: x.jsonl, connections: pool}', /per-client or shared/],
  ])('the trace mapping refuses %s', (spec, message) => {
    expect(() => parseScenario(`name: t\nworkload: {${spec}}\nmodes: [sync]\n`, 'inline.yaml')).toThrow(message);
  });

  it('refuses modes other than sync for a trace', () => {
    expect(() => parseScenario('name: t\nworkload: {trace: {file: x.monitor}}\nmodes: [sync, pipeline:all]\n', 'inline.yaml')).toThrow(/sync mode only/);
  });
});

describe('pipeline: commands that arrived together are one round trip', () => {
  const lines = [
    '{"t": 0.0100, "client": "a", "cmd": "GET", "args": ["k1"]}',
    '{"t": 0.0100, "client": "a", "cmd": "GET", "args": ["k2"]}',
    '{"t": 0.0103, "client": "a", "cmd": "GET", "args": ["k3"]}',
    '{"t": 0.0115, "client": "a", "cmd": "SET", "args": ["k4", "v"]}',
    '{"t": 0.0100, "client": "b", "cmd": "GET", "args": ["k5"]}',
  ].join('\n');
  const read = (pipelineMs: number | null) => parseTrace(lines, 'cap.jsonl', { format: 'jsonl', gapMs: 2, timeUnit: 's', pipelineMs });

  it('groups by the pipeline gap inside a request, and counts a round trip per pipeline', () => {
    expect(read(null).requests.map((r) => r.rounds)).toEqual([[1, 1, 1, 1], [1]]);
    expect(traceRoundTrips(read(null))).toBe(2.5);
    expect(read(0).requests.map((r) => r.rounds)).toEqual([[2, 1, 1], [1]]);
    expect(read(1).requests.map((r) => r.rounds)).toEqual([[3, 1], [1]]);
    expect(traceRoundTrips(read(1))).toBe(1.5);
    expect(read(2).requests.map((r) => r.rounds)).toEqual([[4], [1]]);
  });

  it('reads pipeline: from the scenario, at most gap', () => {
    const spec = (trace: string) => yamlLines('name: t', `workload: {trace: ${trace}}`, 'modes: [sync]');
    const s = parseScenario(spec('{file: cap.jsonl, gap: 2ms, pipeline: 1ms}'), 'x.yaml');
    expect(s.workloads[0]?.trace?.pipelineMs).toBe(1);
    expect(parseScenario(spec('{file: cap.jsonl}'), 'x.yaml').workloads[0]?.trace?.pipelineMs).toBeUndefined();
    expect(refusal(() => parseScenario(spec('{file: cap.jsonl, gap: 2ms, pipeline: 5ms}'), 'x.yaml'))).toMatch(/trace\.pipeline: 5ms is longer than gap \(2ms\): a pipeline lies inside one request/);
  });
});
