import { describe, expect, it } from 'vitest';
import { errorsCellText, errorsText } from '../../../lab/report/figures.ts';
import { fitGrid } from '../../../lab/report/grid.ts';
import type { Column, GridRow } from '../../../lab/report/grid.ts';
import { hangWrap, wrapNote } from '../../../lab/report/terminal-style.ts';

const columns: Column[] = [
  { header: 'name', align: 'left' },
  { header: 'big', align: 'right', dropPriority: 1 },
  { header: 'least', align: 'right', dropPriority: 3 },
  { header: 'small', align: 'right', dropPriority: 2 },
];
const rows: GridRow[] = [
  { kind: 'heading', text: 'group' },
  { kind: 'cells', cells: [{ text: 'alpha' }, { text: '1234567890' }, { text: '1234567890' }, { text: '12345' }] },
];

describe('fitGrid', () => {
  it('keeps every column when the grid fits', () => {
    const { lines, dropped } = fitGrid(columns, rows, false, 80);
    expect(dropped).toEqual([]);
    expect(lines[0]).toBe('  name          big       least  small');
    expect(lines[3]).toBe('  alpha  1234567890  1234567890  12345');
  });

  it('drops the highest dropPriority first, then takes back a more important one that fits again', () => {
    // Full width 2 + 5 + 2 + 10 + 2 + 10 + 2 + 5 = 38; without "least" 26; without "small" too 19.
    expect(fitGrid(columns, rows, false, 30).dropped).toEqual(['least']);
    expect(fitGrid(columns, rows, false, 30).lines[3]).toBe('  alpha  1234567890  12345');
    const narrow = fitGrid(columns, rows, false, 19);
    expect(narrow.dropped).toEqual(['least', 'small']);
    expect(narrow.lines[3]).toBe('  alpha  1234567890');
    const tiny = fitGrid(columns, rows, false, 10);
    expect(tiny.dropped).toEqual(['least', 'small', 'big']);
    expect(tiny.lines[2]).toBe('  group');
  });
});

describe('errors text', () => {
  it('totals the kinds, most frequent first', () => {
    expect(errorsText({})).toBe('0');
    expect(errorsText({ ABORTED: 2 })).toBe('2 (ABORTED×2)');
    expect(errorsText({ ERR: 1, ABORTED: 2, ECONNRESET: 2 })).toBe('5 (ABORTED×2, ECONNRESET×2, ERR×1)');
  });

  it('leaves kinds out to fit a cell and says so', () => {
    const byKind = { ERR: 1, ABORTED: 5, ECONNRESET: 3 };
    expect(errorsCellText(byKind, 40)).toEqual({ text: '9 (ABORTED×5, ECONNRESET×3, ERR×1)', complete: true });
    expect(errorsCellText(byKind, 24)).toEqual({ text: '9 (ABORTED×5, +2 kinds)', complete: false });
    expect(errorsCellText(byKind, 14)).toEqual({ text: '9 (3 kinds)', complete: false });
    expect(errorsCellText({ ABORTED: 2 }, 14)).toEqual({ text: '2 (ABORTED×2)', complete: true });
  });
});

describe('wrapping', () => {
  it('word-wraps notes and hangs continuation lines under their first line', () => {
    expect(wrapNote(['one two', 'three four'], 12)).toEqual(['one two;', 'three four']);
    expect(hangWrap('  - alpha beta gamma delta', 16)).toEqual(['  - alpha beta', '      gamma', '      delta']);
    expect(hangWrap('short', 16)).toEqual(['short']);
  });
});
