// A scenario comparing several writes (INCR vs LPUSH vs SADD) has rows that differ only in the
// workload: the terminal table gets a write column and the HTML verdict matrix a column per
// write, so no write's verdict is shown for another's.

import { describe, expect, it } from 'vitest';
import type { ReconcileEntry } from '../../../lab/contracts/index.ts';
import { verdictMatrix } from '../../../lab/report/html/tables.ts';
import { renderReconcile } from '../../../lab/report/reconcile-block.ts';
import { labResult } from './lab-result.fixture.ts';

const base = (labResult.reconcile ?? [])[0] as ReconcileEntry;
const rows: ReconcileEntry[] = [
  { ...base, id: 'LPUSH / cut / pipeline:64 / none', workload: 'LPUSH', fault: 'cut', mode: 'pipeline:64', verdict: 'UNSAFE', reasons: ['list l holds 64 list elements more than once'] },
  { ...base, id: 'SADD / cut / pipeline:64 / none', workload: 'SADD', fault: 'cut', mode: 'pipeline:64', verdict: 'SAFE', reasons: [] },
];

describe('rows of several writes', () => {
  it('the terminal table has a write column', () => {
    const lines = renderReconcile(rows, false, 200);
    expect(lines[1]).toMatch(/^ {2}write +fault +mode +policy/);
    expect(lines.find((l) => l.includes('LPUSH') && l.includes('UNSAFE'))).toBeDefined();
    expect(lines.find((l) => l.includes('SADD') && l.includes('SAFE'))).toBeDefined();
  });

  it('the HTML verdict matrix has a column per write', () => {
    const html = String(verdictMatrix(rows));
    expect(html).toContain('LPUSH / cut / pipeline:64');
    expect(html).toContain('SADD / cut / pipeline:64');
    expect(html.match(/class="verdict unsafe"/g)).toHaveLength(1);
    expect(html.match(/class="verdict safe"/g)).toHaveLength(1);
  });
});
