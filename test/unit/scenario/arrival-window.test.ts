// `arrival.window` (issue 26): the width of the windows an open-loop run is recorded in; default
// 1 s, whole milliseconds from 100 ms to 60 s, carried to every config of the rate axis.

import { describe, expect, it } from 'vitest';
import { WINDOW_LIMITS } from '../../../lab/contracts/index.ts';
import { expandMatrix, parseScenario } from '../../../lab/scenario/index.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const scenario = (arrival: string): string =>
  yaml('name: t', 'workload:', '  label: api', '  requests: 1', '  request: [{command: INCR, key: hits}]', `  arrival: ${arrival}`, 'modes: [sync]');

describe('arrival.window', () => {
  it('defaults to 1 s and reaches every config of the rate axis', () => {
    expect(parseScenario(scenario('{rate: 100/s, for: 1s}'), 'x.yaml').workloads[0]?.request?.arrival?.windowMs).toBe(WINDOW_LIMITS.defaultMs);
    const cells = expandMatrix(parseScenario(scenario('{rate: [100/s, 50/s..200/s], for: 2s, window: 250ms}'), 'x.yaml'));
    expect(cells.map((c) => c.arrival?.windowMs)).toEqual([250, 250]);
  });

  it('refuses a window out of range, not whole, or without a unit, naming the field and the range', () => {
    const short = failure(scenario('{rate: 100/s, for: 1s, window: 50ms}'));
    expect(lines(short).join('\n')).toMatch(/arrival\.window: "50ms" is out of range/);
    expect(hints(short).join('\n')).toContain('window must be from 100ms to 60000ms');
    expect(lines(failure(scenario('{rate: 100/s, for: 1s, window: 100.5ms}'))).join('\n')).toMatch(/arrival\.window: "100\.5ms" is not a whole number of milliseconds/);
    expect(lines(failure(scenario('{rate: 100/s, for: 1s, window: 500}'))).join('\n')).toMatch(/arrival\.window: 500 has no unit/);
  });
});
