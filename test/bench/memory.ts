// `npm run bench:memory`: the client's peak RSS against the run's length. One scenario of INCR
// at pipeline:1000 through Toxiproxy at rtt 0 on the local runtime, for each command count, each
// in a child process of its own (peak RSS is per process: VmHWM in /proc/self/status). The
// child prints one JSON line; the parent prints one line per count. Progress goes to stderr,
// the figures to stdout.
//
//   npm run bench:memory -- [--commands 1000000,10000000,100000000]

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const { values: flags } = parseArgs({
  options: {
    commands: { type: 'string', default: '1000000,10000000,100000000' },
    child: { type: 'string' },
  },
});

interface ChildFigures {
  commands: number;
  peakRssMB: number;
  startRssMB: number;
  wallS: number;
  spanMedianMs: number | null;
  pass: boolean;
}

// The kernel's high-water mark of this process's resident set, kB.
const vmKb = (field: 'VmHWM' | 'VmRSS'): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) : Number.NaN;
};

const scenarioText = (commands: number): string => `
name: memory-incr-${commands}
workload:
  command: INCR
  key: bench:memory
  commands: ${commands}
modes: [{pipeline: 1000}]
network:
  rtt: [0ms]
warmup: 0
repeat: 1
`;

const runChild = async (commands: number): Promise<void> => {
  const { parseScenario, runScenario } = await import('../../lab/index.ts');
  const startRssMB = vmKb('VmRSS') / 1024;
  const t0 = performance.now();
  const result = await runScenario(parseScenario(scenarioText(commands), `memory-${commands}.yaml`), { runtime: 'local' });
  const wallS = (performance.now() - t0) / 1000;
  const config = result.configs[0];
  const figures: ChildFigures = {
    commands,
    peakRssMB: vmKb('VmHWM') / 1024,
    startRssMB,
    wallS,
    spanMedianMs: config?.medianMs ?? null,
    pass: result.pass && config?.runs.every((r) => r.verified) === true,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
};

const runParent = async (): Promise<void> => {
  const counts = (flags.commands ?? '').split(',').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--commands takes whole counts, e.g. 1000000,10000000; got ${flags.commands}`);
  const self = fileURLToPath(import.meta.url);
  for (const commands of counts) {
    process.stderr.write(`running ${commands} INCR at pipeline:1000 in a child process...\n`);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', self, '--child', String(commands)], { maxBuffer: 1 << 20 });
    const f = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildFigures;
    const ops = f.spanMedianMs === null ? '' : `, span ${(f.spanMedianMs / 1000).toFixed(1)} s (${Math.round(commands / (f.spanMedianMs / 1000)).toLocaleString('en-US')} ops/s)`;
    process.stdout.write(
      `${commands.toLocaleString('en-US').padStart(11)} INCR pipeline:1000 rtt 0: peak RSS ${f.peakRssMB.toFixed(0)} MB (start ${f.startRssMB.toFixed(0)} MB), ` +
        `${f.wallS.toFixed(1)} s whole run${ops}, ${f.pass ? 'verified' : 'NOT VERIFIED'}\n`,
    );
  }
};

await (flags.child === undefined ? runParent() : runChild(Number(flags.child)));
