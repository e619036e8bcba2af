// `npm run bench`: what the lab's instrumentation costs. On the direct, unproxied connection
// to the local runtime's Redis (rtt 0, where the client's own cost is the whole story), it
// alternates the lab's sync and pipeline drivers with bare ioredis loops doing the same INCRs,
// prints the per-pair overhead ratio with its spread and a verdict against the goal, does the
// same for the span runWorkload() reports, shows its untimed bookkeeping separately, and runs redis-benchmark (where installed)
// as the server's capacity reference. Then it measures the open-loop generator's ceiling (the
// highest offered rate held with p99 lateness under 1 ms, one GET per request, one shared
// connection, direct at rtt 0; ceiling.ts) beside the same client's closed-loop rate. Progress
// goes to stderr, the report to stdout.
//
//   npm run bench -- [--pairs 10] [--warmup 2] [--sync-commands 20000]
//                    [--pipeline-commands 200000] [--batch 256] [--goal-percent 3] [--modes sync,pipeline]
//                    [--pin same|split|none] [--sections overhead,ceiling]
//                    [--ceiling-start 2000] [--ceiling-max 512000] [--ceiling-probe-s 3]
//
// With `taskset` on PATH the bench pins the client (every thread of this process) and
// redis-server: both to CPU 0 (`same`, the default), or the client to CPU 0 and the server to
// CPU 1 (`split`); `none` leaves them to the scheduler. Unpinned on this 2-core machine, the
// same 20,000 sync INCRs took 1.2 s or 2.9 s depending on where the scheduler put the two
// processes (one core: fast; two: each reply wakes the other core), switching within a pair.

import { execFile } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Redis } from 'ioredis';
import { closeClient, connectClient } from '../../lab/client/connect.ts';
import { errorMessage, isLabError } from '../../lab/errors/index.ts';
import { collectGarbage, median } from '../../lab/metrics/index.ts';
import { startRuntime, type StartedRuntime } from '../../lab/runtime/index.ts';
import { modeLabel, type Mode } from '../../lab/contracts/index.ts';
import { alternate, type Pair } from './ab.ts';
import { barePipeline, bareSync } from './bare.ts';
import { BENCH_KEY, expectCounter, incrPlan, labDrive, labRunWorkload, type WholeRun } from './lab-runs.ts';
import { wholeFlag } from './flags.ts';
import { findRedisBenchmark, runRedisBenchmark, type BenchmarkResult } from './redis-benchmark.ts';
import { benchmarkSection, driveSection, wholeSection, type ModeFigures } from './report.ts';
import { msText } from './table.ts';
import { ceilingSection, measureCeiling } from './ceiling.ts';

const KEY = BENCH_KEY;

const { values: flags } = parseArgs({
  options: {
    pairs: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'sync-commands': { type: 'string', default: '20000' },
    'pipeline-commands': { type: 'string', default: '200000' },
    batch: { type: 'string', default: '256' },
    'goal-percent': { type: 'string', default: '3' },
    modes: { type: 'string', default: 'sync,pipeline' },
    pin: { type: 'string', default: 'same' },
    sections: { type: 'string', default: 'overhead,ceiling' },
    'ceiling-start': { type: 'string', default: '2000' },
    'ceiling-max': { type: 'string', default: '512000' },
    'ceiling-probe-s': { type: 'string', default: '3' },
  },
});

const whole = (name: string, min: number): number => wholeFlag(name, flags[name as keyof typeof flags] as string | undefined, min);

const pairs = whole('pairs', 1);
const warmup = whole('warmup', 0);
const batch = whole('batch', 1);
const goalRatio = 1 + Number(flags['goal-percent']) / 100;

interface ModeSpec {
  mode: Mode;
  /** Commands per round trip (the redis-benchmark -P that matches). */
  depth: number;
  commands: number;
  bare: (client: Redis) => Promise<number>;
}

const syncCommands = whole('sync-commands', 1);
const pipelineCommands = whole('pipeline-commands', 1);

const allSpecs: ModeSpec[] = [
  { mode: { kind: 'sync' }, depth: 1, commands: syncCommands, bare: (c) => bareSync(c, KEY, syncCommands) },
  { mode: { kind: 'pipeline', batch }, depth: batch, commands: pipelineCommands, bare: (c) => barePipeline(c, KEY, pipelineCommands, batch) },
];
const wanted = flags.modes.split(',').map((m) => m.trim());
const unknownMode = wanted.find((m) => m !== 'sync' && m !== 'pipeline');
if (unknownMode !== undefined) throw new Error(`--modes takes sync and/or pipeline, got ${unknownMode}`);
const sections = flags.sections.split(',').map((m) => m.trim());
const unknownSection = sections.find((m) => m !== 'overhead' && m !== 'ceiling');
if (unknownSection !== undefined) throw new Error(`--sections takes overhead and/or ceiling, got ${unknownSection}`);
const specs = sections.includes('overhead') ? allSpecs.filter((s) => wanted.includes(s.mode.kind)) : [];

