// The matchers as a suite uses them: importing the module installs them on vitest's expect.
import { describe, expect, it } from 'vitest';
import '../../../lab/vitest/index.ts';
import { config, entry, labResult, run, threshold } from './results.ts';

const failedThreshold = threshold({ checked: [{ configId: 'pipeline:50@rtt=5ms', actual: 2345.6, pass: false }], pass: false });

describe('lab matchers', () => {
  it('toPassThresholds passes a passing result and fails a failing one with its figures', () => {
    expect(labResult()).toPassThresholds();
    expect(() => expect(labResult({ thresholds: [failedThreshold] })).toPassThresholds()).toThrow(
      'expected scenario "incr-pipelines" to pass its thresholds: 1 of 1 threshold failed:\n  ✗ "pipeline:50 at rtt=5ms: median < 2000ms"\n      ✗ pipeline:50@rtt=5ms: medianMs = 2345.6 (needs < 2000)',
    );
  });

  it('.not inverts and says what passed', () => {
    expect(labResult({ thresholds: [failedThreshold] })).not.toPassThresholds();
    expect(() => expect(labResult()).not.toPassThresholds()).toThrow('expected scenario "incr-pipelines" not to pass its thresholds: all 1 threshold passed');
  });

  it('toBeRetrySafe judges only the named policy', () => {
    const result = labResult({ reconcile: [entry(), entry({ id: 'cut-mid-batch / pipeline:64 / none', policy: 'none', verdict: 'UNSAFE', reasons: ['12 lost'] })] });
    expect(result).toBeRetrySafe('idempotent');
    expect(() => expect(result).toBeRetrySafe('none')).toThrow(/to be retry-safe with policy none: 1 of 1 entry for policy none not SAFE:\n.*UNSAFE[\s\S]*- 12 lost/);
  });

  it('toHaveVerifiedRuns fails on an unverified run', () => {
    expect(labResult()).toHaveVerifiedRuns();
    const result = labResult({ configs: [config({ runs: [run({ verified: false, failure: 'reply 3 was an error' })], errors: 1 })] });
    expect(() => expect(result).toHaveVerifiedRuns()).toThrow('run 1 of 1: reply 3 was an error');
  });

  it('fails, with a message, on something that is not a LabResult', () => {
    expect(() => expect(undefined).toPassThresholds()).toThrow('expected a LabResult (what lab.run or runScenario returns) to pass its thresholds, got undefined undefined');
    expect(() => expect({ configs: [] }).toHaveVerifiedRuns()).toThrow('got an object without configs and thresholds');
    expect(() => expect(Promise.resolve(labResult())).toBeRetrySafe('none')).toThrow('expected a LabResult');
  });
});
