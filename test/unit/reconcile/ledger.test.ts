import { describe, expect, it } from 'vitest';
import { ACKNOWLEDGED, FAILED, INDETERMINATE, Ledger, MAX_ERROR_KINDS, OP_STATES, SENT } from '../../../lab/reconcile/index.ts';

describe('Ledger', () => {
  it('issues 0-based ids in order, each sent once with no reply', () => {
    const ledger = new Ledger(4);
    expect([ledger.issue(0, 0), ledger.issue(0, 1), ledger.issue(7, 1)]).toEqual([0, 1, 2]);
    expect(ledger.size).toBe(3);
    expect([0, 1, 2].map((op) => ledger.state(op))).toEqual([SENT, SENT, SENT]);
    expect([0, 1, 2].map((op) => [ledger.batch(op), ledger.connection(op), ledger.attempts(op)])).toEqual([
      [0, 0, 1],
      [0, 1, 1],
      [7, 1, 1],
    ]);
    expect(ledger.reply(2)).toBeNaN();
    expect(ledger.errorKind(2)).toBeNull();
    expect(ledger.counts()).toEqual({ sent: 3, acknowledged: 0, failed: 0, indeterminate: 0, retries: 0 });
  });

  it('exports the states in stored-code order', () => {
    expect(OP_STATES).toEqual(['sent', 'acknowledged', 'failed', 'indeterminate']);
    expect([SENT, ACKNOWLEDGED, FAILED, INDETERMINATE]).toEqual(OP_STATES);
  });

  it('records replies, failures and indeterminate outcomes with their error kinds', () => {
    const ledger = new Ledger(8);
    for (let i = 0; i < 5; i++) ledger.issue(0, 0);
    ledger.ack(0, 42);
    ledger.ack(1, Number.NaN);
    ledger.fail(2, 'ClientOfflineError');
    ledger.indeterminate(3, 'ECONNRESET');
    ledger.indeterminate(4, 'ECONNRESET');
    expect([0, 1, 2, 3, 4].map((op) => ledger.state(op))).toEqual([ACKNOWLEDGED, ACKNOWLEDGED, FAILED, INDETERMINATE, INDETERMINATE]);
    expect(ledger.reply(0)).toBe(42);
    expect(ledger.reply(1)).toBeNaN();
    expect(ledger.reply(2)).toBeNaN();
    expect(ledger.errorKind(0)).toBeNull();
    expect(ledger.errorKind(2)).toBe('ClientOfflineError');
    expect(ledger.errorKind(4)).toBe('ECONNRESET');
    expect(ledger.counts()).toEqual({ sent: 0, acknowledged: 2, failed: 1, indeterminate: 2, retries: 0 });
    expect(ledger.errorsByKind()).toEqual({ ClientOfflineError: 1, ECONNRESET: 2 });
  });

  it('counts a retry and lets the next outcome overwrite the state', () => {
    const ledger = new Ledger(2);
    const op = ledger.issue(3, 1);
    ledger.fail(op, 'ClientOfflineError');
    ledger.retried(op);
    expect(ledger.state(op)).toBe(SENT);
    expect(ledger.counts()).toEqual({ sent: 1, acknowledged: 0, failed: 0, indeterminate: 0, retries: 1 });
    ledger.ack(op, 7);
    expect(ledger.state(op)).toBe(ACKNOWLEDGED);
    expect(ledger.attempts(op)).toBe(2);
    expect(ledger.reply(op)).toBe(7);
    // The error of the failed attempt stays visible after the success.
    expect(ledger.errorKind(op)).toBe('ClientOfflineError');
    expect(ledger.counts()).toEqual({ sent: 0, acknowledged: 1, failed: 0, indeterminate: 0, retries: 1 });
  });

  it('keeps an op failed when every attempt was told it did not execute', () => {
    const ledger = new Ledger(1);
    const op = ledger.issue(0, 0);
    ledger.fail(op, 'ClientOfflineError');
    ledger.retried(op);
    ledger.fail(op, 'MaxRetriesPerRequestError');
    expect(ledger.state(op)).toBe(FAILED);
    expect(ledger.attempts(op)).toBe(2);
    expect(ledger.errorKind(op)).toBe('MaxRetriesPerRequestError');
    expect(ledger.errorsByKind()).toEqual({ ClientOfflineError: 1, MaxRetriesPerRequestError: 1 });
  });

  it('keeps an op indeterminate when a later attempt fails after an earlier one may have executed', () => {
    const ledger = new Ledger(2);
    const timedOut = ledger.issue(0, 0);
    ledger.indeterminate(timedOut, 'ETIMEDOUT');
    ledger.retried(timedOut);
    ledger.fail(timedOut, 'ClientOfflineError');
    // Re-issued while the first attempt still had no outcome: that attempt may yet execute.
    const pending = ledger.issue(0, 0);
    ledger.retried(pending);
    ledger.fail(pending, 'ClientOfflineError');
    expect([ledger.state(timedOut), ledger.state(pending)]).toEqual([INDETERMINATE, INDETERMINATE]);
    expect(ledger.errorKind(timedOut)).toBe('ClientOfflineError');
    expect(ledger.counts()).toEqual({ sent: 0, acknowledged: 0, failed: 0, indeterminate: 2, retries: 2 });
  });

  it('treats acknowledged as final: a second outcome or a retry throws and changes nothing', () => {
    const ledger = new Ledger(1);
    const op = ledger.issue(0, 0);
    ledger.ack(op, 1);
    expect(() => ledger.ack(op, 2)).toThrow(/op 0 was already acknowledged/);
    expect(() => ledger.fail(op, 'X')).toThrow(RangeError);
    expect(() => ledger.indeterminate(op, 'X')).toThrow(RangeError);
    expect(() => ledger.retried(op)).toThrow(RangeError);
    expect(ledger.reply(op)).toBe(1);
    expect(ledger.attempts(op)).toBe(1);
    expect(ledger.counts()).toEqual({ sent: 0, acknowledged: 1, failed: 0, indeterminate: 0, retries: 0 });
    expect(ledger.errorsByKind()).toEqual({});
  });

  it('rejects op ids it never issued', () => {
    const ledger = new Ledger(4);
    ledger.issue(0, 0);
    for (const bad of [-1, 1, 0.5, Number.NaN]) {
      expect(() => ledger.state(bad)).toThrow(RangeError);
      expect(() => ledger.ack(bad, 1)).toThrow(/Expected an op id from 0 to 0/);
    }
    expect(ledger.counts().acknowledged).toBe(0);
  });

  it('rejects batch and connection numbers that do not fit a Uint32, and a bad capacity', () => {
    const ledger = new Ledger(1);
    expect(() => ledger.issue(-1, 0)).toThrow(/`batch`/);
    expect(() => ledger.issue(0, 2 ** 32)).toThrow(/`connection`/);
    expect(() => ledger.issue(1.5, 0)).toThrow(TypeError);
    expect(ledger.size).toBe(0);
    expect(() => new Ledger(-1)).toThrow(/`capacity`/);
  });

  it('doubles past its capacity and keeps every op it had', () => {
    const ledger = new Ledger(2);
    for (let i = 0; i < 5; i++) {
      const op = ledger.issue(i * 10, i % 3);
      if (i % 2 === 0) ledger.ack(op, i * 100);
      else ledger.indeterminate(op, `E${i}`);
    }
    expect(ledger.capacity).toBe(8);
    expect(ledger.size).toBe(5);
    expect([0, 1, 2, 3, 4].map((op) => [ledger.batch(op), ledger.connection(op), ledger.state(op), ledger.reply(op), ledger.errorKind(op)])).toEqual([
      [0, 0, ACKNOWLEDGED, 0, null],
      [10, 1, INDETERMINATE, Number.NaN, 'E1'],
      [20, 2, ACKNOWLEDGED, 200, null],
      [30, 0, INDETERMINATE, Number.NaN, 'E3'],
      [40, 1, ACKNOWLEDGED, 400, null],
    ]);
    const empty = new Ledger(0);
    expect(empty.issue(0, 0)).toBe(0);
    expect(empty.issue(0, 0)).toBe(1);
    expect(empty.capacity).toBe(2);
  });

  it('keeps error kinds as plain data, even awkward names', () => {
    const ledger = new Ledger(1);
    ledger.indeterminate(ledger.issue(0, 0), '__proto__');
    const byKind = ledger.errorsByKind();
    expect(Object.keys(byKind)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(byKind)).toBe(Object.prototype);
    expect(ledger.errorKind(0)).toBe('__proto__');
  });

  it(`holds ${MAX_ERROR_KINDS} distinct error kinds and refuses one more`, () => {
    const ledger = new Ledger(MAX_ERROR_KINDS + 1);
    for (let i = 0; i < MAX_ERROR_KINDS; i++) ledger.fail(ledger.issue(0, 0), `kind-${i}`);
    expect(ledger.errorKind(MAX_ERROR_KINDS - 1)).toBe(`kind-${MAX_ERROR_KINDS - 1}`);
    const op = ledger.issue(0, 0);
    expect(() => ledger.fail(op, 'one-too-many')).toThrow(/Too many distinct error kinds/);
    expect(ledger.state(op)).toBe(SENT);
  });
});