// Where the client and the server run: what pinning was done, or why none was.
interface Pinning {
  pinned: boolean;
  text: string;
}

const pinCpus = async (redisPid: number | undefined): Promise<Pinning> => {
  const how = flags.pin;
  if (how !== 'same' && how !== 'split' && how !== 'none') throw new Error(`--pin takes same, split or none, got ${how}`);
  if (how === 'none') return { pinned: false, text: 'not pinned (--pin none)' };
  if (redisPid === undefined) return { pinned: false, text: 'not pinned (no redis-server pid)' };
  if (how === 'split' && cpus().length < 2) return { pinned: false, text: 'not pinned (--pin split needs 2 CPUs)' };
  const serverCpu = how === 'same' ? '0' : '1';
  const taskset = (args: string[]) => promisify(execFile)('taskset', args);
  try {
    await taskset(['-a', '-p', '-c', '0', String(process.pid)]);
    await taskset(['-a', '-p', '-c', serverCpu, String(redisPid)]);
    return { pinned: true, text: `client (every thread) pinned to CPU 0, redis-server to CPU ${serverCpu} for sections 1 and 2 (taskset, --pin ${how}); section 3 runs unpinned` };
  } catch (error) {
    return { pinned: false, text: `not pinned (taskset failed: ${errorMessage(error)})` };
  }
};

// Every CPU again, for this process (and the children it starts next) and the server.
const unpinCpus = async (redisPid: number | undefined): Promise<void> => {
  if (flags.pin === 'none') return;
  const all = `0-${cpus().length - 1}`;
  const taskset = (args: string[]) => promisify(execFile)('taskset', args);
  await taskset(['-a', '-p', '-c', all, String(process.pid)]).catch(() => undefined);
  if (redisPid !== undefined) await taskset(['-a', '-p', '-c', all, String(redisPid)]).catch(() => undefined);
};

const note = (text: string): void => {
  process.stderr.write(`${text}\n`);
};

