// Custom vitest matchers for LabResult objects, with their TypeScript declarations. Each is a
// thin wrapper around a pure check (checks.ts), so the messages can be tested without vitest.

import { expect, type MatcherState } from 'vitest';
import { redact, type LabResult, type PolicyName, type RetryPolicy } from '../index.ts';
import { checkRetrySafe, checkThresholds, checkVerifiedRuns, type CheckResult } from './checks.ts';

/** The matchers `installMatchers()` adds to `expect(result)`, where `result` is a LabResult. */
export interface LabMatchers {
  /** Every `expect:` threshold of the scenario passed (a scenario without thresholds fails). */
  toPassThresholds(): void;
  /**
   * Every reconcile entry of `policy` has verdict SAFE (no entry for the policy fails). A literal
   * name must be a built-in or one declared in PolicyNames, so a misspelt one does not compile.
   */
  toBeRetrySafe<const P extends string>(policy: PolicyName<P>): void;
  /** Every measured run of every config was verified. */
  toHaveVerifiedRuns(): void;
}

declare module 'vitest' {
  // Matchers (not Assertion) types expect(x).toPassThresholds() and the expect.extend call alike;
  // the type parameter must match vitest's own declaration for the interfaces to merge.
  interface Matchers<T = any> extends LabMatchers {}
}

// Only the parts the checks read, so a wrong value fails with a message instead of a TypeError.
const isLabResult = (value: unknown): value is LabResult =>
  typeof value === 'object' &&
  value !== null &&
  'configs' in value &&
  Array.isArray(value.configs) &&
  'thresholds' in value &&
  Array.isArray(value.thresholds) &&
  'scenario' in value &&
  typeof value.scenario === 'object' &&
  value.scenario !== null;

const describeValue = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object without configs and thresholds' : `${typeof value} ${String(value)}`;

// Runs a check and phrases its finding as the expectation that was (or, under .not, was not) met.
const judge = (state: MatcherState, received: unknown, expectation: string, check: (result: LabResult) => CheckResult) => {
  if (!isLabResult(received)) {
    return {
      pass: false,
      message: () => redact(`expected a LabResult (what lab.run or runScenario returns) ${expectation}, got ${describeValue(received)}`),
    };
  }
  const { pass, message } = check(received);
  const not = state.isNot ? 'not ' : '';
  // Matcher messages are printed by vitest: the runtime's password and URL credentials redacted.
  return { pass, message: () => redact(`expected scenario "${received.scenario.name}" ${not}${expectation}: ${message}`) };
};

/** Adds the lab's matchers to vitest's `expect`. Importing `redis-fault-lab/vitest` already calls it; calling again is harmless. */
export const installMatchers = (): void => {
  expect.extend({
    toPassThresholds(received: unknown) {
      return judge(this, received, 'to pass its thresholds', checkThresholds);
    },
    toBeRetrySafe(received: unknown, policy: RetryPolicy) {
      return judge(this, received, `to be retry-safe with policy ${policy}`, (result) => checkRetrySafe(result, policy));
    },
    toHaveVerifiedRuns(received: unknown) {
      return judge(this, received, 'to have only verified runs', checkVerifiedRuns);
    },
  });
};
