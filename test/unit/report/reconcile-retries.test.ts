// The reconcile block's retries column (re-sends the policy announced) and its "at least" dup
// cell for counts that only bound duplicates from below (no tags).

import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../lab/report/index.ts';
import { evaluateThresholds } from '../../../lab/metrics/index.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { labResult } from './lab-result.fixture.ts';

const [first] = labResult.reconcile ?? [];
if (first === undefined) throw new Error('the fixture has reconcile entries');

describe('reconcile retries and lower-bound duplicates', () => {
  it('shows a retries column, and dup as ≥ N when the counts bound duplicates from below', () => {
    const untagged = { ...first, verdict: 'UNSAFE' as const, counts: { ...first.counts, applied: 256, issued: 256, duplicated: 64, duplicatedAtLeast: true, applications: 320, retries: 7 } };
    const text = renderTable({ ...labResult, reconcile: [untagged] }, { color: false, width: 200 });
    expect(text).toMatch(/verdict\s+runs\s+retries/);
    const row = text.split('\n').find((line) => line.includes(first.fault) && line.includes('256/256'));
    expect(row).toMatch(/≥ 64\s+UNSAFE\s+\S.*\s7$/);
    expect(text).toContain('retries: re-sends the policy announced with retrying()');
    expect(text).toContain('dup ≥ N: without tags');
    expect(renderTable(labResult, { color: false, width: 200 })).not.toContain('dup ≥ N');
  });

  it('lets a threshold read retries from the registry', () => {
    const scenario = parseScenario(
      `name: t\nworkload: {command: INCR, commands: 256}\nmodes: [${first.mode}]\nfaults:\n  - {name: ${first.fault}, after: 128 commands, cut-after: {down: "0 replies"}}\npolicies: [${first.policy}]\nexpect:\n  - "policy ${first.policy}: retries == 0"\n`,
      't.yaml',
    );
    const [result] = evaluateThresholds(scenario.expect, [], [{ ...first, counts: { ...first.counts, retries: 3 } }]);
    expect(result).toMatchObject({ pass: false });
  });
});
