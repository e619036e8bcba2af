import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { safeFileStem, uniqueFileStems, writeOutDir } from '../../../lab/report/index.ts';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { labResult } from './lab-result.fixture.ts';

interface HgrmRow {
  valueUs: number;
  percentile: number;
  totalCount: number;
}

// Parses HdrHistogram's percentile distribution text: header, rows, the "#[...]" footer.
const parseHgrm = (text: string) => {
  const lines = text.split('\n');
  expect(lines[0]?.trim().split(/\s+/)).toEqual(['Value', 'Percentile', 'TotalCount', '1/(1-Percentile)']);
  const rows: HgrmRow[] = lines
    .filter((line) => /^\s+\d/.test(line))
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      expect(fields.length === 4 || fields.length === 3).toBe(true);
      for (const field of fields) expect(Number.isFinite(Number(field))).toBe(true);
      return { valueUs: Number(fields[0]), percentile: Number(fields[1]), totalCount: Number(fields[2]) };
    });
  const footer = (name: string) => Number(new RegExp(`${name}\\s*=\\s*([\\d.]+)`).exec(text)?.[1]);
  return { rows, mean: footer('Mean'), max: footer('Max'), totalCount: footer('Total count'), buckets: footer('Buckets'), subBuckets: footer('SubBuckets') };
};

describe('writeOutDir', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rfl-out-'));
    dirs.push(dir);
    return dir;
  };

  it('writes result.json and one .hgrm per config with latency, creating the directory', async () => {
    const dir = join(await tempDir(), 'nested', 'out');
    const files = await writeOutDir(labResult, dir);
    expect(files[0]).toBe(join(dir, 'result.json'));
    expect(files.slice(1).map((f) => basename(f))).toEqual([
      'pipeline_256_rtt=10ms.hgrm',
      'sync_rtt=0ms.hgrm',
      'pipeline_256_rtt=0ms.hgrm',
      'sync_direct.hgrm',
      'sync_rtt=10ms.hgrm',
      'multi_8_rtt=10ms_bw=1000_500KBps_c=4.hgrm',
    ]);
    expect((await readdir(dir)).sort()).toEqual(files.map((f) => basename(f)).sort());
    expect(JSON.parse(await readFile(join(dir, 'result.json'), 'utf8'))).toEqual(labResult);
  });

  it('writes percentile distributions in µs that HdrHistogram tools can read', async () => {
    const dir = await tempDir();
    const files = await writeOutDir(labResult, dir);
    for (const [i, config] of labResult.configs.entries()) {
      const hgrm = parseHgrm(await readFile(files[i + 1]!, 'utf8'));
      expect(hgrm.rows.length).toBeGreaterThan(10);
      for (const [j, row] of hgrm.rows.entries()) {
        if (j === 0) continue;
        const previous = hgrm.rows[j - 1]!;
        expect(row.percentile).toBeGreaterThanOrEqual(previous.percentile);
        expect(row.valueUs).toBeGreaterThanOrEqual(previous.valueUs);
        expect(row.totalCount).toBeGreaterThanOrEqual(previous.totalCount);
      }
      const last = hgrm.rows.at(-1)!;
      expect(last.percentile).toBe(1);
      expect(last.totalCount).toBe(config.latencyUs!.count);
      expect(hgrm.totalCount).toBe(config.latencyUs!.count);
      // Microseconds, unscaled: the max is the recorded max within HDR's 3-digit precision.
      expect(Math.abs(hgrm.max - config.latencyUs!.max) / config.latencyUs!.max).toBeLessThan(0.001);
      expect(Math.abs(hgrm.rows[0]!.valueUs - config.latencyUs!.p50) / config.latencyUs!.p50).toBeLessThan(0.001);
      expect(hgrm.mean).toBeGreaterThan(0);
      expect(hgrm.subBuckets).toBe(2048);
    }
  });

  it('skips configs without latency and names a config whose histogram does not decode', async () => {
    const [first, second] = labResult.configs;
    const noLatency: LabResult = { ...labResult, configs: [{ ...first!, latencyUs: null }, second!] };
    const files = await writeOutDir(noLatency, await tempDir());
    expect(files.map((f) => basename(f))).toEqual(['result.json', 'sync_rtt=0ms.hgrm']);

    const broken: LabResult = { ...labResult, configs: [{ ...first!, latencyUs: { ...first!.latencyUs!, hdr: 'HISTFAAAA' } }] };
    const dir = join(await tempDir(), 'never');
    await expect(writeOutDir(broken, dir)).rejects.toThrow(/latencyUs\.hdr` of config "pipeline:256@rtt=10ms"/);
    await expect(readdir(dir)).rejects.toThrow(); // nothing written
  });

  it('writes one .hgrm per reconcile row with a per-write histogram (a failover scenario has no configs)', async () => {
    const [first] = labResult.configs;
    const latencyUs = first!.latencyUs!;
    const row = { id: 'INCR / no WAIT', verdict: 'UNSAFE', latencyUs } as unknown as NonNullable<LabResult['reconcile']>[number];
    const failover: LabResult = { ...labResult, configs: [], reconcile: [row, { ...row, id: 'INCR / WAIT 1 100ms', latencyUs: null }] };
    const dir = await tempDir();
    const files = await writeOutDir(failover, dir);
    expect(files.map((f) => basename(f))).toEqual(['result.json', 'INCR___no_WAIT.hgrm']);
    const hgrm = parseHgrm(await readFile(files[1]!, 'utf8'));
    expect(hgrm.totalCount).toBe(latencyUs.count);
    const broken: LabResult = { ...failover, reconcile: [{ ...row, latencyUs: { ...latencyUs, hdr: 'HISTFAAAA' } }] };
    await expect(writeOutDir(broken, join(dir, 'never'))).rejects.toThrow(/latencyUs\.hdr` of reconcile row "INCR \/ no WAIT"/);
  });
});

describe('safe file names', () => {
  it('replaces characters outside [A-Za-z0-9._=-] with _', () => {
    expect(safeFileStem('pipeline:256@rtt=10ms,jitter=2ms')).toBe('pipeline_256_rtt=10ms_jitter=2ms');
    expect(safeFileStem('a/b\\c d*é')).toBe('a_b_c_d__');
    expect(safeFileStem('..')).toBe('_..');
    expect(safeFileStem('.hidden')).toBe('_hidden');
  });

  it('makes names unique, also where case does not count', () => {
    expect(uniqueFileStems(['a:b', 'a/b', 'a_b', 'A_B', 'c'])).toEqual(['a_b', 'a_b-2', 'a_b-3', 'A_B-4', 'c']);
  });
});
