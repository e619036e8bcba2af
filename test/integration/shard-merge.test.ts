// A user's suite of scenario files past one CI runner, run here as two shards on one machine:
// three test files, each running a short scenario through the lab's vitest fixture, split with
// `vitest run --shard=1/2` and `--shard=2/2` (blob reporter), merged with
// `vitest run --merge-reports`, and every shard's result files (REDIS_FAULT_LAB_RESULTS_DIR)
// drawn into one page with `redis-fault-lab report ... --html`. Mirrors the CI example in
// docs/reports-and-ci.md.

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const SHARD_BOUND_MS = 120_000;
const NAMES = ['shard-incr', 'shard-set', 'shard-get'] as const;
const COMMANDS = { 'shard-incr': 'INCR', 'shard-set': 'SET', 'shard-get': 'GET' } as const;

// The suite's vitest config: the package name resolves to the sources (as in test/vitest.config.ts),
// one file at a time (two cores shared with other work).
const CONFIG = `import { defineConfig } from 'vitest/config';
export default defineConfig({
  resolve: { alias: [
    { find: /^redis-fault-lab\\/vitest$/, replacement: ${JSON.stringify(join(ROOT, 'lab/vitest/index.ts'))} },
  ] },
  test: { include: ['suite/**/*.test.ts'], fileParallelism: false, testTimeout: 60_000, hookTimeout: 60_000 },
});
`;

// A test file as a user writes it: the fixture on local binaries, one short shipped-style scenario.
const testFile = (name: (typeof NAMES)[number]): string => `import { expect, it } from 'vitest';
import { useLab } from 'redis-fault-lab/vitest';

const lab = useLab({ runtime: 'local' });

it('${name} runs with verified runs', async ({ signal }) => {
  const result = await lab.run(\`
name: ${name}
description: ${COMMANDS[name]} one round trip at a time vs pipelines of 50
workload: { command: ${COMMANDS[name]}, key: "${name}:key", commands: 200 }
modes: [sync, pipeline:50]
network: { rtt: [0ms, 1ms] }
warmup: 0
repeat: 1
\`, { signal });
  expect(result).toHaveVerifiedRuns();
});
`;

interface Exit {
  code: number | null;
  output: string;
}

// `vitest ...args` in the suite's directory, its own process group, killed whole past the bound.
// The parent's VITEST* variables are left out so the child is a fresh vitest, not a worker.
const runVitest = (dir: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Exit> =>
  new Promise((resolve, reject) => {
    const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'));
    const child = spawn(process.execPath, [VITEST, ...args], { cwd: dir, detached: true, env: { ...base, NO_COLOR: '1', CI: '1', ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), SHARD_BOUND_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });

describe('a suite sharded in two and merged', () => {
  let dir: string;
  beforeAll(async () => {
    await mkdir(join(ROOT, '.tmp'), { recursive: true });
    dir = await mkdtemp(join(ROOT, '.tmp', 'shard-merge-'));
    await mkdir(join(dir, 'suite'));
    await writeFile(join(dir, 'vitest.config.ts'), CONFIG);
    for (const name of NAMES) await writeFile(join(dir, 'suite', `${name}.test.ts`), testFile(name));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('two shards run every file once, merge into one vitest report, and their result files into one HTML page', async () => {
    const shards = [1, 2];
    for (const shard of shards) {
      const exit = await runVitest(dir, ['run', `--shard=${shard}/2`, '--reporter=blob', `--outputFile=.vitest-reports/blob-${shard}-2.json`], {
        REDIS_FAULT_LAB_RESULTS_DIR: join(dir, `results-${shard}`),
      });
      expect(exit.code, exit.output).toBe(0);
    }

    // Each shard saved the results of its own files only; together, one per scenario.
    const perShard = await Promise.all(shards.map(async (shard) => (await readdir(join(dir, `results-${shard}`))).sort()));
    for (const files of perShard) expect(files.length).toBeGreaterThan(0);
    expect(perShard.flat().sort()).toEqual(NAMES.map((name) => `${name}.json`).sort());

    // vitest's merge: every test counted once, all passed.
    const merged = await runVitest(dir, ['run', '--merge-reports=.vitest-reports', '--reporter=json', '--outputFile=merged.json']);
    expect(merged.code, merged.output).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'merged.json'), 'utf8')) as {
      numTotalTests: number;
      numPassedTests: number;
      testResults: { assertionResults: { title: string }[] }[];
    };
    expect(report.numTotalTests).toBe(NAMES.length);
    expect(report.numPassedTests).toBe(NAMES.length);
    const titles = report.testResults.flatMap((file) => file.assertionResults.map((test) => test.title)).sort();
    expect(titles).toEqual(NAMES.map((name) => `${name} runs with verified runs`).sort());

    // The lab's merge: one page over every shard's result files.
    const files = shards.flatMap((shard, i) => perShard[i]!.map((file) => join(dir, `results-${shard}`, file)));
    const html = join(dir, 'report.html');
    const exit = await runCli(['report', ...files, '--html', html], {}, 60_000);
    expect(exit.code, exit.output).toBe(0);
    const page = await readFile(html, 'utf8');
    for (const name of NAMES) expect(page).toContain(name);
  }, 300_000);
});