const ioredisVersion = async (): Promise<string> => {
  const pkg = JSON.parse(await readFile(new URL('../../node_modules/ioredis/package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
};

const measureMode = async (spec: ModeSpec, client: Redis, control: Redis): Promise<ModeFigures> => {
  const label = modeLabel(spec.mode);
  const plan = incrPlan(KEY, spec.commands); // built once, outside every timed span
  // One run of either side: reset, then the span, then the check. Both sides start their span
  // from an empty nursery, as runWorkload's does (measured-run.ts): otherwise a span starts by
  // scavenging what the previous run and the counter check left there.
  const measured = (span: () => Promise<number>) => async (): Promise<number> => {
    await control.del(KEY);
    collectGarbage('young');
    const ms = await span();
    await expectCounter(control, spec.commands);
    return ms;
  };
  const bare = measured(() => spec.bare(client));
  const lab = measured(() => labDrive(client, spec.mode, plan));
  const full = (): Promise<WholeRun> => labRunWorkload(client, control, spec.mode, plan); // it resets and verifies itself

  note(`${label}: ${warmup} warm-up run(s) of each variant`);
  collectGarbage('full'); // as the lab does once per link group, before its warm-up runs
  for (let i = 0; i < warmup; i++) {
    await bare();
    await lab();
    await full();
  }
  const show = (what: string) => (p: Pair<number | WholeRun, number>, i: number) => {
    const a = typeof p.a === 'number' ? p.a : p.a.timedMs;
    note(`${label} ${what} pair ${i + 1}/${pairs} (${p.first === 'A' ? 'lab first' : 'bare first'}): lab ${msText(a)} ms, bare ${msText(p.b)} ms, ratio ${(a / p.b).toFixed(3)}`);
  };
  const drivePairs = await alternate(pairs, lab, bare, show('drive()'));
  const wholePairs = await alternate(pairs, full, bare, show('runWorkload()'));
  return { label, commands: spec.commands, drive: drivePairs, whole: wholePairs };
};

// The lab's shape (one connection, its N) and the server's capacity with redis-benchmark's 50 clients.
const benchmarks = async (runtime: StartedRuntime): Promise<BenchmarkResult[] | string> => {
  const binary = await findRedisBenchmark();
  if (binary === undefined) return 'redis-benchmark was not found on PATH: no server capacity reference this time.';
  const cases = [
    { pipeline: 1, clients: 1, requests: syncCommands },
    { pipeline: batch, clients: 1, requests: pipelineCommands },
    { pipeline: 1, clients: 50, requests: pipelineCommands },
    { pipeline: batch, clients: 50, requests: pipelineCommands },
  ];
  const out: BenchmarkResult[] = [];
  for (const c of cases) {
    note(`redis-benchmark -P ${c.pipeline} -c ${c.clients} -n ${c.requests}`);
    out.push(await runRedisBenchmark(binary, runtime.redisDirect, c));
  }
  return out;
};

// The lab driver's median ops/s per pipeline depth, to set beside redis-benchmark's.
const labOpsByDepth = (modes: ModeFigures[]): Map<number, number> =>
  new Map(modes.map((m, i) => [specs[i]?.depth ?? 1, m.commands / ((median(m.drive.map((p) => p.a)) ?? Number.NaN) / 1000)]));

// Other processes on the same cores widen the spread more than anything the bench does. The
// load before the bench starts is the telling figure: at the end it includes the bench's own
// client and server (about 2).
const loadLine = (startLoad: number, endLoad: number): string => {
  const busy = startLoad > cpus().length / 2;
  return (
    `1-min load average ${startLoad.toFixed(1)} before the bench, ${endLoad.toFixed(1)} at its end (the bench's own client and server included)` +
    (busy ? ': other processes were using the cores, so expect a wide spread' : '')
  );
};

const main = async (): Promise<void> => {
  const abort = new AbortController();
  let runtime: StartedRuntime | undefined;
  const clients: Redis[] = [];
  const onSigint = (): void => {
    note('interrupted: stopping the runtime');
    abort.abort();
    void Promise.all(clients.map(closeClient))
      .then(() => runtime?.stop())
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSigint);
  try {
    const loadAtStart = loadavg()[0] ?? 0;
    runtime = await startRuntime('local', { signal: abort.signal, onNote: note });
    const pinning = specs.length === 0 ? { pinned: false, text: 'not pinned (no overhead section)' } : await pinCpus(runtime.resources.pids[0]);
    note(pinning.text);
    const client = await connectClient(runtime.redisDirect, 'bench client');
    clients.push(client);
    const control = await connectClient(runtime.redisDirect, 'bench control');
    clients.push(control);
    const redisVersion = /^redis_version:(.+)$/m.exec(await control.info('server'))?.[1]?.trim() ?? 'unknown';

    const modes: ModeFigures[] = [];
    for (const spec of specs) modes.push(await measureMode(spec, client, control));
    // redis-benchmark would inherit this process's CPU and share the server's: unpin both first.
    await unpinCpus(runtime.resources.pids[0]);
    const reference = specs.length === 0 ? undefined : await benchmarks(runtime);
    const ceiling = sections.includes('ceiling')
      ? await measureCeiling(client, control, {
          startPerSec: whole('ceiling-start', 1),
          minPerSec: 50,
          maxPerSec: whole('ceiling-max', 1),
          probeS: whole('ceiling-probe-s', 1),
          precision: 0.05,
          note,
        })
      : undefined;

    const { host, port } = runtime.redisDirect;
    const loadAtEnd = loadavg()[0] ?? 0;
    const overhead = reference === undefined ? [] : [driveSection(modes, goalRatio), '', wholeSection(modes, goalRatio), '', benchmarkSection(reference, labOpsByDepth(modes), pinning.pinned), ''];
    const out = [
      `redis-fault-lab overhead bench: INCR on one key, one connection, direct to redis-server ${host}:${port} (local runtime, no proxy, rtt 0)`,
      `node ${process.versions.node}, ioredis ${await ioredisVersion()}, redis ${redisVersion}, ${cpus().length} CPU(s); ` +
        `${pairs} A/B pairs per mode in alternating order (lab first, bare first, ...), ${warmup} warm-up run(s) of each variant; ` +
        `counter deleted before every run and checked after it, and a young-generation GC before every span (as the lab's runs do), outside timing`,
      loadLine(loadAtStart, loadAtEnd),
      pinning.text,
      '',
      ...overhead,
      ...(ceiling === undefined ? [] : [ceilingSection(ceiling, `one GET per request on the one shared connection, direct to redis-server ${host}:${port} (no proxy, rtt 0), unpinned`), '']),
    ];
    process.stdout.write(out.join('\n'));
  } finally {
    process.off('SIGINT', onSigint);
    await Promise.all(clients.map(closeClient));
    const report = await runtime?.stop();
    if (report !== undefined && report.problems.length > 0) note(`runtime stop: ${report.problems.join('; ')}`);
  }
};

try {
  await main();
} catch (error) {
  const hint = isLabError(error) && error.hint ? `\n${error.hint}` : '';
  process.stderr.write(`bench failed: ${errorMessage(error)}${hint}\n`);
  process.exitCode = 1;
}
