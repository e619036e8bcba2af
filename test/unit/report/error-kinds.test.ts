// Errors by kind render in time linear in the kinds (one sort), and a long tail is counted, not
// listed: a result with 100,000 kinds (a valid EVAL can return that many) prints its table in
// well under the bound, where sorting once per kind took minutes for 10,000.
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../lab/report/index.ts';
import { errorsCellText, errorsText } from '../../../lab/report/figures.ts';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { labResult } from './lab-result.fixture.ts';

const KINDS = 100_000;
const manyKinds = (n: number): Record<string, number> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`KIND${String(i).padStart(6, '0')}`, 1 + (i % 7)]));

describe('errors by kind, many kinds', () => {
  it('lists the first kinds and counts the rest', () => {
    const byKind = manyKinds(KINDS);
    const text = errorsText(byKind);
    expect(text).toMatch(/^399995 \(KIND000006×7, KIND000013×7, (KIND\d{6}×7, ){7}KIND000069×7, and 99,990 more kinds\)$/);
    expect(errorsCellText(byKind, 24)).toEqual({ text: '399995 (100000 kinds)', complete: false });
    expect(errorsCellText(byKind, 40)).toEqual({ text: '399995 (KIND000006×7, +99999 kinds)', complete: false });
  });

  it(`renders a table of ${KINDS.toLocaleString('en')} kinds within a generous bound`, () => {
    const [first, ...rest] = labResult.configs;
    if (first === undefined) throw new Error('fixture has no config');
    const result: LabResult = { ...labResult, configs: [{ ...first, errors: 1, errorsByKind: manyKinds(KINDS) }, ...rest] };
    const started = performance.now();
    const table = renderTable(result, { color: false, width: 120 });
    const elapsedMs = performance.now() - started;
    expect(table).toContain('and 99,990 more kinds');
    expect(table.length).toBeLessThan(100_000);
    // Generous: the machine is shared; quadratic rendering took hours at this size.
    expect(elapsedMs).toBeLessThan(20_000);
  }, 60_000);
});
