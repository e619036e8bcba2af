// The verdict row's counts, starting from nothing: every checker and every shortcut fills the
// same shape, so a new count is added in one place.

import type { ReconcileCounts } from '../contracts/index.ts';

/** Counts of `issued` operations of which nothing is known yet. */
export const emptyCounts = (issued: number): ReconcileCounts => ({
  issued,
  applied: 0,
  acknowledged: 0,
  failed: 0,
  indeterminate: 0,
  indeterminateApplied: 0,
  indeterminateNotApplied: 0,
  lost: 0,
  duplicated: 0,
  unexpected: 0,
  failedButApplied: 0,
  retries: 0,
});

/** Counts of `issued` operations that were all applied once and acknowledged, then `overrides`. */
export const cleanCounts = (issued: number, overrides: Partial<ReconcileCounts> = {}): ReconcileCounts => ({
  ...emptyCounts(issued),
  applied: issued,
  acknowledged: issued,
  ...overrides,
});
