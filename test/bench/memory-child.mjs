// The child of `npm run bench:memory` (memory.ts): one INCR run at pipeline:1000 through
// Toxiproxy at rtt 0 on the local runtime, on the BUILT package (dist/, what the CLI and an
// installed package run; tsx's transpiler would add about 40 MB of its own to the process).
// Prints one JSON line: peak RSS (VmHWM: per process), RSS before the run, wall time, span.
//
//   node test/bench/memory-child.mjs <commands>

import { readFileSync } from 'node:fs';

const vmKb = (field) => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) : Number.NaN;
};

const commands = Number(process.argv[2]);
if (!Number.isInteger(commands) || commands < 1) throw new Error(`usage: memory-child.mjs <commands>; got ${process.argv[2]}`);
const { parseScenario, runScenario } = await import('../../dist/index.js');
const text = `
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
const startRssMB = vmKb('VmRSS') / 1024;
const t0 = performance.now();
const result = await runScenario(parseScenario(text, `memory-${commands}.yaml`), { runtime: 'local' });
const config = result.configs[0];
process.stdout.write(
  `${JSON.stringify({
    commands,
    peakRssMB: vmKb('VmHWM') / 1024,
    startRssMB,
    wallS: (performance.now() - t0) / 1000,
    spanMedianMs: config?.medianMs ?? null,
    pass: result.pass && config?.runs.every((r) => r.verified) === true,
  })}\n`,
);
