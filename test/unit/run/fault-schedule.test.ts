import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LabError } from '../../../lab/errors/index.ts';
import type { FaultHandle, HealReport } from '../../../lab/network/index.ts';
import { FaultSchedule, type FaultScheduleInput } from '../../../lab/run/fault-schedule.ts';
import type { Fault } from '../../../lab/contracts/index.ts';

const report = (describe: string): HealReport => ({ fault: 'reset', path: 'delete', toxics: ['t'], durationMs: 1, describe });

// A fault handle whose heal() answers from a script: each call takes the next outcome.
const fakeHandle = (outcomes: (string | Error)[] = ['healed']) => {
  const calls: number[] = [];
  const handle: FaultHandle = {
    action: { kind: 'reset' },
    proxyName: 'p',
    toxics: ['t'],
    heal: async () => {
      calls.push(Date.now());
      const next = outcomes.length > 1 ? outcomes.shift() : outcomes[0];
      if (next instanceof Error) throw next;
      return report(next ?? 'healed');
    },
  };
  return { handle, calls };
};

const fault = (over: Partial<Fault> = {}): Fault => ({ name: 'f', action: { kind: 'reset' }, trigger: { kind: 'time', atMs: 100 }, forMs: null, ...over });

const setup = (over: Partial<FaultScheduleInput> = {}, outcomes?: (string | Error)[]) => {
  const { handle, calls } = fakeHandle(outcomes);
  const started: number[] = [];
  const dropped: number[] = [];
  const schedule = new FaultSchedule({
    fault: fault(),
    deadlineMs: 1000,
    start: async () => {
      started.push(Date.now());
      return handle;
    },
    dropClient: () => dropped.push(Date.now()),
    ...over,
  });
  return { schedule, started, dropped, heals: calls };
};

