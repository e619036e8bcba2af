// `npm run bench:instructions`: the lab's per-command cost in instructions, not wall time. On
// this 2-core VM a pipelined wall-time run is 40 % garbage collection and its pairs spread by
// ±15 %, so `npm run bench` needs hundreds of pairs to resolve a few percent; a pipelined
// run's instruction count moved by 0.7-2.4 % here. Each variant (the lab's drive(), the bare ioredis loop of
// bench/bare.ts) runs in its own Node process under valgrind's callgrind, which dumps the
// counts after every run (`callgrind_control -d`); the figure compared is the main thread's
// instructions outside the garbage collector, per command (JavaScript, ioredis, Node's streams).
//
// Not measured: wall time; the kernel (syscalls); the garbage collector (valgrind runs one thread at a time, so how a
// parallel scavenge splits between the main thread and its helpers is arbitrary there); other
// threads (the JIT compilers, GC helpers); redis-server (not traced). Needs valgrind
// (`apt-get install valgrind`); a run of 7 x 20,000 commands per variant takes a few minutes.
//
//   npm run bench:instructions -- [--runs 7] [--warmup 2] [--commands 20000] [--batch 256]
//                                 [--modes sync,pipeline] [--keep]

import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { closeClient, connectClient } from '../../lab/client/connect.ts';
import { errorMessage } from '../../lab/errors/index.ts';
import { median } from '../../lab/metrics/index.ts';
import { startRuntime } from '../../lab/runtime/index.ts';
import { modeLabel, type Mode } from '../../lab/contracts/index.ts';
import { barePipeline, bareSync } from './bare.ts';
import { dumpCounts, type DumpCounts } from './callgrind.ts';
import { wholeFlag } from './flags.ts';
import { BENCH_KEY, expectCounter, incrPlan, labDrive } from './lab-runs.ts';
import { formatTable, intText, overheadText, ratioText } from './table.ts';

const VARIANTS = ['lab', 'bare'] as const;
type Variant = (typeof VARIANTS)[number];

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    warmup: { type: 'string', default: '2' },
    commands: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '256' },
    modes: { type: 'string', default: 'sync,pipeline' },
    keep: { type: 'boolean', default: false },
    child: { type: 'string' },
  },
});

const whole = (name: 'runs' | 'warmup' | 'commands' | 'batch', min: number): number => wholeFlag(name, flags[name], min);

const runs = whole('runs', 1);
const warmup = whole('warmup', 0);
const commands = whole('commands', 1);
const batch = whole('batch', 1);
if (warmup >= runs) throw new Error(`--warmup (${warmup}) must be below --runs (${runs}): no run would be counted`);

const modeOf = (kind: string): Mode => {
  if (kind === 'sync') return { kind: 'sync' };
  if (kind === 'pipeline') return { kind: 'pipeline', batch };
  throw new Error(`--modes takes sync and/or pipeline, got ${kind}`);
};

const run = promisify(execFile);

// In the traced process: `runs` runs of one variant, a callgrind dump after each.
const child = async (variant: Variant, kind: string): Promise<void> => {
  const mode = modeOf(kind);
  const runtime = await startRuntime('local');
  const client = await connectClient(runtime.redisDirect, 'bench client');
  const control = await connectClient(runtime.redisDirect, 'bench control');
  try {
    const plan = incrPlan(BENCH_KEY, commands);
    for (let i = 0; i < runs; i++) {
      await control.del(BENCH_KEY);
      if (variant === 'lab') await labDrive(client, mode, plan);
      else if (mode.kind === 'sync') await bareSync(client, BENCH_KEY, commands);
      else await barePipeline(client, BENCH_KEY, commands, batch);
      await expectCounter(control, commands);
      // callgrind acts on the request while this process runs code: keep the event loop ticking.
      const tick = setInterval(() => undefined, 5);
      await run('callgrind_control', ['-d', `run${i + 1}`, String(process.pid)]).finally(() => clearInterval(tick));
    }
  } finally {
    await closeClient(client);
    await closeClient(control);
    await runtime.stop();
  }
};

