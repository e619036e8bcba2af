// The row's error reasons: each kind keeps its first message, the most frequent kinds come
// first and a long tail is summed up; a run in which nothing succeeded says so, and for a user's
// module under tags: log says why a script wrapper cannot work there.

import { describe, expect, it } from 'vitest';
import { Ledger } from '../../../lab/reconcile/index.ts';
import { errorKindReasons, everyOperationFailed } from '../../../lab/run/error-reasons.ts';

describe('error reasons', () => {
  it('keeps the first message of each kind and lists kinds by count, with the tail summed up', () => {
    const ledger = new Ledger(12);
    for (let op = 0; op < 12; op++) ledger.issue(0, 0);
    ledger.fail(0, 'ERR', 'ERR first message');
    ledger.fail(1, 'ERR', 'ERR second message');
    ledger.fail(2, 'ERR');
    for (let op = 3; op < 10; op++) ledger.indeterminate(op, `KIND${op}`, `message ${op}`);
    ledger.ack(10, 1);
    expect(ledger.errorMessages()).toMatchObject({ ERR: 'ERR first message', KIND3: 'message 3' });
    const reasons = errorKindReasons(ledger);
    expect(reasons[0]).toBe('errors ERR ×3, first: "ERR first message"');
    expect(reasons).toHaveLength(6);
    expect(reasons[5]).toBe('and 3 more error kinds');
    expect(everyOperationFailed(ledger, 'tagged', true)).toEqual([]); // one op succeeded
  });

  it('says when every operation failed, and what tags: log means only for a user module', () => {
    const ledger = new Ledger(2);
    for (let op = 0; op < 2; op++) ledger.issue(0, 0);
    ledger.fail(0, 'ERR', 'ERR This Redis command is not allowed from script');
    ledger.fail(1, 'ERR', 'ERR This Redis command is not allowed from script');
    const [reason] = everyOperationFailed(ledger, 'tagged', true);
    expect(reason).toMatch(/^every operation failed \(0 of 2 succeeded\): the first error was ERR: "ERR This Redis command is not allowed from script"; with reconcile.tags: log/);
    expect(everyOperationFailed(ledger, 'bare', true)[0]).not.toContain('tags: log');
    expect(everyOperationFailed(ledger, 'tagged', false)[0]).not.toContain('tags: log');
  });
});
