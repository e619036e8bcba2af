// A plain text table: padded columns, numbers right-aligned, a rule under the header.

export interface Column {
  header: string;
  /** Right-align (numbers); default left. */
  right?: boolean;
}

export const formatTable = (columns: readonly Column[], rows: readonly (readonly string[])[]): string => {
  const widths = columns.map((c, i) => Math.max(c.header.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    columns
      .map((c, i) => {
        const cell = cells[i] ?? '';
        const width = widths[i] ?? 0;
        return c.right ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
};

/** 1.0234 → "1.023" */
export const ratioText = (ratio: number): string => ratio.toFixed(3);

/** 1.0234 → "+2.3%" */
export const overheadText = (ratio: number): string => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/** 1234567.8 → "1,234,568" */
export const intText = (value: number): string => Math.round(value).toLocaleString('en-US');

export const msText = (ms: number): string => ms.toFixed(1);
