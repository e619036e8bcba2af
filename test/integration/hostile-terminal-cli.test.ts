// The hostile terminal corpus through the command line, byte for byte: `validate` refuses each
// file with exit 2 and writes no raw control character (the unknown key and the file's own text
// are echoed escaped); `report` and `compare` of a result holding them print them escaped.
// NO_COLOR is set, so not a single escape code is expected.

import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LabResult } from '../../lab/contracts/index.ts';
import { labResult } from '../unit/report/lab-result.fixture.ts';

const BIN = new URL('../../lab/cli/bin.mjs', import.meta.url).pathname;
const DIR = 'test/fixtures/hostile/terminal';

const cli = (args: string[]): Promise<{ code: number | null; output: Buffer }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output: Buffer.concat(chunks) }));
  });

// Control bytes other than the line feed, and the UTF-8 forms of C1 controls and of the
// bidirectional overrides and isolates.
const rawControls = (bytes: Buffer): string[] => {
  const found: string[] = [];
  for (const byte of bytes) if ((byte < 0x20 && byte !== 0x0a) || byte === 0x7f) found.push(`0x${byte.toString(16)}`);
  // eslint-disable-next-line no-control-regex
  for (const match of bytes.toString('utf8').matchAll(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g)) found.push(`U+${match[0].charCodeAt(0).toString(16)}`);
  return found;
};

const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u0000\r\u009b\u202e';

describe('hostile terminal corpus through the CLI', () => {
  it('validate refuses every file with exit 2 and file:line:col, and writes no raw control character', async () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
    const { code, output } = await cli(['validate', ...files.map((f) => join(DIR, f))]);
    expect(code).toBe(2);
    const text = output.toString('utf8');
    for (const file of files) expect(text).toMatch(new RegExp(`${DIR}/${file.replace('.', '\\.')}:\\d+:\\d+: `));
    expect(text).not.toMatch(/^ok /m);
    expect(rawControls(output)).toStrictEqual([]);
  }, 60_000);

  it('report and compare of a result holding control characters print them escaped', async () => {
    const result: LabResult = structuredClone(labResult);
    result.scenario = { ...result.scenario, name: `n${HOSTILE}`, description: `d${HOSTILE}` };
    result.warnings = [`w${HOSTILE}`];
    const [first] = result.configs;
    if (first) first.errorsByKind = { [`ERR${HOSTILE}`]: 1 };
    const file = join(await mkdtemp(join(tmpdir(), 'rfl-hostile-')), 'result.json');
    await writeFile(file, JSON.stringify(result));
    const report = await cli(['report', file]);
    expect(rawControls(report.output)).toStrictEqual([]);
    expect(report.code).toBe(0);
    expect(report.output.toString('utf8')).toContain('n\\x1b]0;pwned\\x07');
    const compare = await cli(['compare', file, file]);
    expect(rawControls(compare.output)).toStrictEqual([]);
    await rm(dirname(file), { recursive: true, force: true });
  }, 60_000);

  it("a policy module's error message is printed escaped, by validate and by run (before anything starts)", async () => {
    const file = 'test/fixtures/policies/throws-controls-at-import.yaml';
    for (const args of [['validate', file], ['run', file, '--runtime', 'local']]) {
      const { code, output } = await cli(args);
      const text = output.toString('utf8');
      expect(code, text).toBe(2);
      expect(text).toContain('error [E_POLICY]: Policy module ./throws-controls-at-import.mjs (policy controls)');
      expect(text).toContain('broken module \\x1b]0;pwned\\x07\\x1b[2J');
      expect(text).not.toMatch(/starting|runtime ready/);
      expect(rawControls(output)).toStrictEqual([]);
    }
  }, 60_000);
});
