// Memory flat in the run's length (issue 26, item 7): a measured run keeps nothing per command.
// Two INCR runs at pipeline:1000 on real Redis, 200k and 1M commands; after each, with its plan
// and outcome still held, a full GC, and the heap they hold. Per-operation arrays (a key index
// of 4 bytes and a reply of 8 bytes per command, as the lab kept before) would make the longer
// run hold about 9.6 MB more; what it may hold more is under one byte per extra command.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRuntime, type StartedRuntime } from '../../lab/index.ts';
import { closeClient, connectClient } from '../../lab/client/connect.ts';
import { ownKeyspace } from '../../lab/keyspace/index.ts';
import { collectGarbage } from '../../lab/metrics/index.ts';
import { buildPlan, runWorkload } from '../../lab/workload/index.ts';
import { workload } from '../unit/workload/workload-fixture.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

const heapUsed = (): number => {
  collectGarbage('full');
  return process.memoryUsage().heapUsed;
};

it('a run of 1M commands holds less than a byte per command more than a run of 200k', async () => {
  const client = await connectClient(runtime.redisDirect, 'memory client');
  const control = await connectClient(runtime.redisDirect, 'memory control');
  try {
    const held: number[] = [];
    for (const commands of [200_000, 1_000_000]) {
      const before = heapUsed();
      const plan = buildPlan(workload({ command: 'INCR', key: 'memory:counter' }), commands, { minBytes: 16, maxBytes: 16 }, 1);
      const run = await runWorkload({ clients: [client], control, keyspace: ownKeyspace(), mode: { kind: 'pipeline', batch: 1000 }, plan });
      held.push(heapUsed() - before);
      expect(run.verified, run.failure).toBe(true);
      expect(run.outcome.replied).toBe(commands);
      expect(plan.size).toBe(commands); // the plan is still held while the heap is read
    }
    const [short = 0, long = 0] = held;
    const perExtraCommand = (long - short) / 800_000;
    expect(perExtraCommand, `held ${short} B after 200k, ${long} B after 1M`).toBeLessThan(1);
  } finally {
    await closeClient(client);
    await closeClient(control);
  }
}, 300_000);
