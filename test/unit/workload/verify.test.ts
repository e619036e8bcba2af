import { describe, expect, it } from 'vitest';
import { verifyIncrRun } from '../../../lab/workload/index.ts';

const outcome = (replies: number[], extra: { replyErrors?: Record<string, number>; aborted?: string } = {}) => ({
  replies: Float64Array.from(replies),
  replyErrors: extra.replyErrors ?? {},
  ...(extra.aborted ? { aborted: extra.aborted } : {}),
});

describe('INCR reply checks', () => {
  it('accepts exactly 1..N and a final value of N', () => {
    expect(verifyIncrRun(outcome([1, 2, 3, 4]), 4)).toEqual({ verified: true });
  });

  it('fails a skipped reply (a foreign increment) and names the first bad position', () => {
    expect(verifyIncrRun(outcome([1, 2, 4, 5]), 5)).toEqual({ verified: false, failure: 'reply 3 of 4 was 4, expected 3' });
  });

  it('fails a missing reply', () => {
    expect(verifyIncrRun(outcome([1, Number.NaN, 3]), 3).failure).toBe('reply 2 of 3 was no reply, expected 2');
  });

  it('fails when the server holds another value than the replies claim', () => {
    expect(verifyIncrRun(outcome([1, 2, 3]), 4).failure).toBe('the counter holds 4 after the run, expected 3');
    expect(verifyIncrRun(outcome([1, 2, 3]), null).failure).toBe('the counter holds nothing after the run, expected 3');
  });

  it('fails reply errors and aborted runs before looking at values', () => {
    expect(verifyIncrRun(outcome([1, 2], { replyErrors: { 'WRONGTYPE Operation against a key': 2 } }), 2).failure).toBe(
      '2 reply error(s): WRONGTYPE Operation against a key',
    );
    expect(verifyIncrRun(outcome([1, 2], { aborted: 'batch 2 of 4: Connection is closed.' }), 2).failure).toBe(
      'run aborted at batch 2 of 4: Connection is closed.',
    );
  });
});
