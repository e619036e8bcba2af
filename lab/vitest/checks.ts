// The pure checks behind the matchers: each reads a LabResult, never runs anything, and says
// whether it holds and, either way, what it found, so the messages can be tested without
// vitest. toPassThresholds: did every `expect:` threshold hold (each failed one listed with
// every config it selected and that config's figure against the bound)? toBeRetrySafe: was a
// retry policy judged SAFE under every fault (NOT-TESTED, a fault that never fired, is not
// SAFE)? toHaveVerifiedRuns: was every measured run of every config verified?

import { inWrittenUnit, verdictOfBound } from '../contracts/index.ts';
import type { ConfigResult, LabResult, ReconcileEntry, RetryPolicy, ThresholdResult } from '../index.ts';

// --- what every check returns, and how checks write figures and marks ----------------------

/** The outcome of one check: whether it holds and, either way, what was found. */
export interface CheckResult {
  pass: boolean;
  /** What the check found, in words: each failure with its figures (or what passed). */
  message: string;
}

/** A figure as a message shows it: whole numbers as they are, others to 3 decimals. */
const formatFigure = (value: number | string | null): string => {
  if (value === null) return 'not measured';
  if (typeof value === 'string') return value;
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));
};

const mark = (pass: boolean): string => (pass ? '✓' : '✗');

/** `1 run`, `3 runs`. */
const plural = (count: number, noun: string, pluralNoun = `${noun}s`): string =>
  `${count} ${count === 1 ? noun : pluralNoun}`;

// --- toPassThresholds -------------------------------------------------------------------------

// A figure of a threshold: a duration in the unit the threshold was written in (`12.5ms` where
// "p(99) < 20ms" bounds a µs metric), anything else as the result keeps it.
const thresholdFigure = (threshold: ThresholdResult, value: number | string | null): string => {
  const written = typeof value === 'number' ? inWrittenUnit(threshold, value) : undefined;
  return written === undefined ? formatFigure(value) : `${formatFigure(written.value)}${written.unit}`;
};

// The bound as written (a verdict threshold stores its verdict as a number).
const boundOf = (threshold: ThresholdResult): string =>
  threshold.metric === 'verdict' ? verdictOfBound(threshold.value) : `${threshold.op} ${thresholdFigure(threshold, threshold.value)}`;

const describeThreshold = (threshold: ThresholdResult): string => {
  const head = `  ${mark(threshold.pass)} "${threshold.source}"`;
  if (threshold.checked.length === 0) return `${head}\n      selected no config (check the mode, rtt and policy the threshold names)`;
  const lines = threshold.checked.map(
    (c) => `      ${mark(c.pass)} ${c.configId}: ${threshold.metric} = ${thresholdFigure(threshold, c.actual)} (needs ${boundOf(threshold)})`,
  );
  return [head, ...lines].join('\n');
};

/** Passes when the result has thresholds and every one passed; a result without any fails. */
export const checkThresholds = (result: LabResult): CheckResult => {
  const { thresholds } = result;
  if (thresholds.length === 0) {
    return {
      pass: false,
      message: `scenario "${result.scenario.name}" has no thresholds (no expect: entries), so there is nothing to pass; add one to the scenario or drop the assertion`,
    };
  }
  const failed = thresholds.filter((t) => !t.pass);
  if (failed.length === 0) {
    return { pass: true, message: `all ${plural(thresholds.length, 'threshold')} passed:\n${thresholds.map(describeThreshold).join('\n')}` };
  }
  return {
    pass: false,
    message: `${failed.length} of ${plural(thresholds.length, 'threshold')} failed:\n${failed.map(describeThreshold).join('\n')}`,
  };
};

// --- toBeRetrySafe -----------------------------------------------------------------------------

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

// --- toHaveVerifiedRuns -------------------------------------------------------------------------

// Why a config does not count as verified; empty when it does.
const configFailures = (config: ConfigResult): string[] => {
  if (config.runs.length === 0) return ['no measured run'];
  const failures = config.runs.flatMap((run, index) =>
    run.verified
      ? []
      : [`run ${index + 1} of ${config.runs.length}: ${run.engine !== undefined ? 'not verified: C engine (redis-benchmark checks no reply; the run completed)' : (run.failure ?? 'not verified (no reason recorded)')}`],
  );
  if (failures.length === 0 && config.errors > 0) failures.push(`${plural(config.errors, 'erroring run')} although every run is marked verified`);
  const kinds = Object.entries(config.errorsByKind);
  if (failures.length > 0 && kinds.length > 0) failures.push(`errors by kind: ${kinds.map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
  return failures;
};

/** Passes when the result has configs and every config's measured runs all verified. */
export const checkVerifiedRuns = (result: LabResult): CheckResult => {
  const { configs } = result;
  if (configs.length === 0 && result.reconcile !== undefined) {
    return {
      pass: false,
      message:
        `scenario "${result.scenario.name}" measured no config: it is a fault scenario, whose runs are judged as reconcile rows (${plural(result.reconcile.length, 'row')}), not timed and verified; ` +
        'assert them with toBeRetrySafe(policy) or toPassThresholds(), and keep toHaveVerifiedRuns() for scenarios without faults',
    };
  }
  if (configs.length === 0) return { pass: false, message: `scenario "${result.scenario.name}" measured no config` };
  const failing = configs.map((config) => ({ config, failures: configFailures(config) })).filter((f) => f.failures.length > 0);
  const runs = configs.reduce((sum, c) => sum + c.runs.length, 0);
  if (failing.length === 0) return { pass: true, message: `all ${plural(runs, 'run')} of ${plural(configs.length, 'config')} verified` };
  const listing = failing.map(({ config, failures }) => [`  ✗ ${config.id}`, ...failures.map((f) => `      ${f}`)].join('\n'));
  return { pass: false, message: `${failing.length} of ${plural(configs.length, 'config')} have unverified runs:\n${listing.join('\n')}` };
};
