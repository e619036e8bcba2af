// Work limits through the command line: `validate` prints each scenario's work estimate, and a
// scenario beyond a limit is refused with exit 2, its file and field named, by `validate` and by
// `run` before anything starts (the run's TMPDIR never gets a data dir).

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const HOSTILE = 'test/fixtures/hostile/scenarios';

let labTmp: string;
beforeAll(async () => {
  labTmp = await mkdtemp(join(tmpdir(), 'rfl-work-'));
});
afterAll(() => rm(labTmp, { recursive: true, force: true }));

const cli = (args: string[]) => runCli(args, { TMPDIR: labTmp });

describe('work limits on the command line', () => {
  it('validate prints the work estimate beside the verdict', async () => {
    const result = await cli(['validate', 'scenarios/cross-dc-incr.yaml']);
    expect(result).toMatchObject({ code: 0, stdout: 'ok  scenarios/cross-dc-incr.yaml: cross-dc-incr\n' });
    expect(result.stderr).toBe('    work: 20 configs, 80 runs, 40,960 commands, 0 B of values, ~86.2 s waiting on the link (rtt model)\n');
  });

  it.each([
    ['work-ten-billion-configs.yaml', ':10:3: network.rtt: the scenario expands to 10,000,000,000 configs'],
    ['work-rate-for-over-limit.yaml', ':6:35: workload.arrival.for: rate 1,000,000/s × for 3600s schedules 3,600,000,000 requests per run'],
    ['work-value-512mib.yaml', ':4:80: workload.value: "512MiB" is above 256MiB'],
  ])('%s: refused with exit 2 by validate and by run, nothing started', async (name, message) => {
    const file = `${HOSTILE}/${name}`;
    const validated = await cli(['validate', file]);
    expect(validated.code).toBe(2);
    expect(validated.stderr).toContain(`${file}${message}`);
    expect(validated.stderr).not.toContain('    at ');
    const run = await cli(['run', file, '--runtime', 'local']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}${message}`);
    expect(run.stderr).not.toContain('starting');
    expect((await readdir(labTmp)).filter((entry) => entry.startsWith('redis-fault-lab-'))).toEqual([]);
  });
});
