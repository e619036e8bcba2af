// `arrival: {slo: ...}` (issue 26): an objective as a threshold without a scope, or a mapping with
// the search's limits; one constant first rate and `for` are required; `max-rate >= 400/s` bounds it.

import { describe, expect, it } from 'vitest';
import { expandMatrix, parseScenario } from '../../../lab/scenario/index.ts';
import { failure, lines, yaml } from './helpers.ts';

const scenario = (arrival: string, ...rest: string[]): string =>
  yaml('name: t', 'workload:', '  label: api', '  request: [{command: INCR, key: hits}]', `  arrival: ${arrival}`, '  clients: [{pool: 1}, {pool: 8}]', 'modes: [sync]', ...rest);

describe('arrival.slo', () => {
  it('reads an objective with defaults, or a mapping with within, probes and up-to, onto every clients config', () => {
    const s = parseScenario(scenario('{rate: 20/s, for: 2s, slo: "request p(99) < 50ms"}', 'expect: ["at clients=pool:8: max-rate >= 400/s"]'), 'x.yaml');
    expect(s.workloads[0]?.request?.arrival?.slo).toEqual({ objective: 'request p(99) < 50ms', metric: 'requestP99Us', op: '<', value: 50_000, writtenUnit: 'ms', within: 0.05, maxProbes: 16, maxPerSec: 1_000_000 });
    expect(s.expect[0]).toMatchObject({ metric: 'maxRatePerSec', op: '>=', value: 400 });
    const cells = expandMatrix(s);
    expect(cells.map((c) => [c.id, c.arrival?.slo?.metric, c.arrival?.requests])).toEqual([
      ['sync@rtt=0ms,rate=search,clients=pool:1', 'requestP99Us', 40],
      ['sync@rtt=0ms,rate=search,clients=pool:8', 'requestP99Us', 40],
    ]);
    const full = parseScenario(scenario('{rate: 20/s, for: 2s, slo: {objective: "saturated == 0", within: 3%, probes: 10, up-to: 900/s}}'), 'x.yaml');
    expect(full.workloads[0]?.request?.arrival?.slo).toEqual({ objective: 'saturated == 0', metric: 'saturated', op: '==', value: 0, within: 0.03, maxProbes: 10, maxPerSec: 900 });
  });

  it('refuses a ramp or a rate axis, a missing for, a scoped or unknown objective, the rate itself as objective, and bad limits', () => {
    expect(lines(failure(scenario('{rate: [20/s, 40/s], for: 2s, slo: "request p(99) < 50ms"}'))).join('\n')).toMatch(/arrival\.rate: a rate search starts from one constant rate/);
    expect(lines(failure(scenario('{rate: 20/s..40/s, for: 2s, slo: "request p(99) < 50ms"}'))).join('\n')).toMatch(/one constant rate/);
    expect(lines(failure(scenario('{rate: 20/s, slo: "request p(99) < 50ms"}'))).join('\n')).toMatch(/a rate search needs for/);
    expect(lines(failure(scenario('{rate: 20/s, for: 2s, slo: "sync: request p(99) < 50ms"}'))).join('\n')).toMatch(/it selects nothing/);
    expect(lines(failure(scenario('{rate: 20/s, for: 2s, slo: "request p(98) < 50ms"}'))).join('\n')).toMatch(/unknown metric/);
    expect(lines(failure(scenario('{rate: 20/s, for: 2s, slo: "offered/s > 5"}'))).join('\n')).toMatch(/cannot be the objective/);
    const bad = lines(failure(scenario('{rate: 20/s, for: 2s, slo: {objective: "request p(99) < 50ms", within: 0.05, probes: 1, up-to: fast, budget: 3}}'))).join('\n');
    expect(bad).toMatch(/slo\.within: expected a percentage like 5%/);
    expect(bad).toMatch(/slo\.probes: 1 is out of range/);
    expect(bad).toMatch(/slo\.up-to: expected a rate like 5000\/s/);
    expect(bad).toMatch(/unknown key "budget"/);
  });
});
