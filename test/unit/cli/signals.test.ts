import { describe, expect, it } from 'vitest';
import { signalExitCode, signalPolicy, watchRunSignals } from '../../../lab/cli/signals.ts';

// A clock the test moves by hand.
const clock = () => {
  let nowMs = 0;
  return { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
};

describe('signal policy', () => {
  it('counts signals within the window as one: timeout(1) sends SIGTERM to the lab, then to its group', () => {
    const time = clock();
    const decide = signalPolicy({ stdinIsTty: false, now: time.now });
    expect(decide('SIGTERM')).toBe('stop');
    time.advance(3);
    expect(decide('SIGTERM')).toBe('repeat');
    time.advance(900);
    expect(decide('SIGINT')).toBe('repeat');
  });

  it('never forces on SIGTERM, however late, nor on SIGINT without a terminal', () => {
    const time = clock();
    const decide = signalPolicy({ stdinIsTty: false, now: time.now });
    decide('SIGINT');
    time.advance(5_000);
    expect(decide('SIGTERM')).toBe('still-stopping');
    expect(decide('SIGINT')).toBe('still-stopping');
    const tty = signalPolicy({ stdinIsTty: true, now: time.now });
    tty('SIGINT');
    time.advance(5_000);
    expect(tty('SIGTERM')).toBe('still-stopping');
  });

  it('forces on a second SIGINT from a terminal, a second or more after the first', () => {
    const time = clock();
    const decide = signalPolicy({ stdinIsTty: true, now: time.now });
    expect(decide('SIGINT')).toBe('stop');
    time.advance(999);
    expect(decide('SIGINT')).toBe('repeat');
    time.advance(1);
    expect(decide('SIGINT')).toBe('force');
  });

  it('exits 130 for SIGINT and 143 for SIGTERM', () => {
    expect(signalExitCode('SIGINT')).toBe(130);
    expect(signalExitCode('SIGTERM')).toBe(143);
  });

  it('once interrupted, a repeat that arrives after the run ended (while the lab exits) is ignored, never fatal', () => {
    const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    const exit = (): never => {
      throw new Error('exit called');
    };
    // A bound that never fires within the test (its timer is unref'd).
    const boundMs = 2_000_000_000;
    try {
      const quiet = watchRunSignals({ write: () => undefined, stdinIsTty: false, exit, boundMs });
      quiet.dispose();
      expect(process.listeners('SIGINT')).toEqual(before.SIGINT); // a run without a signal leaves nothing
      const lines: string[] = [];
      const run = watchRunSignals({ write: (line) => lines.push(line), stdinIsTty: true, exit, boundMs });
      process.emit('SIGINT');
      expect(run.signal.aborted).toBe(true);
      expect(run.exitCode()).toBe(130);
      run.dispose();
      // Still listened to: without a listener Node's default action would kill the process.
      for (const name of ['SIGINT', 'SIGTERM'] as const) expect(process.listenerCount(name)).toBe(before[name].length + 1);
      process.emit('SIGINT');
      process.emit('SIGTERM');
      expect(lines).toHaveLength(1); // the first signal's line only: no force, no "still stopping"
    } finally {
      for (const name of ['SIGINT', 'SIGTERM'] as const)
        for (const listener of process.listeners(name)) if (!before[name].includes(listener)) process.off(name, listener);
    }
  });
});
