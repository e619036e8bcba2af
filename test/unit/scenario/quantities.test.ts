// Quantities as scenario text writes them (lab/scenario/quantities.ts): durations, sizes and
// rates, parsed exactly and written back in the largest exact unit.
import { describe, expect, it } from 'vitest';
import { durationIn, formatBandwidth, formatRate, formatSize, formatValueSize, parseDuration, parseRate, parseSize, type Duration } from '../../../lab/scenario/index.ts';

// The parsed duration, or a failed assertion naming the problem.
const parsed = (text: string): Duration => {
  const result = parseDuration(text);
  if (!result.ok) throw new Error(result.problem);
  return result.duration;
};

describe('parseDuration', () => {
  it.each([
    ['10ms', 'ms', 10, true],
    ['0.5s', 'ms', 500, true],
    ['1.005s', 'ms', 1005, true],
    ['1500us', 'ms', 1.5, false],
    ['.25ms', 'us', 250, true],
    ['0.0001ms', 'us', 0.1, false],
    ['2s', 'us', 2_000_000, true],
    ['-5ms', 'ms', -5, true],
  ] as const)('%s in %s is %d (whole: %s)', (text, unit, value, whole) => {
    expect(durationIn(parsed(text), unit)).toStrictEqual({ value, whole });
  });

  it('treats digits far past double precision exactly', () => {
    expect(durationIn(parsed('1.0000000000000000001ms'), 'ms').whole).toBe(false);
  });

  it.each([
    [10, '10 has no unit', 'durations carry a unit: write 10ms (or us, s)'],
    ['10', '"10" has no unit', 'durations carry a unit: write 10ms (or us, s)'],
    ['10MS', '"10MS": units are lowercase', 'write 10ms'],
    ['10 ms', '"10 ms" has a space before its unit', 'write 10ms'],
    ['10µs', '"10µs": write microseconds as us', 'write 10us'],
    ['10min', '"10min" has an unknown unit "min"', 'a duration is a number and a unit: us, ms or s (for example 250us, 10ms, 0.5s)'],
    ['fast', '"fast" is not a duration', 'a duration is a number and a unit: us, ms or s (for example 250us, 10ms, 0.5s)'],
  ] as const)('rejects %j', (input, problem, hint) => {
    expect(parseDuration(input)).toStrictEqual({ ok: false, problem, hint });
  });
});

describe('parseSize', () => {
  it.each([
    ['16B', 16],
    ['0B', 0],
    ['1KB', 1000],
    ['1KiB', 1024],
    ['1.5KB', 1500],
    ['0.5KiB', 512],
    ['.25MiB', 262_144],
    ['2MB', 2_000_000],
    ['1.000001MB', 1_000_001],
  ])('%s is %d bytes', (text, bytes) => {
    expect(parseSize(text)).toStrictEqual({ ok: true, bytes });
  });

  it.each([
    [16, '16 has no unit', 'sizes carry a unit: write 16B (or KB, KiB, MB, MiB)'],
    ['16', '"16" has no unit', 'sizes carry a unit: write 16B (or KB, KiB, MB, MiB)'],
    ['1.5B', '"1.5B" is not a whole number of bytes', 'use 1B or 2B'],
    ['1.0001KiB', '"1.0001KiB" (1024.1024B) is not a whole number of bytes', 'use 1024B or 1025B'],
    ['16 KB', '"16 KB" has a space before its unit', 'write 16KB'],
    ['2k', '"2k": the unit "k" is not one the lab reads', 'write 2KB (1000 bytes) or 2KiB (1024 bytes)'],
    ['4mib', '"4mib": the unit "mib" is not one the lab reads', 'write 4MiB'],
    ['1TB', '"1TB": the unit "TB" is not one the lab reads', 'sizes go up to MB and MiB; values are at most 256MiB'],
    ['5 bytes', '"5 bytes": the unit "bytes" is not one the lab reads', 'write 5B'],
    ['5bytes', '"5bytes": the unit "bytes" is not one the lab reads', 'write 5B'],
    ['3furlongs', '"3furlongs" has an unknown unit "furlongs"', 'a size is a number and a unit: B, KB, MB (1000-based) or KiB, MiB (1024-based), e.g. 16B, 1KB, 4KiB'],
    ['big', '"big" is not a size', 'a size is a number and a unit: B, KB, MB (1000-based) or KiB, MiB (1024-based), e.g. 16B, 1KB, 4KiB'],
  ] as const)('rejects %j', (input, problem, hint) => {
    expect(parseSize(input)).toStrictEqual({ ok: false, problem, hint });
  });

  it('writes sizes back in the largest exact unit, so distinct sizes read differently', () => {
    expect([0, 16, 1000, 1024, 1500, 4096, 1_000_000, 1_048_576, 1_024_000].map(formatSize)).toStrictEqual([
      '0B',
      '16B',
      '1KB',
      '1KiB',
      '1500B',
      '4KiB',
      '1MB',
      '1MiB',
      '1000KiB',
    ]);
    for (const bytes of [1, 999, 1000, 1023, 1024, 2048, 1_000_000, 3_145_728]) {
      const written = parseSize(formatSize(bytes));
      expect(written).toStrictEqual({ ok: true, bytes });
    }
    expect(formatValueSize({ minBytes: 16, maxBytes: 1024 })).toBe('16B..1KiB');
  });
});

describe('parseRate', () => {
  it.each([
    ['unlimited', null],
    ['1KB/s', 1],
    ['1MB/s', 1000],
    ['125KiB/s', 128],
    ['2000B/s', 2],
    ['0.5MB/s', 500],
    ['1MiB/s', undefined],
  ])('%s', (text, kbps) => {
    const parsed = parseRate(text);
    if (kbps === undefined) expect(parsed.ok).toBe(false);
    else expect(parsed).toStrictEqual({ ok: true, kbps });
  });

  it('says why 1MiB/s cannot be honoured and what would be', () => {
    expect(parseRate('1MiB/s')).toStrictEqual({
      ok: false,
      problem: '"1MiB/s" is 1048.576KB/s, not a whole number of KB/s',
      hint: "Toxiproxy's bandwidth toxic takes whole KB/s (1KB = 1000 bytes): use 1048KB/s or 1049KB/s",
    });
    expect(parseRate('500B/s')).toMatchObject({ ok: false, hint: "Toxiproxy's bandwidth toxic takes whole KB/s (1KB = 1000 bytes): use 1KB/s" });
    expect(parseRate('20GB/s')).toMatchObject({ ok: false, problem: '"20GB/s" has an unknown unit "GB/s"' });
    expect(parseRate('20000MB/s')).toMatchObject({ ok: false, problem: '"20000MB/s" is out of range' });
    expect(parseRate('1 MBps')).toStrictEqual({ ok: false, problem: '"1 MBps" has a space before its unit', hint: 'write 1MB/s' });
  });

  it('writes rates and bandwidths the way ids and reports show them', () => {
    expect([null, 1, 999, 1000, 1500, 25_000].map(formatRate)).toStrictEqual(['unlimited', '1KB/s', '999KB/s', '1MB/s', '1500KB/s', '25MB/s']);
    expect(formatBandwidth({ upKBps: 1000, downKBps: 1000 })).toBe('1MB/s');
    expect(formatBandwidth({ upKBps: 100, downKBps: null })).toBe('up:100KB/s/down:unlimited');
  });
});
