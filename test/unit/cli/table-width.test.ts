import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../lab/cli/args.ts';
import { tableWidth } from '../../../lab/cli/table-width.ts';

describe('table width', () => {
  it('takes --wide over everything, then the terminal, then COLUMNS', () => {
    expect(tableWidth({ wide: true, terminalColumns: 80, env: { COLUMNS: '90' } })).toBe(Number.POSITIVE_INFINITY);
    expect(tableWidth({ wide: false, terminalColumns: 80, env: { COLUMNS: '90' } })).toBe(80);
    expect(tableWidth({ wide: false, terminalColumns: undefined, env: { COLUMNS: '100' } })).toBe(100);
  });

  it('ignores a COLUMNS that is not a usable width', () => {
    for (const COLUMNS of ['', 'wide', '12', '99.5', undefined]) expect(tableWidth({ wide: false, terminalColumns: undefined, env: { COLUMNS } })).toBeUndefined();
  });

  it('parses --wide', () => {
    expect(parseCommand(['run', 'a.yaml', '--wide'])).toMatchObject({ wide: true });
    expect(parseCommand(['run', 'a.yaml'])).not.toHaveProperty('wide');
  });
});
