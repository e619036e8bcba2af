import { describe, expect, it } from 'vitest';
import { formatTable, intText, overheadText } from '../../bench/table.ts';

describe('formatTable', () => {
  it('pads columns, right-aligns numbers and rules the header', () => {
    const text = formatTable([{ header: 'mode' }, { header: 'ms', right: true }], [['sync', '1.5'], ['pipeline:256', '120.25']]);
    expect(text.split('\n')).toEqual(['mode              ms', '------------  ------', 'sync             1.5', 'pipeline:256  120.25']);
  });
});

describe('number texts', () => {
  it('signs the overhead and groups thousands', () => {
    expect(overheadText(1.0234)).toBe('+2.3%');
    expect(overheadText(0.98)).toBe('-2.0%');
    expect(intText(1234567.8)).toBe('1,234,568');
  });
});
