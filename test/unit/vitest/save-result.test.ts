import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resultFileStem, resultsDirFrom, saveResult } from '../../../lab/vitest/save-result.ts';
import { labResult } from './results.ts';

describe('resultsDirFrom', () => {
  it('takes the option, else REDIS_FAULT_LAB_RESULTS_DIR, else nothing', () => {
    expect(resultsDirFrom('out', { REDIS_FAULT_LAB_RESULTS_DIR: 'env' })).toBe('out');
    expect(resultsDirFrom(undefined, { REDIS_FAULT_LAB_RESULTS_DIR: 'env' })).toBe('env');
    expect(resultsDirFrom(undefined, { REDIS_FAULT_LAB_RESULTS_DIR: '' })).toBeUndefined();
    expect(resultsDirFrom(undefined, {})).toBeUndefined();
  });
});

describe('resultFileStem', () => {
  it('keeps a plain scenario name and replaces path characters', () => {
    expect(resultFileStem('cross-dc-incr')).toBe('cross-dc-incr');
    expect(resultFileStem('../a b/c')).toBe('_a_b_c');
    expect(resultFileStem('...')).toBe('result');
  });
});

describe('saveResult', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'save-result-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes <name>.json, then -2, -3 for the same name, never overwriting', async () => {
    const result = labResult({ scenario: { name: 'incr', description: 'd' } });
    const target = join(dir, 'nested', 'results');
    const paths = [await saveResult(target, result), await saveResult(target, result), await saveResult(target, result)];
    expect(paths).toEqual(['incr.json', 'incr-2.json', 'incr-3.json'].map((name) => join(target, name)));
    expect(JSON.parse(await readFile(paths[0]!, 'utf8'))).toEqual(result);
  });

  it('runs saved at once under one name all land in their own file', async () => {
    const result = labResult({ scenario: { name: 'same', description: 'd' } });
    await Promise.all(Array.from({ length: 5 }, () => saveResult(dir, result)));
    expect((await readdir(dir)).sort()).toEqual(['same-2.json', 'same-3.json', 'same-4.json', 'same-5.json', 'same.json']);
  });

  it('a results path that is a file fails with E_USAGE and a hint', async () => {
    const file = join(dir, 'not-a-dir');
    await writeFile(file, 'x');
    await expect(saveResult(file, labResult())).rejects.toMatchObject({ code: 'E_USAGE', hint: expect.stringContaining('REDIS_FAULT_LAB_RESULTS_DIR') });
  });
});
