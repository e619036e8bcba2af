// The terminal corpus (test/fixtures/hostile/terminal/): names, labels, descriptions and keys
// holding ESC, BEL, NUL, CR, C1 controls and bidirectional overrides are refused at validation,
// each at its file:line:col with what would be valid; an unknown key holding them is refused
// as unknown. (The CLI test checks that none of these bytes reach the terminal raw.)

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLabError, loadScenarioFile } from '../../../lab/index.ts';

const DIR = 'test/fixtures/hostile/terminal';
const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));

// What each file must be refused for.
const EXPECTED: Record<string, RegExp> = {
  'name-osc-title.yaml': /:2:\d+: name: must not contain control characters: U\+001B \(ESC\)/,
  'name-escaped-esc.yaml': /:2:\d+: name: must not contain control characters: U\+001B \(ESC\) at character 6/,
  'description-nul-bel.yaml': /:3:\d+: description: must not contain control characters: U\+0007 \(BEL\)/,
  'name-rlo.yaml': /:2:\d+: name: must not contain control characters: U\+202E \(right-to-left override\)/,
  'description-block-esc.yaml': /:3:\d+: description: must not contain control characters: U\+001B/,
  'label-c1-csi.yaml': /:3:\d+: workload\.label: must not contain control characters: U\+009B \(CSI\)/,
  'fault-name-isolate.yaml': /:6:\d+: faults\[0\]\.name: must not contain control characters: U\+2067/,
  'unknown-key-esc.yaml': /:3:1: .*unknown key/,
  'key-carriage-return.yaml': /:3:\d+: workload\.key: must be a single line/,
};

describe('hostile terminal corpus', () => {
  it('covers every file in the folder', () => {
    expect(files.sort()).toStrictEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)('%s is refused with file:line:col and what is valid', async (file) => {
    const error = await loadScenarioFile(join(DIR, file)).then(() => undefined, (e: unknown) => e);
    expect(isLabError(error) && error.code).toBe('E_SCENARIO_INVALID');
    const message = isLabError(error) ? error.message : '';
    expect(message).toMatch(EXPECTED[file] ?? /never/);
    expect(message).toContain(`${DIR}/${file}:`);
  });

  it('allows the left-to-right and right-to-left marks, tabs and line breaks in a description', async () => {
    const { parseScenario } = await import('../../../lab/index.ts');
    const scenario = parseScenario('name: "mark\u200Fed"\ndescription: "a\\tb\\nc"\nworkload: {command: INCR, commands: 10}\nmodes: [sync]\n', 'inline');
    expect(scenario.name).toBe('mark\u200Fed');
    expect(scenario.description).toBe('a\tb\nc');
  });
});
