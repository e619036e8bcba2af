// The hostile corpus of result files (test/fixtures/hostile/results/): wrong shapes, numbers out
// of range, crafted histograms, and paths that are not regular files. Each must fail fast with
// E_RESULT_INVALID naming the file and the JSON path, never an internal error, a hang or a
// blown heap; valid.json (the same result unbroken) still reads.
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RESULT_FILE_MAX_BYTES, readResultFile } from '../../../lab/report/result-input.ts';
import { longRunHdr, zlibBombHdr } from './hdr-craft.ts';

const corpus = join(import.meta.dirname, '../../fixtures/hostile/results');
const BUDGET_MS = 5_000; // generous: each case is linear in a bounded input

const WHOLE_NUMBER = 'a whole number from 0 to 9007199254740991';
const FINITE = 'a finite number at least 0';
const V1_CLUSTER = 'written by redis-fault-lab result version 1 (a Redis Cluster result, kind "cluster"); this version reads version 2: re-run the scenario';
// File -> the message after "<file>: " (the JSON path and what was expected).
const SHAPES: [file: string, message: string][] = [
  ['null-config', 'configs[0].id: expected a string'],
  ['null-scenario', 'scenario.name: expected a string'],
  ['null-versions', 'versions: expected an object'],
  ['missing-versions', 'versions: expected an object'],
  ['string-median', 'configs[0].medianMs: expected a number or null (config "pipeline:256@rtt=10ms")'],
  ['nan-string-median', 'configs[0].medianMs: expected a number or null (config "pipeline:256@rtt=10ms")'],
  ['string-p99', `configs[0].latencyUs.p99: expected ${FINITE} (config "pipeline:256@rtt=10ms")`],
  ['string-serverinfo', 'configs[0].serverInfo: expected an object or null (config "pipeline:256@rtt=10ms")'],
  ['old-without-serverinfo', 'configs[0].serverInfo: expected an object or null (config "pipeline:256@rtt=10ms")'],
  ['missing-run-totalms', `configs[0].runs[0].totalMs: expected ${FINITE} (config "pipeline:256@rtt=10ms")`],
  ['extra-nesting-latency', `configs[0].latencyUs.p50: expected ${FINITE} (config "pipeline:256@rtt=10ms")`],
  ['array-for-bandwidth', 'configs[0].bandwidth: expected an object (config "pipeline:256@rtt=10ms")'],
  ['object-for-calibration', 'calibration: expected an array'],
  ['null-run', 'configs[0].runs[0]: expected an object (config "pipeline:256@rtt=10ms")'],
  ['object-threshold-actual', 'thresholds[0].checked[0].actual: expected a finite number or a string or null'],
  ['unknown-verdict', 'reconcile[0].verdict: expected one of "SAFE", "UNSAFE", "UNKNOWN", "NOT-TESTED"'],
  ['string-error-count', `configs[0].errorsByKind.ERR: expected ${WHOLE_NUMBER} (config "pipeline:256@rtt=10ms")`],
  ['unknown-mode', 'configs[0].mode: expected one of "sync", "pipeline", "multi", "auto" (config "pipeline:256@rtt=10ms")'],
  ['number-runtime', 'runtime: expected one of "containers", "local", "external"'],
  ['string-pass', 'pass: expected true or false'],
  ['number-warning', 'warnings[0]: expected a string'],
  ['fractional-commands', `configs[0].commands: expected ${WHOLE_NUMBER} (config "pipeline:256@rtt=10ms")`],
  ['unknown-node-role', 'topology.nodes[0].role: expected one of "primary", "replica"'],
  ['negative-median', `configs[0].medianMs: expected ${FINITE} or null (config "pipeline:256@rtt=10ms")`],
  ['infinite-median', `configs[0].medianMs: expected ${FINITE} or null (config "pipeline:256@rtt=10ms")`],
  ['negative-p50', `configs[0].latencyUs.p50: expected ${FINITE} (config "pipeline:256@rtt=10ms")`],
  // Cluster results of result version 1 (kind "cluster"), damaged or not: refused by their version first.
  ['cluster-unknown-fault', V1_CLUSTER],
  ['cluster-string-calibration', V1_CLUSTER],
  ['cluster-negative-median', V1_CLUSTER],
  ['hdr-long-run', 'configs[0].latencyUs.hdr: expected a compressed HDR histogram (V2, as encodeIntoCompressedBase64 writes it) within the lab\'s limits; this one: its counts run past the 17408 buckets its header declares (config "pipeline:256@rtt=10ms")'],
  ['hdr-not-base64', 'configs[0].latencyUs.hdr: expected a compressed HDR histogram (V2, as encodeIntoCompressedBase64 writes it) within the lab\'s limits; this one: not base64 (config "pipeline:256@rtt=10ms")'],
  ['top-level-array', 'expected a JSON object (a lab result)'],
  ['not-json', 'not JSON (Unexpected end of JSON input)'],
  ['empty', 'not JSON (Unexpected end of JSON input)'],
];

