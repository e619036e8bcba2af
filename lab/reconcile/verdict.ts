// One verdict from every check that ran, in the manner of Jepsen's composed checkers (the
// worst result wins): UNSAFE when any check found an anomaly, UNKNOWN when none did but the
// evidence could not have shown duplicates, SAFE otherwise. Reasons say why, with numbers.
// Before all of that: a run whose fault never fired tested nothing, so its verdict is
// NOT-TESTED whatever the checks found.

import type { ReconcileCounts, ReconcileEntry, Verdict } from '../contracts/index.ts';
import type { CounterCheck } from './checkers.ts';

interface VerdictInput {
  /** From checkApplied; null when the server's per-op state was not read (bounds only). */
  counts: ReconcileCounts | null;
  /** From checkCounter; null for a workload that is not a counter. */
  counter: CounterCheck | null;
  /** From checkPrefix; null when there were no pipelines or no execution log. */
  prefix: NonNullable<ReconcileEntry['prefix']> | null;
  /** Ops carried per-op tags (an execution log), so a duplicate shows as an op applied twice. */
  tagsVisible: boolean;
  /** What one op is called in the reasons ("increment", "write"); plural adds "s". @default 'operation' */
  noun?: string;
  /**
   * Did the fault fire (the client saw its connection close or stall)? When false, the verdict
   * is NOT-TESTED: the run was fault-free, so it says nothing about the retry policy under the
   * fault. @default true
   */
  faultObserved?: boolean;
}

interface VerdictResult {
  verdict: Verdict;
  reasons: string[];
}

const NOT_TESTED_REASON =
  'the fault never fired (the client never saw its connection close or stall), so nothing was judged: this row shows a fault-free run';

export const verdictFor = ({ counts, counter, prefix, tagsVisible, noun = 'operation', faultObserved = true }: VerdictInput): VerdictResult => {
  const nouns = (n: number): string => (n === 1 ? noun : `${noun}s`);
  const ops = (n: number): string => `${n} ${nouns(n)}`;
  const was = (n: number): string => (n === 1 ? 'was' : 'were');
  const anomalies: string[] = [];

  if (counts !== null) {
    const { lost, duplicated, unexpected, failedButApplied } = counts;
    if (lost > 0) anomalies.push(`${lost} acknowledged ${nouns(lost)} ${was(lost)} never applied (lost)`);
    // An untagged counter's excess is its own reason below; counts.duplicated is its lower bound.
    const fromCounter = counts.duplicatedAtLeast === true && counter !== null;
    if (duplicated > 0 && !fromCounter) anomalies.push(`${counts.duplicatedAtLeast === true ? 'at least ' : ''}${ops(duplicated)} ${was(duplicated)} applied more than once (duplicated)`);
    if (unexpected > 0) anomalies.push(`${unexpected} applied ${unexpected === 1 ? 'id was' : 'ids were'} never issued (unexpected)`);
    if (failedButApplied > 0) {
      anomalies.push(`${ops(failedButApplied)} reported to the caller as failed ${was(failedButApplied)} applied anyway (failed but applied)`);
    }
  }
  if (counter !== null && counter.final > counter.upper) {
    anomalies.push(
      `the counter reads ${counter.final}, ${counter.final - counter.upper} above the most every increment not reported failed could give (${counter.upper}): increments were applied more than once (duplicated)`,
    );
  }
  if (counter !== null && counter.final < counter.lower) {
    anomalies.push(
      `the counter reads ${counter.final}, ${counter.lower - counter.final} below what the acknowledged increments give (${counter.lower}): acknowledged increments were never applied (lost)`,
    );
  }
  if (prefix !== null && prefix.nonPrefix > 0) {
    anomalies.push(`${prefix.nonPrefix} of ${prefix.batchesChecked} pipelined batches had applied ops that were not a prefix of their send order (non-prefix)`);
  }
  if (prefix !== null && prefix.reordered > 0) {
    anomalies.push(`${ops(prefix.reordered)} ${was(prefix.reordered)} applied before an op issued earlier on the same connection (reordered)`);
  }
  // Anomalies in a fault-free run are still worth reading, but they are not a verdict on the policy.
  if (!faultObserved) return { verdict: 'NOT-TESTED', reasons: [NOT_TESTED_REASON, ...anomalies.map((a) => `even without the fault: ${a}`)] };
  if (anomalies.length > 0) return { verdict: 'UNSAFE', reasons: anomalies };

  if (counts === null && counter === null) {
    return { verdict: 'UNKNOWN', reasons: ['nothing checked for lost or duplicated ops: neither applied counts nor a counter were given'] };
  }
  const duplicatesVisible = tagsVisible && counts !== null;
  const uncertainty = duplicatesVisible ? null : uncertaintyOf(counts, counter, ops, was);
  if (uncertainty !== null) {
    return {
      verdict: 'UNKNOWN',
      reasons: [`no anomaly found, but ${uncertainty} and ops carry no per-op tags: a duplicate could hide behind an indeterminate op that never applied`],
    };
  }
  return { verdict: 'SAFE', reasons: [safeReason(counts, counter, prefix, duplicatesVisible, ops)] };
};

// What leaves room for a hidden duplicate (indeterminate ops, or a counter's bounds that differ), or null.
const uncertaintyOf = (
  counts: ReconcileCounts | null,
  counter: CounterCheck | null,
  ops: (n: number) => string,
  was: (n: number) => string,
): string | null => {
  if (counts !== null) return counts.indeterminate > 0 ? `${ops(counts.indeterminate)} ${was(counts.indeterminate)} indeterminate` : null;
  if (counter !== null && counter.upper > counter.lower) return `indeterminate ops let the counter lie anywhere from ${counter.lower} to ${counter.upper}`;
  return null;
};

// One sentence naming every check that passed.
const safeReason = (
  counts: ReconcileCounts | null,
  counter: CounterCheck | null,
  prefix: VerdictInput['prefix'],
  duplicatesVisible: boolean,
  ops: (n: number) => string,
): string => {
  const checked: string[] = [];
  if (counts !== null) {
    const none = duplicatesVisible ? 'none lost, duplicated, unexpected or failed but applied' : 'none lost, unexpected or failed but applied';
    const resolved =
      counts.indeterminate > 0 ? `; ${counts.indeterminate} indeterminate: ${counts.indeterminateApplied} applied, ${counts.indeterminateNotApplied} not` : '';
    checked.push(`${ops(counts.issued)} against the server's ${duplicatesVisible ? 'execution log' : 'applied flags'} (${none}${resolved})`);
  }
  if (counter !== null) {
    checked.push(`the counter (${counter.final}, within ${counter.lower}..${counter.upper})`);
  }
  if (prefix !== null) {
    checked.push(`${prefix.batchesChecked} pipelined ${prefix.batchesChecked === 1 ? 'batch' : 'batches'} (each applied a prefix, in order)`);
  }
  return `checked ${checked.join(', ')}`;
};
