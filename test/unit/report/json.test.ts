import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toJson, writeJsonResult } from '../../../lab/report/index.ts';
import { labResult } from './lab-result.fixture.ts';

describe('JSON result', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('writes parseable, 2-space JSON with a trailing newline, creating parent directories', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rfl-json-'));
    dirs.push(dir);
    const path = join(dir, 'nested', 'deeper', 'result.json');
    await writeJsonResult(path, labResult);
    const text = await readFile(path, 'utf8');
    expect(JSON.parse(text)).toEqual(labResult);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "scenario": {');
    expect(text).toBe(toJson(labResult));
  });
});
