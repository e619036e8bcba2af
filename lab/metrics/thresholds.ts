// Judging a scenario's `expect:` thresholds against the measured configs and, for fault
// scenarios, the reconciliation verdict rows. Pure: it reads figures already in the result and
// never measures.

import {
  configMetricByKey,
  reconcileMetricByName,
  rowRunValues,
  selectsConfig,
  verdictBound,
  waitText,
  type AnyThreshold,
  type ConfigResult,
  type ReconcileEntry,
  type ReconcileThreshold,
  type Threshold,
  type ThresholdMetric,
  type ThresholdOp,
  type ThresholdResult,
} from '../contracts/index.ts';

// The figure a threshold metric names, in that metric's unit (null: not measured / no verified run).
const figureOf = (config: ConfigResult, metric: ThresholdMetric): number | null => configMetricByKey(metric)?.read(config) ?? null;

// Whether `actual op bound` holds.
const holds = (actual: number, op: ThresholdOp, bound: number): boolean => {
  switch (op) {
    case '<':
      return actual < bound;
    case '<=':
      return actual <= bound;
    case '>':
      return actual > bound;
    case '>=':
      return actual >= bound;
    case '==':
      return actual === bound;
  }
};

type Checked = ThresholdResult['checked'];

// Nothing selected fails: a typo in a mode, an rtt or a policy must not pass silently.
const allPass = (checked: Checked): boolean => checked.length > 0 && checked.every((c) => c.pass);

// A missing figure fails: a config with no verified run cannot satisfy a bound.
const evaluateConfigThreshold = (threshold: Threshold, configs: readonly ConfigResult[]): ThresholdResult => {
  const checked = configs
    .filter((config) => selectsConfig(threshold.select, config))
    .map((config) => {
      const actual = figureOf(config, threshold.metric);
      return { configId: config.id, actual, pass: actual !== null && holds(actual, threshold.op, threshold.value) };
    });
  const { source, metric, op, value, writtenUnit } = threshold;
  return { source, metric, op, value, checked, pass: allPass(checked), ...(writtenUnit === undefined ? {} : { writtenUnit }) };
};

// Verdict thresholds compare the verdict string (UNKNOWN never passes); count thresholds bound
// one of the entry's counts (the first run's counts when the runs were not consistent). An entry
// whose fault never fired (NOT-TESTED) fails every reconcile threshold that selects it: its
// counts describe a fault-free run, so no bound on them says anything about the fault.
const evaluateReconcileThreshold = (
  threshold: ReconcileThreshold,
  entries: readonly ReconcileEntry[],
): ThresholdResult => {
  const selected = entries.filter(
    (e) =>
      (threshold.policy === undefined || e.policy === threshold.policy) &&
      (threshold.fault === undefined || e.fault === threshold.fault) &&
      (threshold.workload === undefined || e.workload === threshold.workload) &&
      (threshold.wait === undefined || (e.wait !== undefined && waitText(e.wait) === threshold.wait)),
  );
  if ('verdict' in threshold) {
    const checked = selected.map((e) => ({ configId: e.id, actual: e.verdict, pass: e.verdict !== 'NOT-TESTED' && e.verdict === threshold.verdict }));
    const value = verdictBound(threshold.verdict);
    return { source: threshold.source, metric: 'verdict', op: '==', value, checked, pass: allPass(checked) };
  }
  const spec = reconcileMetricByName(threshold.metric);
  // Rows that kept every run hold only when every run does; the figure shown is the first run that
  // breaks the bound, else the row's own. A latency the row did not measure fails (null).
  const checked = selected.map((e) => {
    const values = spec === undefined ? [] : rowRunValues(spec, e);
    const broken = values.find((v) => !holds(v, threshold.op, threshold.value));
    const actual = broken ?? spec?.read(e) ?? null;
    return { configId: e.id, actual, pass: e.verdict !== 'NOT-TESTED' && values.length > 0 && broken === undefined };
  });
  const { source, metric, op, value } = threshold;
  return { source, metric, op, value, checked, pass: allPass(checked), ...(threshold.writtenUnit === undefined ? {} : { writtenUnit: threshold.writtenUnit }) };
};

/**
 * One result per threshold, in order, each listing every config (or reconcile entry) it
 * selected with its figure. A threshold that selects nothing fails, and so does a reconcile
 * threshold when the run has no reconcile entries.
 */
export const evaluateThresholds = (
  thresholds: readonly AnyThreshold[],
  configs: readonly ConfigResult[],
  reconcile: readonly ReconcileEntry[] = [],
): ThresholdResult[] =>
  thresholds.map((threshold) =>
    threshold.kind === 'config'
      ? evaluateConfigThreshold(threshold, configs)
      : evaluateReconcileThreshold(threshold, reconcile),
  );
