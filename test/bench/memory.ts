// `npm run bench:memory`: the client's peak RSS against the run's length. One scenario of INCR
// at pipeline:1000 through Toxiproxy at rtt 0 on the local runtime, for each command count, each
// in a child process of its own (memory-child.mjs, on the built package in dist/: peak RSS is
// per process, VmHWM in /proc/self/status). The child prints one JSON line; the parent prints
// one line per count. Progress goes to stderr,
// the figures to stdout.
//
//   npm run bench:memory -- [--commands 1000000,10000000,100000000]

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const { values: flags } = parseArgs({
  options: {
    commands: { type: 'string', default: '1000000,10000000,100000000' },
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

const runParent = async (): Promise<void> => {
  const counts = (flags.commands ?? '').split(',').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--commands takes whole counts, e.g. 1000000,10000000; got ${flags.commands}`);
  const child = fileURLToPath(new URL('./memory-child.mjs', import.meta.url));
  for (const commands of counts) {
    process.stderr.write(`running ${commands} INCR at pipeline:1000 in a child process...\n`);
    const { stdout } = await promisify(execFile)(process.execPath, [child, String(commands)], { maxBuffer: 1 << 20 });
    const f = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildFigures;
    const ops = f.spanMedianMs === null ? '' : `, span ${(f.spanMedianMs / 1000).toFixed(1)} s (${Math.round(commands / (f.spanMedianMs / 1000)).toLocaleString('en-US')} ops/s)`;
    process.stdout.write(
      `${commands.toLocaleString('en-US').padStart(11)} INCR pipeline:1000 rtt 0: peak RSS ${f.peakRssMB.toFixed(0)} MB (start ${f.startRssMB.toFixed(0)} MB), ` +
        `${f.wallS.toFixed(1)} s whole run${ops}, ${f.pass ? 'verified' : 'NOT VERIFIED'}\n`,
    );
  }
};

await runParent();
