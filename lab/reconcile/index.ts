// Public surface of lab/reconcile: the op ledger a driver fills, the checkers that compare it
// with what the server applied (Jepsen's counter and set checkers, plus pipeline order), and
// the verdict. Pure: it judges what it is given and knows no runtime.

export { ACKNOWLEDGED, FAILED, INDETERMINATE, Ledger, MAX_ERROR_KINDS, OP_STATES, SENT } from './ledger.ts';
export { checkApplied, checkCounter, cleanCounts, emptyCounts, scanLog } from './checkers.ts';
export { checkPrefix } from './prefix-checker.ts';
export { verdictFor } from './verdict.ts';
export { checkCollection, type CollectionState } from './collection-checker.ts';