describe('FaultSchedule', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a time-triggered fault at its time, heals when the connection closes, and reports it fired', async () => {
    const { schedule, started, heals } = setup();
    schedule.arm();
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([100]);
    await vi.advanceTimersByTimeAsync(20);
    schedule.connectionClosed();
    await vi.advanceTimersByTimeAsync(0);
    expect(heals).toEqual([120]);
    const end = await schedule.finish();
    expect(end).toEqual({ faultObserved: true, heal: 'healed', problems: [] });
  });

  it('times the fault for the report: on, connection closed, healed, end, in ms after arm()', async () => {
    const { schedule } = setup();
    schedule.arm();
    await vi.advanceTimersByTimeAsync(120);
    schedule.connectionClosed();
    await vi.advanceTimersByTimeAsync(30);
    await schedule.finish();
    expect(schedule.times()).toEqual({ faultOnMs: 100, closedMs: 120, healedMs: 120, endMs: 150 });
    const quiet = setup({ fault: fault({ trigger: { kind: 'time', atMs: 60 } }) });
    quiet.schedule.arm();
    await vi.advanceTimersByTimeAsync(30);
    await quiet.schedule.finish();
    expect(quiet.schedule.times()).toEqual({ faultOnMs: null, closedMs: null, healedMs: null, endMs: 30 });
  });

  it('a fault whose time comes after the run ended never starts and did not fire', async () => {
    const { schedule, started, heals } = setup({ fault: fault({ trigger: { kind: 'time', atMs: 60 } }) });
    schedule.arm();
    await vi.advanceTimersByTimeAsync(30); // the run is over before 60 ms
    const end = await schedule.finish();
    await vi.advanceTimersByTimeAsync(1000); // no timer outlives finish()
    expect(started).toEqual([]);
    expect(heals).toEqual([]);
    expect(end).toEqual({ faultObserved: false, heal: 'not started', problems: [] });
  });

  it('a connection that closes before the fault started is not the fault firing', async () => {
    const { schedule } = setup({ fault: fault({ trigger: { kind: 'commands', after: 5 } }) });
    schedule.arm();
    schedule.connectionClosed();
    await schedule.start();
    expect((await schedule.finish()).faultObserved).toBe(false);
  });

  it('starts once however often the command trigger calls it', async () => {
    const { schedule, started } = setup({ fault: fault({ trigger: { kind: 'commands', after: 5 } }) });
    schedule.arm();
    await Promise.all([schedule.start(), schedule.start()]);
    await schedule.start();
    expect(started).toHaveLength(1);
    await schedule.finish();
  });

  it('keeps a fault with a duration for that duration, even when the connection closes', async () => {
    const { schedule, heals } = setup({ fault: fault({ forMs: 500 }) });
    schedule.arm();
    await vi.advanceTimersByTimeAsync(150);
    schedule.connectionClosed();
    await vi.advanceTimersByTimeAsync(449);
    expect(heals).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(heals).toEqual([600]);
    expect((await schedule.finish()).faultObserved).toBe(true);
  });

  it('drops the client at the deadline; a stall that held until then counts as fired', async () => {
    const { schedule, dropped } = setup({ fault: fault({ action: { kind: 'stall' }, trigger: { kind: 'commands', after: 1 } }) });
    schedule.arm();
    await schedule.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(dropped).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(dropped).toEqual([1000]);
    expect((await schedule.finish()).faultObserved).toBe(true);
  });

  it('a started reset that never closed the connection did not fire, unless the run was dropped', async () => {
    const quiet = setup({ fault: fault({ trigger: { kind: 'commands', after: 1 } }) });
    quiet.schedule.arm();
    await quiet.schedule.start();
    expect((await quiet.schedule.finish()).faultObserved).toBe(false);

    const cut = setup({ fault: fault({ trigger: { kind: 'commands', after: 1 } }) });
    cut.schedule.arm();
    await cut.schedule.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect((await cut.schedule.finish()).faultObserved).toBe(true);
  });

  it('Ctrl-C drops the client at once, and finish() stops listening', async () => {
    const abort = new AbortController();
    const { schedule, dropped } = setup({ signal: abort.signal });
    schedule.arm();
    await vi.advanceTimersByTimeAsync(10);
    abort.abort();
    expect(dropped).toEqual([10]);
    await schedule.finish();
    const later = new AbortController();
    const other = setup({ signal: later.signal });
    other.schedule.arm();
    await other.schedule.finish();
    later.abort();
    expect(other.dropped).toEqual([]);
  });

  it('clears every timer in finish(): no deadline or heal fires after it', async () => {
    const { schedule, dropped, heals } = setup({ fault: fault({ trigger: { kind: 'commands', after: 1 }, forMs: 500 }) });
    schedule.arm();
    await schedule.start();
    await schedule.finish();
    const healsAtFinish = heals.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(dropped).toEqual([]);
    expect(heals).toHaveLength(healsAtFinish);
  });

  it('rethrows a start that failed on its timer instead of reporting a fault-free run', async () => {
    const failure = new LabError('E_TOXIPROXY_API', 'adding the toxic failed');
    const { schedule } = setup({ start: () => Promise.reject(failure) });
    schedule.arm();
    await vi.advanceTimersByTimeAsync(100);
    await expect(schedule.finish()).rejects.toBe(failure);
  });

  it('reports a background heal that failed and was retried by finish()', async () => {
    const { schedule, heals } = setup({}, [new Error('DELETE timed out'), 'healed on retry']);
    schedule.arm();
    await vi.advanceTimersByTimeAsync(100);
    schedule.connectionClosed();
    await vi.advanceTimersByTimeAsync(0);
    const end = await schedule.finish();
    expect(heals).toHaveLength(2);
    expect(end.heal).toBe('healed on retry');
    expect(end.problems).toEqual(['healing fault reset failed once and was retried: DELETE timed out']);
  });

  it('throws when the heal fails again at the end', async () => {
    const stuck = new LabError('E_TOXIPROXY_API', 'could not remove the toxic');
    const { schedule } = setup({}, [stuck]);
    schedule.arm();
    await vi.advanceTimersByTimeAsync(100);
    schedule.connectionClosed();
    await expect(schedule.finish()).rejects.toBe(stuck);
  });
});
