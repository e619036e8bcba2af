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
    await expect(applyServerSettings(scenario, runtime, [fakeDirect(calls)])).rejects.toMatchObject({ code: 'E_TARGET_UNSAFE', hint: expect.stringMatching(/declare the target disposable/) });
    expect(calls).toStrictEqual([]);
  });

  it('set the normal class on the lab\'s own server and restore the whole previous value', async () => {
    const calls: string[][] = [];
    const restore = await applyServerSettings(scenario, { kind: 'local' } as StartedRuntime, [fakeDirect(calls)]);
    expect(calls).toStrictEqual([['GET', 'client-output-buffer-limit'], ['SET', 'client-output-buffer-limit', 'normal 1048576 0 0']]);
    expect(await restore()).toBeUndefined();
    expect(calls[2]).toStrictEqual(['SET', 'client-output-buffer-limit', 'normal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60']);
  });
});

describe('server settings on a cluster\'s primaries', () => {
  it('set every node given and restore each; a node that refuses puts the ones already set back', async () => {
    const first: string[][] = [];
    const second: string[][] = [];
    const restore = await applyServerSettings(scenario, { kind: 'local' } as StartedRuntime, [fakeDirect(first), fakeDirect(second)]);
    for (const calls of [first, second]) expect(calls.map((c) => c[0])).toStrictEqual(['GET', 'SET']);
    expect(await restore()).toBeUndefined();
    for (const calls of [first, second]) expect(calls.map((c) => c[0])).toStrictEqual(['GET', 'SET', 'SET']);
    const set: string[][] = [];
    const refusing = { config: async () => Promise.reject(new Error('ERR unsupported')) } as unknown as Redis;
    await expect(applyServerSettings(scenario, { kind: 'local' } as StartedRuntime, [fakeDirect(set), refusing])).rejects.toThrow('ERR unsupported');
    expect(set.at(-1)?.[2]).toMatch(/^normal 0 0 0 slave/);
  });

  it('name the primaries whose log shows a close, and sum them', async () => {
    const logs = ['primary-1', 'primary-2', 'primary-3'].map((node) => ({ node, log: new LineLog() }));
    const marks = logs.map((l) => ({ ...l, mark: l.log.mark() }));
    logs[1]?.log.push(LINE + '\n');
    logs[2]?.log.push(LINE + '\n' + LINE + '\n');
    const closed = await serverClosedOf(marks, run({ replied: 0, executed: 10 }), 12);
    expect(closed).toMatchObject({ evidence: 'log', count: 3, nodes: ['primary-2', 'primary-3'], executed: 10, appliedUnacknowledged: 10, lost: 0 });
    expect(sumServerClosed([closed!, { ...closed!, nodes: ['primary-1'] }])?.nodes).toStrictEqual(['primary-1', 'primary-2', 'primary-3']);
    // INFO (summed over the primaries) does not say which node: none named.
    expect((await serverClosedOf(marks, run({ fromInfo: 2 }), 12))?.nodes).toBeUndefined();
  });
});

describe('the server closing a client', () => {
  it('is read from the log lines written since the mark, and reconciled', async () => {
    const log = new LineLog();
    log.push('an earlier close: ' + LINE + '\n');
    const mark = log.mark();
    log.push('1:M some other line\n' + LINE.slice(0, 40));
    log.push(LINE.slice(40) + '\n');
    const closed = await serverClosedOf([{ node: 'primary', log, mark }], run({ replied: 2, executed: 11 }), 64);
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
    expect(await serverClosedOf([], run({ fromInfo: 1, executed: 5 }), 64)).toMatchObject({ evidence: 'info', count: 1, executed: 5 });
    expect(await serverClosedOf([{ node: 'primary', log: new LineLog(), mark: 0 }], run({ verified: true }), 64)).toBeUndefined();
    expect(await serverClosedOf([], run({ fromInfo: 0 }), 64)).toBeUndefined();
  });
});
