import { describe, expect, it } from 'vitest';
import { signalExitCode, signalPolicy } from '../../../lab/cli/signals.ts';

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
});
