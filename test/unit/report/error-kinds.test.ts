// Errors by kind render in time linear in the kinds (one sort), and a long tail is counted, not
// listed: a result with 100,000 kinds (a valid EVAL can return that many) prints its table in
// well under the bound, where sorting once per kind took minutes for 10,000.
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../lab/report/index.ts';
import { renderHtmlReport } from '../../../lab/report/html/report.ts';
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
  }, 60_000);

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

  // Every place a result holds kinds: a config's errorsByKind and its server errorstats, and
  // (withRows) a reconcile row's errorsByKind and first messages; one object each, shared, as
  // nothing renders by changing them.
  const withKinds = (n: number, withRows: boolean): LabResult => {
    const byKind = manyKinds(n);
    const [first, ...rest] = labResult.configs;
    if (first === undefined || first.serverInfo === null) throw new Error('fixture has no config with server info');
    const messages = withRows ? Object.fromEntries(Object.keys(byKind).map((k) => [k, `${k} message`])) : {};
    return {
      ...labResult,
      configs: [{ ...first, errors: 1, errorsByKind: byKind, serverInfo: { ...first.serverInfo, errorStats: byKind } }, ...rest],
      reconcile: withRows ? (labResult.reconcile ?? []).map((row) => ({ ...row, errorsByKind: byKind, errorMessages: messages })) : labResult.reconcile,
    };
  };

  const elapsedMs = (render: () => string): number => {
    const started = performance.now();
    render();
    return performance.now() - started;
  };

  it(`the table and the HTML report with ${KINDS.toLocaleString('en')} kinds in every place that holds them: summarised`, () => {
    const many = withKinds(KINDS, true);
    const table = renderTable(many, { color: false, width: 300 }); // wide enough for the errorstats column
    expect(table).toContain('and 99,990 more kinds'); // the errors-by-kind listing
    expect(table).toContain('KIND000069×7, +99990 kinds'); // the server errorstats column
    expect(table.length).toBeLessThan(100_000);
    const page = renderHtmlReport([many]);
    expect(page).not.toContain('KIND099999'); // the page lists no error kinds
    expect(page.length).toBeLessThan(2 * renderHtmlReport([labResult]).length);
  }, 180_000);

  it('ten times the kinds takes far less than a hundred times as long, in the table and in the HTML report', () => {
    const few = withKinds(KINDS / 10, false);
    const many = withKinds(KINDS, false);
    // Linear (one sort, n log n) grows about 10x from 10,000 to 100,000 kinds; one sort per kind
    // grows 100x. The bound sits between, far from both. The small case is the fastest of three,
    // so a pause of the shared machine there does not count.
    for (const render of [(r: LabResult) => renderTable(r, { color: false, width: 300 }), (r: LabResult) => renderHtmlReport([r])]) {
      const fewMs = Math.max(Math.min(...[1, 2, 3].map(() => elapsedMs(() => render(few)))), 1);
      expect(elapsedMs(() => render(many)) / fewMs).toBeLessThan(40);
    }
  }, 180_000);
});
