// A column-aligned text grid: widths are measured on the plain text, color is applied after
// padding, so alignment is the same with and without ANSI codes. fitGrid drops the least
// important columns until the lines fit a terminal width.

import { hangWrap, paint, wrapNote, type Style } from './terminal-style.ts';

export interface Column {
  header: string;
  align: 'left' | 'right';
  /** Drop order when the grid is too wide: the highest number goes first; absent: never dropped. */
  dropPriority?: number;
}

export interface Cell {
  text: string;
  style?: Style;
}

/** A row of cells, or a full-width heading line that starts a group. */
export type GridRow = { kind: 'cells'; cells: Cell[] } | { kind: 'heading'; text: string; style?: Style };

/** Column specs: a header aligned left or right, dropped at `dropPriority` (highest first) when
 * the grid is too wide; without one, never dropped. */
export const left = (header: string, dropPriority?: number): Column => ({ header, align: 'left', ...(dropPriority === undefined ? {} : { dropPriority }) });
export const right = (header: string, dropPriority?: number): Column => ({ header, align: 'right', ...(dropPriority === undefined ? {} : { dropPriority }) });

/** A row of plain (unstyled) cells. */
export const textRow = (texts: readonly string[]): GridRow => ({ kind: 'cells', cells: texts.map((text) => ({ text })) });

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
const renderGrid = (
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

/** A grid fitted to a width, and the headers of the columns that had to go. */
export interface FittedGrid {
  lines: string[];
  dropped: string[];
}

// Width of the widest cell line (headings are not counted: they are short and may run on).
const gridWidth = (widths: readonly number[], indent: string): number =>
  indent.length + widths.reduce((sum, w) => sum + w, 0) + GAP.length * Math.max(0, widths.length - 1);

// Keep only the given column indexes in the columns and in every cell row.
const pick = (columns: readonly Column[], rows: readonly GridRow[], keep: readonly number[]) => ({
  columns: keep.map((i) => columns[i] as Column),
  rows: rows.map((row): GridRow =>
    row.kind === 'heading' ? row : { kind: 'cells', cells: keep.map((i) => row.cells[i] ?? { text: '' }) },
  ),
});

/** renderGrid, dropping droppable columns (highest dropPriority first) until the grid fits `width`,
 * then taking back the more important of the dropped ones that fit in the room left. */
export const fitGrid = (
  columns: readonly Column[],
  rows: readonly GridRow[],
  color: boolean,
  width: number,
  indent = '  ',
): FittedGrid => {
  const allWidths = columnWidths(columns, rows);
  const widthOf = (kept: readonly number[]) => gridWidth(kept.map((k) => allWidths[k] ?? 0), indent);
  let keep = columns.map((_, i) => i);
  const dropOrder = keep
    .filter((i) => columns[i]?.dropPriority !== undefined)
    .sort((a, b) => (columns[b]?.dropPriority ?? 0) - (columns[a]?.dropPriority ?? 0));
  const dropped: number[] = [];
  for (const i of dropOrder) {
    if (widthOf(keep) <= width) break;
    keep = keep.filter((k) => k !== i);
    dropped.push(i);
  }
  for (const i of [...dropped].reverse()) {
    const candidate = [...keep, i].sort((a, b) => a - b);
    if (widthOf(candidate) <= width) {
      keep = candidate;
      dropped.splice(dropped.indexOf(i), 1);
    }
  }
  const fitted = pick(columns, rows, keep);
  return { lines: renderGrid(fitted.columns, fitted.rows, color, indent), dropped: dropped.map((i) => columns[i]?.header ?? '') };
};

// The dim note under a grid that lost columns, so nothing disappears silently.
export const droppedNote = (dropped: readonly string[], width: number, color: boolean): string[] =>
  dropped.length === 0
    ? []
    : hangWrap(`  not shown at ${width} columns: ${dropped.join(', ')} (wider terminal or --json for all)`, width).map(
        (line) => paint(line, 'dim', color),
      );

/** A titled grid block as the report's blocks print it: the title, the grid fitted to `width`,
 * the note on dropped columns, then `notes` (plain) and `legend` (dim), wrapped and indented. */
export const gridBlock = (
  block: { title: string; columns: readonly Column[]; rows: readonly GridRow[]; notes?: readonly string[]; legend?: readonly string[] },
  color: boolean,
  width: number,
): string[] => {
  const { lines, dropped } = fitGrid(block.columns, block.rows, color, width);
  return [
    block.title,
    ...lines,
    ...droppedNote(dropped, width, color),
    ...wrapNote(block.notes ?? [], width - 2).map((line) => `  ${line}`),
    ...wrapNote(block.legend ?? [], width - 2).map((line) => paint(`  ${line}`, 'dim', color)),
  ];
};
