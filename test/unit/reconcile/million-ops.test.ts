// A million-op run: the ledger grows from a small capacity and every checker still finds each
// injected anomaly exactly. Only correctness is asserted, not time.

import { describe, expect, it } from 'vitest';
import { checkApplied, checkCounter, checkPrefix, Ledger, verdictFor } from '../../../lab/reconcile/index.ts';

const OPS = 1_000_000;
const BATCH = 64;
const CONNECTIONS = 4;
const BATCHES = OPS / BATCH; // 15625

// Pipelines of 64 ops, batches dealt round-robin to 4 connections. The last op of each batch
// is indeterminate (the reply was cut); it applied in even batches only, so every batch stays
// an executed prefix until the injected faults.
const buildLedger = (): Ledger => {
  const ledger = new Ledger(1024);
  for (let batch = 0; batch < BATCHES; batch++) {
    for (let i = 0; i < BATCH; i++) {
      const op = ledger.issue(batch, batch % CONNECTIONS);
      if (i === BATCH - 1) ledger.indeterminate(op, 'ECONNRESET');
      else ledger.ack(op, op + 1);
    }
  }
  return ledger;
};

const LOST = [123_456, 654_320]; // first op of batch 1929; op 48 of batch 10223
const DUPLICATED = 777;
const SWAPPED = [500_000, 500_001]; // op 500001 runs before op 500000
const FOREIGN = 2_000_000;

const buildLog = (): Uint32Array => {
  const log: number[] = [];
  for (let op = 0; op < OPS; op++) {
    const batch = Math.floor(op / BATCH);
    if (op % BATCH === BATCH - 1 && batch % 2 === 1) continue;
    if (LOST.includes(op)) continue;
    log.push(op);
  }
  const at = log.indexOf(SWAPPED[0] as number);
  log[at] = SWAPPED[1] as number;
  log[at + 1] = SWAPPED[0] as number;
  log.push(DUPLICATED, FOREIGN);
  return Uint32Array.from(log);
};

describe('a million-op ledger', () => {
  const ledger = buildLedger();
  const log = buildLog();

  it('grew past its capacity and kept every op', () => {
    expect(ledger.size).toBe(OPS);
    expect(ledger.capacity).toBe(2 ** 20);
    expect(ledger.counts()).toEqual({ sent: 0, acknowledged: OPS - BATCHES, failed: 0, indeterminate: BATCHES, retries: 0 });
    expect([ledger.batch(OPS - 1), ledger.connection(OPS - 1), ledger.reply(OPS - 2)]).toEqual([BATCHES - 1, (BATCHES - 1) % CONNECTIONS, OPS - 1]);
    expect(ledger.errorsByKind()).toEqual({ ECONNRESET: BATCHES });
  });

  it('finds the lost, duplicated and unexpected ops and resolves every indeterminate one', () => {
    const applied = checkApplied(ledger, { log });
    expect(applied.counts).toEqual({
      issued: OPS,
      applied: OPS - BATCHES - 2 + 7813,
      acknowledged: OPS - BATCHES,
      failed: 0,
      indeterminate: BATCHES,
      indeterminateApplied: 7813,
      indeterminateNotApplied: 7812,
      lost: 2,
      duplicated: 1,
      unexpected: 1,
      failedButApplied: 0,
      retries: 0,
    });
    expect(applied.examples).toEqual({ lost: LOST, duplicated: [DUPLICATED], unexpected: [FOREIGN] });
  });

  it('finds the batches that are not prefixes and the reordered op', () => {
    expect(checkPrefix(ledger, log)).toEqual({
      batchesChecked: BATCHES,
      nonPrefix: 2,
      reordered: 1,
      examples: { nonPrefix: [123_457, 654_321], reordered: [500_001] },
    });
  });

  it('keeps the counter within bounds, so only the tagged checks make it UNSAFE', () => {
    const counter = checkCounter(ledger, log.length - 1);
    expect(counter).toEqual({ final: OPS - BATCHES - 2 + 7813 + 1, lower: OPS - BATCHES, upper: OPS, withinBounds: true });
    const applied = checkApplied(ledger, { log });
    const result = verdictFor({ counts: applied.counts, counter, prefix: checkPrefix(ledger, log), tagsVisible: true });
    expect(result.verdict).toBe('UNSAFE');
    expect(result.reasons).toHaveLength(5);
  });
});
