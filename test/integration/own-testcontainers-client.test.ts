// A test suite that uses Testcontainers for something of its own makes a client before the
// lab does. Testcontainers resolves its host once per process: inside a container (a
// /.dockerenv file) that is the bridge gateway, where the lab publishes nothing (it publishes
// on 127.0.0.1 only). The lab must still start, reach and stop its containers. This file runs
// in a worker of its own, so the client made below is the process's first.

import { existsSync } from 'node:fs';
import { getContainerRuntimeClient } from 'testcontainers';
import { expect, it } from 'vitest';
import { runScenario, startRuntime } from '../../lab/index.ts';
import { inlineScenario, labContainerIds } from './support.ts';

it('starts, runs and stops the containers runtime after the process made its own Testcontainers client', async () => {
  const saved = process.env.TESTCONTAINERS_HOST_OVERRIDE;
  delete process.env.TESTCONTAINERS_HOST_OVERRIDE;
  const theirs = await getContainerRuntimeClient();
  const theirHost = theirs.info.containerRuntime.host;
  // Where the gateway was chosen, this is the case that failed in CI; elsewhere it still runs.
  if (existsSync('/.dockerenv')) expect(theirHost).not.toBe('127.0.0.1');
  const before = await labContainerIds();
  const runtime = await startRuntime('containers');
  try {
    expect(runtime.proxied.host).toBe('127.0.0.1');
    const result = await runScenario(inlineScenario('name: own-client\nworkload: { command: INCR, commands: 50 }\nmodes: [sync]\nnetwork: { rtt: [0ms] }\nwarmup: 0\nrepeat: 1\n'), { runtime });
    expect(result.configs[0]!.runs.map((r) => r.verified)).toEqual([true]);
  } finally {
    await runtime.stop();
    if (saved === undefined) delete process.env.TESTCONTAINERS_HOST_OVERRIDE;
    else process.env.TESTCONTAINERS_HOST_OVERRIDE = saved;
  }
  expect(await labContainerIds()).toEqual(before);
});
