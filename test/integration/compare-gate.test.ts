// `compare` as a CI gate, through the CLI on real results: a short open-loop run (real Redis and
// Toxiproxy, local runtime) compared with itself passes; with its request latencies doubled it
// exits 1 naming request p(99); with a config missing it exits 1 unless --allow-missing; against
// a result of another scenario (no config in common) it exits 2, never PASS.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabResult, LatencySummaryUs } from '../../lab/index.ts';
import { createLatencyHistogram, decodeLatency, recordUs, summarizeLatency } from '../../lab/metrics/index.ts';
import { runCli } from './run-cli.ts';


const cli = (args: string[]) => runCli(args);

// Two offered rates, one INCR per request on one shared (multiplexed) connection at rtt 2 ms:
// 3 runs of 300 and 600 requests (900 and 1800 samples, enough to judge a p99).
const OPEN_LOOP = `name: gate-open-loop
workload:
  label: incr
  request: [{command: INCR, key: hits}]
  arrival: {rate: [100/s, 200/s], for: 3s}
modes: [sync]
network: {rtt: 2ms}
warmup: 0
repeat: 3
calibration: {pings: 5}
expect:
  # A loaded machine can starve the generator (late starts growing: saturated), which fails a
  # run that does not expect it; this test is about compare, so either outcome is allowed.
  - "saturated <= 1"
`;

// The same scenario with the link 100 times as far: every request waits a 200 ms round trip, so
// its p50 and p99 several times the base's (a real change, not a scaled copy). The gap is that
// large so that it stands above a loaded machine's noise: on a shared 2-core machine the base's
// per-run p99 at rtt 2 ms ranged 38-103 ms, and rtt 6 ms could not be told from it.
const FARTHER = OPEN_LOOP.replace('rtt: 2ms', 'rtt: 200ms');

// Another scenario: closed-loop commands, whose config ids share nothing with the one above.
const COMMANDS = `name: gate-commands
workload: {command: INCR, commands: 50}
modes: [sync]
network: {rtt: 0ms}
warmup: 0
repeat: 1
calibration: {pings: 5}
`;

let dir: string;
let openFile: string;
let fartherFile: string;
let commandsFile: string;
let result: LabResult;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rfl-compare-'));
  openFile = join(dir, 'open.json');
  commandsFile = join(dir, 'commands.json');
  fartherFile = join(dir, 'farther.json');
  await writeFile(join(dir, 'open.yaml'), OPEN_LOOP);
  await writeFile(join(dir, 'farther.yaml'), FARTHER);
  await writeFile(join(dir, 'commands.yaml'), COMMANDS);
  const open = await cli(['run', join(dir, 'open.yaml'), '--runtime', 'local', '--json', openFile, '--quiet']);
  expect(open.code, open.stderr).toBe(0);
  const farther = await cli(['run', join(dir, 'farther.yaml'), '--runtime', 'local', '--json', fartherFile, '--quiet']);
  expect(farther.code, farther.stderr).toBe(0);
  const commands = await cli(['run', join(dir, 'commands.yaml'), '--runtime', 'local', '--json', commandsFile, '--quiet']);
  expect(commands.code, commands.stderr).toBe(0);
  result = JSON.parse(await readFile(openFile, 'utf8')) as LabResult;
}, 420_000);

afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

// Every sample of the histogram times `factor`: the quantile function scaled, sample by sample.
const scaled = (summary: LatencySummaryUs, factor: number): LatencySummaryUs => {
  const source = decodeLatency(summary.hdr as string);
  const target = createLatencyHistogram();
  for (let i = 0; i < summary.count; i++) recordUs(target, factor * Math.min(source.getValueAtPercentile((100 * (i + 0.5)) / summary.count), summary.max));
  const out = { ...summarizeLatency(target), ...(summary.waits === undefined ? {} : { waits: summary.waits }) };
  source.destroy();
  target.destroy();
  return out;
};

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// The FAIL line's part about one config: from its id to the next config's id.
const segment = (failLine: string, id: string): string => {
  const start = failLine.indexOf(`${id}: `);
  const next = result.configs.map((c) => failLine.indexOf(`${c.id}: `, start + 1)).filter((i) => i > start);
  return start < 0 ? '' : failLine.slice(start, next.length === 0 ? undefined : Math.min(...next));
};

const write = async (name: string, value: LabResult): Promise<string> => {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(value));
  return file;
};

