import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { applyServerSettings, serverClosedOf, sumServerClosed } from '../../../lab/run/server-settings.ts';
import { LineLog } from '../../../lab/runtime/server-log.ts';
import type { StartedRuntime } from '../../../lab/runtime/index.ts';
import type { WorkloadRun } from '../../../lab/workload/index.ts';

const scenario = parseScenario('name: t\nworkload: {command: GET, commands: 64}\nmodes: [pipeline:all]\nserver: {client-output-buffer-limit: {hard: 1MiB}}\n', 'x.yaml');
const LINE = '1:M 03 Dec 2026 13:08:41.311 # Client id=8 addr=127.0.0.1:52972 omem=1114376 cmd=get scheduled to be closed ASAP for overcoming of output buffer limits.';

// A control connection that records what it was asked to do.
const fakeDirect = (calls: string[][]): Redis =>
  ({
    config: async (...args: string[]) => {
      calls.push(args);
      return args[0] === 'GET' ? ['client-output-buffer-limit', 'normal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60'] : 'OK';
    },
  }) as unknown as Redis;

const run = (figures: { verified?: boolean; fromInfo?: number | null; replied?: number; executed?: number }): WorkloadRun =>
  ({
    verified: figures.verified ?? false,
    outcome: { replied: figures.replied ?? 0 },
    executed: figures.executed ?? 0,
    serverInfo: { outputBufferLimitDisconnections: figures.fromInfo ?? null },
  }) as unknown as WorkloadRun;

describe('server settings', () => {
  it('are refused on a shared external target before anything is changed', async () => {
    const calls: string[][] = [];
    const runtime = { kind: 'external', external: { redis: 'db.example:6379', disposable: false } } as StartedRuntime;
    await expect(applyServerSettings(scenario, runtime, fakeDirect(calls))).rejects.toMatchObject({ code: 'E_TARGET_UNSAFE', hint: expect.stringMatching(/declare the target disposable/) });
    expect(calls).toStrictEqual([]);
  });

  it('set the normal class on the lab\'s own server and restore the whole previous value', async () => {
    const calls: string[][] = [];
    const restore = await applyServerSettings(scenario, { kind: 'local' } as StartedRuntime, fakeDirect(calls));
    expect(calls).toStrictEqual([['GET', 'client-output-buffer-limit'], ['SET', 'client-output-buffer-limit', 'normal 1048576 0 0']]);
    expect(await restore()).toBeUndefined();
    expect(calls[2]).toStrictEqual(['SET', 'client-output-buffer-limit', 'normal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60']);
  });
});

describe('the server closing a client', () => {
  it('is read from the log lines written since the mark, and reconciled', async () => {
    const log = new LineLog();
    log.push('an earlier close: ' + LINE + '\n');
    const mark = log.mark();
    log.push('1:M some other line\n' + LINE.slice(0, 40));
    log.push(LINE.slice(40) + '\n');
    const closed = await serverClosedOf({ serverLog: log }, mark, run({ replied: 2, executed: 11 }), 64);
    expect(closed).toStrictEqual({
      reason: 'client-output-buffer-limit',
      evidence: 'log',
      count: 1,
      runs: 1,
      issued: 64,
      acknowledged: 2,
      executed: 11,
      appliedUnacknowledged: 9,
      lost: 0,
      logLine: LINE,
    });
    expect(sumServerClosed([closed!, { ...closed!, count: 2, executed: 12 }])).toMatchObject({ count: 3, runs: 2, issued: 128, executed: 23, evidence: 'log' });
  });

  it('prefers INFO where the server counts it, and says nothing without evidence', async () => {
    expect(await serverClosedOf({}, undefined, run({ fromInfo: 1, executed: 5 }), 64)).toMatchObject({ evidence: 'info', count: 1, executed: 5 });
    expect(await serverClosedOf({ serverLog: new LineLog() }, 0, run({ verified: true }), 64)).toBeUndefined();
    expect(await serverClosedOf({}, undefined, run({ fromInfo: 0 }), 64)).toBeUndefined();
  });
});
