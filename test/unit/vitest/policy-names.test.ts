// toBeRetrySafe's policy name is checked by the compiler (`tsc --noEmit` reads this file): a
// built-in name, a declared module name or a value typed string compiles; a misspelt literal
// does not (the @ts-expect-error lines fail the type check if it ever compiles again).

import { describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../../../lab/index.ts';
import '../../../lab/vitest/index.ts';
import { labResult } from '../report/lab-result.fixture.ts';

declare module '../../../lab/index.ts' {
  interface PolicyNames {
    'naive-retry': true;
  }
}

describe('policy names in toBeRetrySafe', () => {
  it('compiles for built-ins, declared modules and string values; not for a misspelt literal', () => {
    const checks = (compileOnly: boolean) => {
      if (compileOnly) return;
      const fromRow: RetryPolicy = labResult.reconcile?.[0]?.policy ?? 'none';
      expect(labResult).toBeRetrySafe('idempotent');
      expect(labResult).toBeRetrySafe('naive-retry');
      expect(labResult).toBeRetrySafe(fromRow);
      expect(labResult).toBeRetrySafe(String('ours'));
      // @ts-expect-error a misspelt built-in name is not a policy
      expect(labResult).toBeRetrySafe('idempotnet');
      // @ts-expect-error nor is an undeclared module name
      expect(labResult).toBeRetrySafe('naive-retyr');
    };
    checks(true);
    expect(typeof checks).toBe('function');
  });
});
