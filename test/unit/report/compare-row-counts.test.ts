// compare judges reconcile rows' counts of harm through the registry (COMPARED_ROW_METRICS):
// harm where the base had none fails; a rise fails beyond the threshold and 3·√base + 1; a fall
// or a rise within the noise passes; the text and the Markdown name the failing count.

import { describe, expect, it } from 'vitest';
import { COMPARED_ROW_METRICS, type LabResult, type ReconcileEntry } from '../../../lab/contracts/index.ts';
import { compareResults } from '../../../lab/report/compare/compare.ts';
import { renderComparisonMarkdown } from '../../../lab/report/compare/compare-markdown.ts';
import { renderComparison } from '../../../lab/report/compare/compare-text.ts';
import { compareRowCounts, countNoise } from '../../../lab/report/compare/row-counts.ts';
import { labResult } from './lab-result.fixture.ts';

const row = labResult.reconcile![0]!;
const withCounts = (counts: Partial<ReconcileEntry['counts']>): ReconcileEntry => ({ ...row, counts: { ...row.counts, ...counts } });
const resultWith = (entry: ReconcileEntry): LabResult => ({ ...labResult, reconcile: [entry] });

describe('compare on reconcile row counts', () => {
  it('compares the counts of harm the registry marks, and no others', () => {
    expect(COMPARED_ROW_METRICS.map((m) => m.name)).toEqual(['lost', 'duplicated', 'unexpected', 'lost-replicated', 'requests-failed']);
    // acknowledged and retries are counts of work: a change there is not judged.
    expect(compareRowCounts([withCounts({ acknowledged: 10, retries: 0 })], [withCounts({ acknowledged: 900, retries: 50 })], 10)).toEqual([]);
  });

  it('fails any harm where the base had none, and a rise beyond the threshold and the noise', () => {
    const fromNone = compareResults(resultWith(withCounts({ duplicated: 0 })), resultWith(withCounts({ duplicated: 1 })), 10);
    expect(fromNone.countChanges).toEqual([{ id: row.id, metric: 'duplicated', base: 0, next: 1, failure: 'none in base, 1 now' }]);
    expect(fromNone.pass).toBe(false);
    expect(renderComparison(fromNone)).toContain(`${row.id}: duplicated 0 → 1  (FAIL: none in base, 1 now)`);
    expect(renderComparisonMarkdown(fromNone, { base: 'a.json', next: 'b.json' })).toContain(`| duplicated 0 → 1: none in base, 1 now |`);
    // 100 lost: the noise is max(10, 3·10 + 1) = 31; 131 is within it, 132 beyond.
    expect(countNoise(100, 10)).toBe(31);
    expect(compareResults(resultWith(withCounts({ lost: 100 })), resultWith(withCounts({ lost: 131 })), 10).pass).toBe(true);
    const risen = compareResults(resultWith(withCounts({ lost: 100 })), resultWith(withCounts({ lost: 132 })), 10);
    expect(risen.pass).toBe(false);
    expect(risen.countChanges[0]?.failure).toMatch(/^up 32 /);
    expect(renderComparison(risen)).toMatch(/FAIL: .*lost 100 → 132/);
  });

  it('passes a fall', () => {
    const fell = compareResults(resultWith(withCounts({ lost: 50, duplicated: 3 })), resultWith(withCounts({ lost: 0, duplicated: 0 })), 10);
    expect(fell.countChanges.map((c) => [c.metric, c.failure])).toEqual([['lost', null], ['duplicated', null]]);
    expect(fell.pass).toBe(true);
  });
});