describe('compare as a gate', () => {
  it('passes the open-loop result compared with itself, judging the request figures', async () => {
    expect(result.configs).toHaveLength(2);
    expect(result.configs.map((c) => c.requestLatencyUs?.count)).toEqual([900, 1800]);
    const same = await cli(['compare', openFile, openFile]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('request p(99)');
    expect(same.stdout).toContain('achieved/s');
    expect(same.stdout).toContain('\nPASS: ');
  });

  it('exits 1 when request latency doubles, naming request p(99)', async () => {
    // Doubled in every run: the whole-run histograms and each run's own percentiles (the figures
    // the runs' noise rule reads), as a real doubling would leave them.
    const doubled: LabResult = {
      ...result,
      configs: result.configs.map((c) => ({
        ...c,
        requestLatencyUs: c.requestLatencyUs ? scaled(c.requestLatencyUs, 2) : null,
        runLatencyUs: c.runLatencyUs?.map((r) => ({ ...r, requestP50Us: 2 * r.requestP50Us, requestP99Us: 2 * r.requestP99Us })),
      })),
    };
    const worse = await cli(['compare', openFile, await write('doubled.json', doubled)]);
    expect(worse.code).toBe(1);
    const failLine = worse.stdout.split('\n').find((line) => line.startsWith('FAIL: ')) ?? '';
    // Every config fails (its request p50 doubled too); request p(99) is named for each config
    // whose doubled runs all lie above its base runs, as the runs' rule says: on a loaded machine
    // one run's heavy tail can reach past twice another's (see docs/compare.md).
    for (const c of result.configs) expect(failLine).toContain(`${c.id}: `);
    const judgeable = result.configs.filter((c) => {
      const p99s = (c.runLatencyUs ?? []).map((r) => r.requestP99Us);
      return p99s.length >= 3 && 2 * Math.min(...p99s) > Math.max(...p99s);
    });
    // On a heavily loaded machine a config's runs can spread more than 2x, and then no p99 is
    // judgeable here (the exit code above still comes from the figures that are); the last test
    // below requires request p(99) named on a real result whose runs are apart.
    const named = result.configs.filter((c) => new RegExp(`${escape(c.id)}: [^|]*?request p\\(99\\) \\+(9\\d|10\\d)\\.\\d% \\(threshold 10%\\), every new run worse than every base run`).test(segment(failLine, c.id)));
    expect(named.map((c) => c.id)).toEqual(judgeable.map((c) => c.id));
  });

  it('exits 1 for a config in one result only, naming it; 0 with --allow-missing, listing it as skipped', async () => {
    const gone = result.configs[1]!.id;
    const partial = await write('partial.json', { ...result, configs: result.configs.slice(0, 1) });
    const missing = await cli(['compare', openFile, partial]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain(`${gone}: only in base`);
    const allowed = await cli(['compare', openFile, partial, '--allow-missing']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain(`Only in base, skipped (--allow-missing):\n  ${gone}`);
  });

  it('exits 2 for two results with no config in common, naming both files and their configs', async () => {
    const commands = JSON.parse(await readFile(commandsFile, 'utf8')) as LabResult;
    const nothing = await cli(['compare', openFile, commandsFile]);
    expect(nothing.code).toBe(2);
    expect(nothing.stdout).toBe('');
    expect(nothing.stderr).toContain(`error [E_COMPARE_NOTHING]: ${openFile} and ${commandsFile} have no config or reconcile row in common`);
    expect(nothing.stderr).toContain(result.configs[0]!.id);
    expect(nothing.stderr).toContain(commands.configs[0]!.id);
    expect(nothing.stderr).toContain('hint: ');
  });

  it('exits 1 on a real result whose request p99 grew with the rtt (--match rtt=2ms->200ms), and writes the Markdown summary', async () => {
    const farther = JSON.parse(await readFile(fartherFile, 'utf8')) as LabResult;
    // Each verified run's own percentiles are in the result: compare reads their spread.
    for (const c of [...result.configs, ...farther.configs]) expect(c.runLatencyUs).toHaveLength(3);
    // By id, nothing matches (the rtt is in every id): an error, never a PASS.
    const byId = await cli(['compare', openFile, fartherFile]);
    expect(byId.code).toBe(2);
    expect(byId.stderr).toContain('E_COMPARE_NOTHING');
    expect(byId.stderr).toContain('--match');
    const markdown = join(dir, 'summary.md');
    const matched = await cli(['compare', openFile, fartherFile, '--match', 'rtt=2ms->200ms', '--markdown', markdown]);
    expect(matched.code, matched.stdout + matched.stderr).toBe(1);
    const failLine = matched.stdout.split('\n').find((line) => line.startsWith('FAIL: ')) ?? '';
    // Request p(99) is named for every config whose runs the rule finds apart: every new run's p99
    // above every base run's, and the whole-run p99 more than 10 % higher.
    const apart = result.configs.filter((c, i) => {
      const n = farther.configs[i]!;
      const base = (c.runLatencyUs ?? []).map((r) => r.requestP99Us);
      const next = (n.runLatencyUs ?? []).map((r) => r.requestP99Us);
      return Math.min(...next) > Math.max(...base) && (n.requestLatencyUs?.p99 ?? 0) > 1.1 * (c.requestLatencyUs?.p99 ?? Infinity);
    });
    expect(apart.length).toBeGreaterThan(0);
    const named = result.configs.filter((c) => new RegExp(`${escape(c.id)}: [^|]*?request p\\(99\\) \\+\\d+\\.\\d% \\(threshold 10%\\), every new run worse than every base run`).test(segment(failLine, c.id)));
    expect(named.map((c) => c.id)).toEqual(apart.map((c) => c.id));
    expect(matched.stdout).toContain(`${result.configs[0]!.id} → ${farther.configs[0]!.id}`);
    const summary = await readFile(markdown, 'utf8');
    expect(summary.startsWith('## compare: FAIL\n')).toBe(true);
    expect(summary).toContain(`| ${apart[0]!.id} → ${apart[0]!.id.replace('rtt=2ms', 'rtt=200ms')} | request p(99) +`);
    // The pairing is one way: the same file on both sides has no config at 6 ms to pair with.
    const none = await cli(['compare', openFile, openFile, '--match', 'rtt=2ms->200ms']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--match rtt=2ms->200ms pairs a base config at rtt=2ms');
  });
});
