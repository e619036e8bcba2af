// `toBeRetrySafe(policy)`: did the reconciliation judge a retry policy SAFE under every fault
// the scenario applied? The message shows each of the policy's entries: verdict, counts, reasons.

import type { LabResult, ReconcileEntry, RetryPolicy } from '../index.ts';
import { mark, plural, type CheckResult } from './check-result.ts';

const countsLine = ({ counts: c }: ReconcileEntry): string =>
  `issued ${c.issued}, applied ${c.applied}, acknowledged ${c.acknowledged}, failed ${c.failed}, ` +
  `indeterminate ${c.indeterminate} (applied ${c.indeterminateApplied}, not applied ${c.indeterminateNotApplied}), ` +
  `lost ${c.lost}, duplicated ${c.duplicated}, unexpected ${c.unexpected}, failed but applied ${c.failedButApplied}, retries ${c.retries}`;

// Operation ids of each anomaly, when the entry recorded any.
const exampleLines = ({ examples }: ReconcileEntry): string[] =>
  (['lost', 'duplicated', 'unexpected'] as const)
    .filter((kind) => examples[kind].length > 0)
    .map((kind) => `      ${kind} operations, e.g. ${examples[kind].join(', ')}`);

const describeEntry = (entry: ReconcileEntry): string => {
  const notes = [
    `rtt ${entry.rttMs} ms`,
    plural(entry.runs, 'run'),
    ...(entry.consistent ? [] : ['counts differ between runs, the first run is shown']),
    ...(entry.faultObserved ? [] : ['the fault was not observed']),
  ];
  const counter = entry.counter
    ? [`      counter: final ${entry.counter.final}, bounds [${entry.counter.lower}, ${entry.counter.upper}] ${mark(entry.counter.withinBounds)}`]
    : [];
  const prefix = entry.prefix
    ? [`      pipelines: ${entry.prefix.batchesChecked} batches checked, ${entry.prefix.nonPrefix} not a prefix, ${entry.prefix.reordered} reordered`]
    : [];
  return [
    `  ${mark(entry.verdict === 'SAFE')} ${entry.id}: ${entry.verdict} (${notes.join(', ')})`,
    `      ${countsLine(entry)}`,
    ...counter,
    ...prefix,
    ...entry.reasons.map((reason) => `      - ${reason}`),
    ...exampleLines(entry),
  ].join('\n');
};

/**
 * Passes when the result has reconcile entries for `policy` and every one has verdict SAFE.
 * No entry for the policy (or no reconciliation at all) fails: nothing was judged.
 */
export const checkRetrySafe = (result: LabResult, policy: RetryPolicy): CheckResult => {
  const entries = result.reconcile ?? [];
  if (entries.length === 0) {
    return {
      pass: false,
      message: `scenario "${result.scenario.name}" has no reconcile entries (a scenario without faults judges no retry policy)`,
    };
  }
  const mine = entries.filter((e) => e.policy === policy);
  if (mine.length === 0) {
    const judged = [...new Set(entries.map((e) => e.policy))].join(', ');
    return { pass: false, message: `no reconcile entry for policy ${policy}; the result judged ${judged} (add ${policy} to the scenario's policies)` };
  }
  const unsafe = mine.filter((e) => e.verdict !== 'SAFE');
  const listing = mine.map(describeEntry).join('\n');
  if (unsafe.length === 0) return { pass: true, message: `all ${plural(mine.length, 'entry', 'entries')} for policy ${policy} are SAFE:\n${listing}` };
  return { pass: false, message: `${unsafe.length} of ${plural(mine.length, 'entry', 'entries')} for policy ${policy} not SAFE:\n${listing}` };
};