// Runs one variant under callgrind; resolves with the dump files' common prefix.
const traced = (dir: string, variant: Variant, kind: string): Promise<string> => {
  const out = join(dir, `${variant}-${kind}`);
  const self = fileURLToPath(import.meta.url);
  const args = ['--tool=callgrind', '--separate-threads=yes', `--callgrind-out-file=${out}`, process.execPath, '--import', 'tsx', self, '--child', variant];
  args.push('--modes', kind, '--runs', String(runs), '--warmup', String(warmup), '--commands', String(commands), '--batch', String(batch));
  return new Promise((resolve, reject) => {
    const proc = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    proc.on('error', reject);
    proc.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${variant} ${kind} under callgrind exited ${code}:\n${stderr}`))));
  });
};

// The main thread's counts (thread 01) of every counted run.
const counted = async (prefix: string): Promise<DumpCounts[]> => {
  const out: DumpCounts[] = [];
  for (let i = warmup + 1; i <= runs; i++) {
    const file = `${prefix}.${i}-01`;
    out.push(dumpCounts(await readFile(file, 'utf8')));
  }
  return out;
};

const perCommand = (ir: number): number => ir / commands;
const spread = (xs: number[]): string => `${intText(Math.min(...xs))}–${intText(Math.max(...xs))}`;

const main = async (): Promise<void> => {
  await run('valgrind', ['--version']).catch(() => {
    throw new Error('valgrind was not found on PATH: install it (apt-get install valgrind) to count instructions');
  });
  const dir = await mkdtemp(join(tmpdir(), 'redis-fault-lab-callgrind-'));
  const rows: string[][] = [];
  try {
    for (const kind of flags.modes.split(',').map((m) => m.trim())) {
      const label = modeLabel(modeOf(kind));
      process.stderr.write(`${label}: lab and bare under callgrind, ${runs} runs of ${commands} INCRs each\n`);
      const prefixes = await Promise.all(VARIANTS.map((v) => traced(dir, v, kind)));
      const [lab = [], bare = []] = await Promise.all(prefixes.map(counted));
      const other = (c: DumpCounts): number => perCommand(c.totalIr - c.gcIr);
      const labOther = lab.map(other);
      const bareOther = bare.map(other);
      const ratio = (median(labOther) ?? Number.NaN) / (median(bareOther) ?? Number.NaN);
      for (const [variant, xs, all] of [['lab', labOther, lab], ['bare', bareOther, bare]] as const) {
        const total = all.map((c) => perCommand(c.totalIr));
        rows.push([label, variant, intText(median(xs) ?? Number.NaN), spread(xs), intText(median(total) ?? Number.NaN)]);
      }
      // The widest the ratio could be from these runs: lab's extremes over bare's opposite ones.
      const widest = `${ratioText(Math.min(...labOther) / Math.max(...bareOther))}–${ratioText(Math.max(...labOther) / Math.min(...bareOther))}`;
      rows.push([label, 'lab / bare', `${ratioText(ratio)} (${overheadText(ratio)})`, widest, '']);
    }
  } finally {
    if (flags.keep) process.stderr.write(`callgrind dumps kept in ${dir}\n`);
    else await rm(dir, { recursive: true, force: true });
  }
  const columns = [
    { header: 'mode' },
    { header: 'variant' },
    { header: 'main thread, outside GC: instr/command (median)', right: true },
    { header: 'min–max', right: true },
    { header: 'incl. GC (median)', right: true },
  ];
  process.stdout.write(
    [
      `redis-fault-lab instruction bench: INCR on one key, one connection, direct to a local redis-server; node ${process.versions.node}`,
      `${runs} runs of ${commands} commands per variant, each variant in its own process under callgrind; the first ${warmup} runs not counted`,
      'Not measured: wall time, the kernel, other threads (JIT compilers, GC helpers), redis-server. The GC column is the main thread only, whose share of a',
      'parallel scavenge valgrind makes arbitrary: compare the outside-GC column.',
      '',
      formatTable(columns, rows),
      '',
    ].join('\n'),
  );
};

try {
  if (flags.child === undefined) await main();
  else if (flags.child === 'lab' || flags.child === 'bare') await child(flags.child, flags.modes);
  else throw new Error(`--child takes lab or bare, got ${flags.child}`);
} catch (error) {
  process.stderr.write(`instruction bench failed: ${errorMessage(error)}\n`);
  process.exitCode = 1;
}
