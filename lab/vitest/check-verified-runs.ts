// `toHaveVerifiedRuns`: was every measured run of every config verified (every reply checked,
// the final state as expected)? A failure lists each config's unverified runs and why.

import type { ConfigResult, LabResult } from '../index.ts';
import { plural, type CheckResult } from './check-result.ts';

// Why a config does not count as verified; empty when it does.
const configFailures = (config: ConfigResult): string[] => {
  if (config.runs.length === 0) return ['no measured run'];
  const failures = config.runs.flatMap((run, index) =>
    run.verified ? [] : [`run ${index + 1} of ${config.runs.length}: ${run.failure ?? 'not verified (no reason recorded)'}`],
  );
  if (failures.length === 0 && config.errors > 0) failures.push(`${plural(config.errors, 'erroring run')} although every run is marked verified`);
  const kinds = Object.entries(config.errorsByKind);
  if (failures.length > 0 && kinds.length > 0) failures.push(`errors by kind: ${kinds.map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
  return failures;
};

/** Passes when the result has configs and every config's measured runs all verified. */
export const checkVerifiedRuns = (result: LabResult): CheckResult => {
  const { configs } = result;
  if (configs.length === 0) return { pass: false, message: `scenario "${result.scenario.name}" measured no config` };
  const failing = configs.map((config) => ({ config, failures: configFailures(config) })).filter((f) => f.failures.length > 0);
  const runs = configs.reduce((sum, c) => sum + c.runs.length, 0);
  if (failing.length === 0) return { pass: true, message: `all ${plural(runs, 'run')} of ${plural(configs.length, 'config')} verified` };
  const listing = failing.map(({ config, failures }) => [`  ✗ ${config.id}`, ...failures.map((f) => `      ${f}`)].join('\n'));
  return { pass: false, message: `${failing.length} of ${plural(configs.length, 'config')} have unverified runs:\n${listing.join('\n')}` };
};
