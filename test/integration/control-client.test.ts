// The lab's control connection during a failover run must settle every command, even one in
// flight when the connection is killed, as Sentinel kills every normal client of a node it
// reconfigures (CLIENT KILL TYPE normal). ioredis 6.0.0 with autoResendUnfulfilledCommands off
// dropped such a command at the reconnect and never settled it (redis/ioredis#2193): a policy run
// across a Sentinel failover waited forever on it.

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectControl } from '../../lab/run/control-client.ts';
import { startRuntime, type StartedRuntime } from '../../lab/runtime/index.ts';
import { processAlive } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
}, 60_000);
afterAll(async () => {
  const pids = runtime.resources.pids;
  expect((await runtime.stop()).problems).toEqual([]);
  expect(pids.some(processAlive)).toBe(false);
});

const settledWithin = async <T>(promise: Promise<T>, ms: number): Promise<'settled' | 'pending'> => {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), ms)));
  try {
    return await Promise.race([promise.then(() => 'settled' as const, () => 'settled' as const), pending]);
  } finally {
    clearTimeout(timer);
  }
};

describe('control connection (local runtime)', () => {
  it('settles a command that was in flight when the server killed the connection, and keeps working', async () => {
    const node = runtime.nodes[0]!;
    const control = await connectControl(node.direct, 'control under test');
    const killer = new Redis({ host: node.direct.host, port: node.direct.port, password: node.direct.password, lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await killer.connect();
      // A command that stays in flight for 2 s, then the connection killed under it.
      const inFlight = control.call('BLPOP', 'control-test:none', '2');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(Number(await killer.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes'))).toBeGreaterThanOrEqual(1);
      // Re-sent after the reconnect (BLPOP times out after 2 s more) or rejected: never pending.
      expect(await settledWithin(inFlight, 10_000)).toBe('settled');
      expect(String(((await control.call('ROLE')) as unknown[])[0])).toBe('master');
    } finally {
      control.disconnect();
      killer.disconnect();
    }
  }, 30_000);
});
