// Every scenario the project ships must validate: a broken shipped file is a broken README.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandFaultCells, expandMatrix, loadScenarioFile } from '../../../lab/scenario/index.ts';

const dir = join(import.meta.dirname, '../../../scenarios');
// scenario.schema.json beside them is the editors' schema, not a scenario.
const files = readdirSync(dir).filter((f) => (f.endsWith('.yaml') || f.endsWith('.json')) && !f.endsWith('.schema.json'));

describe('shipped scenarios', () => {
  it('there are some', () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
  });

  it.each(files)('%s validates and expands to at least one config', async (file) => {
    const scenario = await loadScenarioFile(join(dir, file));
    const cells = scenario.faults.length > 0 ? expandFaultCells(scenario) : expandMatrix(scenario);
    expect(cells.length).toBeGreaterThan(0);
    expect(scenario.description, 'a shipped scenario says what it replays').not.toBe('');
  });
});
