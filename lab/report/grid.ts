// A column-aligned text grid: widths are measured on the plain text, color is applied after
// padding, so alignment is the same with and without ANSI codes.

import { paint } from './ansi.ts';
import type { Style } from './ansi.ts';

export interface Column {
  header: string;
  align: 'left' | 'right';
}

export interface Cell {
  text: string;
  style?: Style;
}

/** A row of cells, or a full-width heading line that starts a group. */
export type GridRow = { kind: 'cells'; cells: Cell[] } | { kind: 'heading'; text: string; style?: Style };

const GAP = '  ';

// Pad one cell to its column width on the side its alignment asks for; only the text is styled.
const renderCell = (cell: Cell, width: number, align: Column['align'], color: boolean): string => {
  const fill = ' '.repeat(Math.max(0, width - cell.text.length));
  const text = paint(cell.text, cell.style, color);
  return align === 'right' ? fill + text : text + fill;
};

// Widest of the header and every cell, per column.
const columnWidths = (columns: readonly Column[], rows: readonly GridRow[]): number[] =>
  columns.map((column, i) =>
    rows.reduce(
      (width, row) => (row.kind === 'cells' ? Math.max(width, row.cells[i]?.text.length ?? 0) : width),
      column.header.length,
    ),
  );

// The grid as lines (header, rule, rows), each prefixed with indent and without trailing spaces.
export const renderGrid = (
  columns: readonly Column[],
  rows: readonly GridRow[],
  color: boolean,
  indent = '  ',
): string[] => {
  const widths = columnWidths(columns, rows);
  const line = (cells: readonly Cell[]): string =>
    (indent + cells
      .map((cell, i) => renderCell(cell, widths[i] ?? 0, columns[i]?.align ?? 'left', color))
      .join(GAP)).trimEnd();
  const header = line(columns.map((column) => ({ text: column.header })));
  const rule = paint(indent + widths.map((w) => '-'.repeat(w)).join(GAP), 'dim', color);
  const body = rows.map((row) =>
    row.kind === 'heading' ? indent + paint(row.text, row.style, color) : line(row.cells),
  );
  return [header, rule, ...body];
};
