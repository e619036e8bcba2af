import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readResultFile } from '../../../lab/report/result-input.ts';
import { labResult } from './lab-result.fixture.ts';

const fileWith = async (text: string): Promise<string> => {
  const file = join(await mkdtemp(join(tmpdir(), 'rfl-result-')), 'r.json');
  await writeFile(file, text);
  return file;
};

describe('readResultFile', () => {
  it('reads a result back as written', async () => {
    expect(await readResultFile(await fileWith(JSON.stringify(labResult)))).toEqual(labResult);
  });

  it.each([
    ['{"configs": [', /: not JSON \(/],
    ['[]', /: expected a JSON object \(a lab result\)$/],
    [JSON.stringify({ ...labResult, configs: undefined }), /: configs: expected an array$/],
    [JSON.stringify({ ...labResult, configs: [{ ...labResult.configs[0], runs: 3 }] }), /: configs\[0\]\.runs: expected an array \(config "pipeline:256@rtt=10ms"\)$/],
  ])('rejects %s with E_RESULT_INVALID naming the file and field', async (text, message) => {
    const file = await fileWith(text);
    const error = await readResultFile(file).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_RESULT_INVALID', message: expect.stringMatching(message), hint: expect.stringContaining('run --json') });
    expect((error as Error).message.startsWith(file)).toBe(true);
  });

  it('names a file that cannot be read', async () => {
    await expect(readResultFile('/nonexistent/result.json')).rejects.toMatchObject({ code: 'E_RESULT_INVALID', message: expect.stringContaining('/nonexistent/result.json: cannot read the file') });
  });
});
