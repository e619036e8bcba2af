// redis-fault-lab/vitest: fixtures and matchers for teams that keep fault scenarios as vitest
// suites. Uses only the library API (lab/index.ts).
//
//   import { expect, it } from 'vitest';
//   import { useLab } from 'redis-fault-lab/vitest';
//
//   const lab = useLab({ runtime: 'auto' });    // beforeAll: start; afterAll: stop
//   it('pipelines beat the link', async () => {
//     const result = await lab.run('scenarios/cross-dc-incr.yaml');
//     expect(result).toPassThresholds();
//     expect(result).toHaveVerifiedRuns();
//   });
//
// Importing this module installs the matchers (toPassThresholds, toBeRetrySafe,
// toHaveVerifiedRuns) on vitest's `expect` and declares their types; `installMatchers()` is
// exported for setups that want to call it explicitly (e.g. a vitest setupFiles entry), and
// calling it twice is harmless. The module imports `vitest`, so import it only from test files.

import { installMatchers } from './matchers.ts';

export { useLab, type UseLabOptions, type LabRunOptions, type LabFixture } from './use-lab.ts';
export { installMatchers, type LabMatchers } from './matchers.ts';
export { toScenario, isInlineYaml, type ScenarioInput } from './use-lab.ts';
export { checkThresholds, checkRetrySafe, checkVerifiedRuns, type CheckResult } from './checks.ts';

installMatchers();
