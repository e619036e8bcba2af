import { describe, expect, it } from 'vitest';
import { durationIn, parseDuration, type Duration } from '../../../lab/scenario/index.ts';

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
