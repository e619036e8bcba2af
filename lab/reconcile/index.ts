// Public surface of lab/reconcile: the op ledger a driver fills, the checkers that compare it
// with what the server applied (Jepsen's counter and set checkers, plus pipeline order), and
// the verdict. Pure: it judges what it is given and knows no runtime.

export { ACKNOWLEDGED, FAILED, INDETERMINATE, Ledger, OP_STATES, SENT } from './ledger.ts';
export type { LedgerCounts, OpState } from './ledger.ts';
export { MAX_ERROR_KINDS } from './error-kinds.ts';
export type { ExecutionLog } from './execution-log.ts';
export { checkCounter } from './counter-checker.ts';
export type { CounterCheck } from './counter-checker.ts';
export { checkApplied, EXAMPLES } from './applied-checker.ts';
export type { AppliedCheck, AppliedFlags, Applications } from './applied-checker.ts';
export { checkPrefix } from './prefix-checker.ts';
export type { PrefixCheck } from './prefix-checker.ts';
export { verdictFor } from './verdict.ts';
export type { Verdict, VerdictInput, VerdictResult } from './verdict.ts';
export { emptyCounts, cleanCounts } from './counts.ts';
