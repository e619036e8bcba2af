// Hostile result files through the CLI: `report` and `compare` refuse them with exit 2, naming
// the file and the JSON path, within a bound (no hang on a FIFO, no 2^45-step histogram decode,
// no internal error). Needs no Redis: only the readers run.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const corpus = new URL('../fixtures/hostile/results/', import.meta.url).pathname;
const BOUND_MS = 60_000; // generous: the CLI starts through tsx on a shared machine

const cli = (args: string[]) => runCli(args, {}, BOUND_MS);

describe('hostile result files through the CLI', () => {
  it('compare refuses a crafted baseline with a negative median', async () => {
    const base = join(corpus, 'negative-median.json');
    const { code, stderr } = await cli(['compare', base, join(corpus, 'valid.json')]);
    expect(code).toBe(2);
    expect(stderr).toContain(`error [E_RESULT_INVALID]: ${base}: configs[0].medianMs: expected a finite number at least 0 or null`);
    expect(stderr).toContain('hint: the file has -5 there');
  });

  it('report refuses an older result without serverInfo, naming the version it needs', async () => {
    const file = join(corpus, 'old-without-serverinfo.json');
    const { code, stderr } = await cli(['report', file]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${file}: configs[0].serverInfo: expected an object or null`);
    expect(stderr).toMatch(/rerun the scenario with redis-fault-lab \d+\.\d+\.\d+/);
    expect(stderr).not.toContain('internal error');
  });

  it('report refuses the 56-character histogram and a FIFO at once', async () => {
    const hdr = await cli(['report', join(corpus, 'hdr-long-run.json')]);
    expect(hdr.code).toBe(2);
    expect(hdr.stderr).toContain('configs[0].latencyUs.hdr: expected a compressed HDR histogram');
    const fifo = join(await mkdtemp(join(tmpdir(), 'rfl-fifo-')), 'result.json');
    execFileSync('mkfifo', [fifo]);
    const piped = await cli(['report', fifo]);
    await rm(dirname(fifo), { recursive: true, force: true });
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain(`${fifo}: a FIFO (named pipe), not a regular file`);
  });
});
