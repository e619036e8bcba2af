import { describe, expect, it } from 'vitest';
import { checkPrefix, Ledger } from '../../../lab/reconcile/index.ts';
import { addOps, ledgerOf, range } from './fixtures.ts';

const noExamples = { nonPrefix: [], reordered: [] };

describe('checkPrefix', () => {
  it('passes pipelines on two connections applied in order, interleaved with each other', () => {
    const ledger = ledgerOf('aaaaaaaa', { batchSize: 4, connection: 0 });
    addOps(ledger, 'aaaaaaaa', { batchSize: 4, connection: 1 });
    // Connection 1's ops (8-15) run between connection 0's: no order across connections.
    const log = [8, 9, 0, 1, 10, 2, 11, 12, 3, 4, 13, 5, 6, 14, 15, 7];
    expect(checkPrefix(ledger, log)).toEqual({ batchesChecked: 4, nonPrefix: 0, reordered: 0, examples: noExamples });
  });

  it('accepts the executed prefix a cut mid-pipeline leaves', () => {
    const ledger = ledgerOf('aaaaiiii', { batchSize: 8 });
    expect(checkPrefix(ledger, Uint32Array.from([0, 1, 2, 3, 4]))).toEqual({ batchesChecked: 1, nonPrefix: 0, reordered: 0, examples: noExamples });
  });

  it('finds each batch whose applied ops are not a prefix, once per batch', () => {
    const ledger = ledgerOf('a'.repeat(24), { batchSize: 8 });
    // Batch 0: op 2 missing, 3 applied (and 5 missing, 6 applied: the same batch again).
    // Batch 1: prefix 8-11. Batch 2: op 16 missing, 17 applied.
    const log = [0, 1, 3, 4, 6, 8, 9, 10, 11, 17, 18];
    expect(checkPrefix(ledger, log)).toEqual({ batchesChecked: 3, nonPrefix: 2, reordered: 0, examples: { nonPrefix: [3, 17], reordered: [] } });
  });

  it('finds ops applied before an op issued earlier on the same connection', () => {
    const ledger = ledgerOf('aaaaaa', { batchSize: 3 });
    // Op 2 runs before op 1 and op 5 before op 4: 2 and 5 jumped ahead of an earlier op.
    const log = [0, 2, 1, 3, 5, 4];
    expect(checkPrefix(ledger, log)).toEqual({ batchesChecked: 2, nonPrefix: 0, reordered: 2, examples: { nonPrefix: [], reordered: [2, 5] } });
  });

  it('judges order by first application, so a later duplicate is no reordering', () => {
    const ledger = ledgerOf('aaaa', { batchSize: 4 });
    expect(checkPrefix(ledger, [0, 1, 0, 2, 1, 3]).reordered).toBe(0);
  });

  it('finds a reordering across batches of one connection', () => {
    const ledger = ledgerOf('aaaa', { batchSize: 2 });
    // Batch 1 (ops 2, 3) ran before batch 0 finished.
    expect(checkPrefix(ledger, [0, 2, 3, 1])).toEqual({ batchesChecked: 2, nonPrefix: 0, reordered: 2, examples: { nonPrefix: [], reordered: [2, 3] } });
  });

  it('groups ops by (connection, batch) even when the batches interleave in issue order', () => {
    const ledger = new Ledger(6);
    for (let i = 0; i < 6; i++) ledger.ack(ledger.issue(0, i % 2), i);
    // Connection 0 holds ops 0, 2, 4; connection 1 holds 1, 3, 5; both call their batch 0.
    expect(checkPrefix(ledger, [0, 1, 3]).nonPrefix).toBe(0);
    expect(checkPrefix(ledger, [0, 4, 1, 3, 5])).toEqual({ batchesChecked: 2, nonPrefix: 1, reordered: 0, examples: { nonPrefix: [4], reordered: [] } });
  });

  it('does not count one-op batches, which are prefixes by definition', () => {
    const ledger = ledgerOf('aaaa', { batchSize: 1 });
    expect(checkPrefix(ledger, range(4))).toEqual({ batchesChecked: 0, nonPrefix: 0, reordered: 0, examples: noExamples });
  });

  it('leaves re-issued ops out, since a later attempt may have applied them', () => {
    const ledger = ledgerOf('iiii', { batchSize: 4 });
    const op = 1;
    const retriedLedger = new Ledger(4);
    for (let i = 0; i < 4; i++) retriedLedger.issue(0, 0);
    retriedLedger.indeterminate(op, 'ECONNRESET');
    retriedLedger.retried(op);
    // Op 1 applied last (by its retry): ops 2 and 3 jumped ahead of it only if it had one attempt.
    expect(checkPrefix(ledger, [0, 2, 3, 1]).reordered).toBe(2);
    expect(checkPrefix(retriedLedger, [0, 2, 3, 1]).reordered).toBe(0);
    // Op 1 never applied while 2 and 3 did: non-prefix only if it had one attempt.
    expect(checkPrefix(ledger, [0, 2, 3]).nonPrefix).toBe(1);
    expect(checkPrefix(retriedLedger, [0, 2, 3]).nonPrefix).toBe(0);
  });

  it('ignores log entries naming no issued op', () => {
    const ledger = ledgerOf('aaa', { batchSize: 3 });
    expect(checkPrefix(ledger, [7, 0, 1, -1, 2])).toEqual({ batchesChecked: 1, nonPrefix: 0, reordered: 0, examples: noExamples });
  });

  it('gives at most five examples of each', () => {
    const ledger = ledgerOf('a'.repeat(14), { batchSize: 2 });
    // Seven batches of two, each with only its second op applied, in reverse order.
    const log = [13, 11, 9, 7, 5, 3, 1];
    expect(checkPrefix(ledger, log)).toEqual({
      batchesChecked: 7,
      nonPrefix: 7,
      reordered: 6,
      examples: { nonPrefix: [1, 3, 5, 7, 9], reordered: [3, 5, 7, 9, 11] },
    });
  });
});