// The error of reading `file`, which must come within the budget.
const refusal = async (file: string, options?: { maxBytes?: number }): Promise<{ code?: string; message: string; hint?: string }> => {
  const started = performance.now();
  const error = (await readResultFile(file, options).then(() => new Error('read without an error'), (e: unknown) => e)) as { code?: string; message: string; hint?: string };
  expect(performance.now() - started).toBeLessThan(BUDGET_MS);
  return error;
};

const made: string[] = [];
const tempDir = async (): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'rfl-hostile-'));
  made.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('hostile result files', () => {
  it('reads valid.json, the result the corpus breaks', async () => {
    await expect(readResultFile(join(corpus, 'valid.json'))).resolves.toMatchObject({ scenario: { name: 'cross-dc-incr' } });
  });

  it.each(SHAPES)('refuses %s.json naming the file and the JSON path', async (name, message) => {
    const file = join(corpus, `${name}.json`);
    const error = await refusal(file);
    expect(error).toMatchObject({ code: 'E_RESULT_INVALID', message: `${file}: ${message}` });
    expect(error.hint).toMatch(/run --json/);
  });

  it('says what an older result lacks and which version reads it', async () => {
    const error = await refusal(join(corpus, 'old-without-serverinfo.json'));
    expect(error.hint).toMatch(/^the field is missing; a result written by an older redis-fault-lab lacks fields this one reads: rerun the scenario with redis-fault-lab \d+\.\d+\.\d+/);
  });

  it('says what the file has where it is wrong', async () => {
    expect((await refusal(join(corpus, 'negative-median.json'))).hint).toMatch(/^the file has -5 there/);
    expect((await refusal(join(corpus, 'infinite-median.json'))).hint).toMatch(/^the file has Infinity/);
  });

  it('refuses a crafted baseline for compare (negative and infinite medians)', async () => {
    for (const name of ['negative-median', 'infinite-median']) {
      await expect(readResultFile(join(corpus, `${name}.json`))).rejects.toMatchObject({ code: 'E_RESULT_INVALID', message: expect.stringContaining('configs[0].medianMs') });
    }
  });

  it('refuses a zlib-bomb and an over-long hdr built here', async () => {
    const valid = JSON.parse(await readFile(join(corpus, 'valid.json'), 'utf8')) as { configs: { latencyUs: { hdr: string } }[] };
    const dir = await tempDir();
    const cases: [string, string, RegExp][] = [
      ['bomb.json', zlibBombHdr(64 * 1024 * 1024), /configs\[0\]\.latencyUs\.hdr: expected a compressed HDR histogram .*; this one: inflates to more than 4194304 bytes/],
      ['long.json', 'A'.repeat(2_000_000), /configs\[0\]\.latencyUs\.hdr: expected at most 1000000 characters/],
      ['run.json', longRunHdr(), /this one: its counts run past/],
    ];
    for (const [name, hdr, message] of cases) {
      const first = valid.configs[0];
      if (first === undefined) throw new Error('valid.json has no config');
      first.latencyUs.hdr = hdr;
      const file = join(dir, name);
      await writeFile(file, JSON.stringify(valid));
      expect(await refusal(file)).toMatchObject({ code: 'E_RESULT_INVALID', message: expect.stringMatching(message) });
    }
  });

  it('refuses a FIFO at once, without waiting for a writer', async () => {
    const fifo = join(await tempDir(), 'result.json');
    execFileSync('mkfifo', [fifo]);
    expect(await refusal(fifo)).toMatchObject({ code: 'E_RESULT_INVALID', message: `${fifo}: a FIFO (named pipe), not a regular file; a result is read from a regular file only` });
  });

  it('refuses a directory and a character device (/dev/zero)', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'result.json'));
    expect(await refusal(join(dir, 'result.json'))).toMatchObject({ message: `${join(dir, 'result.json')}: a directory, not a regular file; a result is read from a regular file only` });
    expect(await refusal('/dev/zero')).toMatchObject({ code: 'E_RESULT_INVALID', message: '/dev/zero: a character device, not a regular file; a result is read from a regular file only' });
  });

  it(`refuses a file over the limit (${RESULT_FILE_MAX_BYTES} bytes) before reading it`, async () => {
    const sparse = join(await tempDir(), 'huge.json');
    await writeFile(sparse, '');
    await truncate(sparse, RESULT_FILE_MAX_BYTES + 1); // sparse: no disk used
    expect(await refusal(sparse)).toMatchObject({ message: `${sparse}: ${RESULT_FILE_MAX_BYTES + 1} bytes, larger than ${RESULT_FILE_MAX_BYTES} bytes, the most a result file may hold` });
    const valid = join(corpus, 'valid.json');
    expect(await refusal(valid, { maxBytes: 1000 })).toMatchObject({ message: expect.stringMatching(/: \d+ bytes, larger than 1000 bytes, the most a result file may hold$/) });
  });
});
