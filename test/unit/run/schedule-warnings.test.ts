// Open-loop schedule warnings (issue 26): configs whose generator fell behind for the same cause
// share one line with their count and ids; the cause is read from what was measured (a full
// pool, a blocked event loop, both, or neither), so a pool that was the limit is never blamed
// on the client's CPU; identical warnings of several configs collapse to one line.

import { describe, expect, it } from 'vitest';
import { GENERATOR_CEILING, type ConfigResult, type ScheduleHealth } from '../../../lab/contracts/index.ts';
import { resultWarnings } from '../../../lab/run/result-notes.ts';
import { config } from '../metrics/fixtures.ts';

const schedule = (over: Partial<ScheduleHealth> = {}): ScheduleHealth => ({
  offeredPerSec: 800, achievedPerSec: 700, scheduled: 1000, completed: 1000, unfinished: 0, worstLateMs: 0.5, lateStarts: 0,
  eventLoopDelayP99Ms: 1.1, eventLoopDelayMaxMs: 2, generatorBound: false, ...over,
});
const open = (id: string, over: Partial<ScheduleHealth>, clients: ConfigResult['clients'] = 'shared'): ConfigResult => ({
  ...config({ id, rttMs: 10, mode: 'sync', batch: 1 }),
  clients,
  connections: typeof clients === 'object' ? clients.pool : 1,
  schedule: schedule(over),
});
const warningsOf = (configs: ConfigResult[]) => resultWarnings({ calibration: [], configs });

describe('schedule warnings', () => {
  it('puts configs that fell behind for one cause on one line, with their count, figures and ids', () => {
    const blocked = { generatorBound: true, lateStarts: 40, worstLateMs: 12, eventLoopDelayP99Ms: 9 };
    const lines = warningsOf([open('a', blocked), open('b', { ...blocked, lateStarts: 400, worstLateMs: 45 }), open('c', blocked), open('d', {})]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^3 of 4 open-loop configs: the load generator fell behind its schedule \(late starts 40-400 per config, worst 12\.0-45\.0 ms, event-loop delay p99 9\.0 ms\): the client's event loop was blocked .*client's CPU, not Redis, limited these configs.*; configs: a, b, c$/);
  });

  it('blames the pool, not the client, when every pool connection was busy and the event loop was not blocked', () => {
    const [line] = warningsOf([open('pooled', { generatorBound: true, lateStarts: 31, worstLateMs: 6, poolWaited: 900 }, { pool: 8 })]);
    expect(line).toContain('pooled: the load generator fell behind its schedule (31 of 1000 starts late, worst 6.0 ms, event-loop delay p99 1.1 ms; all 8 pool connections were busy for 900 of 1000 requests)');
    expect(line).toContain('the pool was the limit');
    expect(line).not.toContain("client's CPU");
    expect(line).not.toContain('the client, not Redis');
  });

  it('states both limits when the pool was full and the event loop blocked, and neither when neither was measured', () => {
    const [both] = warningsOf([open('p', { generatorBound: true, lateStarts: 31, poolWaited: 900, eventLoopDelayP99Ms: 8 }, { pool: 8 })]);
    expect(both).toContain('two limits were measured: the pool was full');
    expect(both).toContain("the client's event loop was blocked (client CPU); either may have made the starts late");
    const [neither] = warningsOf([open('s', { generatorBound: true, lateStarts: 31 })]);
    expect(neither).toContain('neither a full pool nor a blocked event loop was measured');
  });

  it('collapses identical warnings of several configs into one line naming them', () => {
    const lines = warningsOf([open('x', { unfinished: 3, scheduled: 450 }), open('y', { unfinished: 3, scheduled: 450 }), open('z', { unfinished: 5, scheduled: 450 })]);
    expect(lines).toEqual([
      '3 of 450 scheduled requests had not finished at the deadline (counted, not in any latency figure) (2 configs: x, y)',
      'z: 5 of 450 scheduled requests had not finished at the deadline (counted, not in any latency figure)',
    ]);
  });

  it('warns when the run\'s own start-lateness p99 reached the ceiling\'s 1 ms without falling behind, one line for several configs', () => {
    const near = { lateP99Ms: 1.3, lateStarts: 4 };
    const [one] = warningsOf([open('near', near), open('fine', { lateP99Ms: 0.2 }), open('old', {})]);
    expect(one).toMatch(/^near: the load generator neared its ceiling \(start lateness p99 1\.30 ms at 800\/s offered; 4 of 1000 starts over 2 ms late\): 1 % of the requests started at least 1 ms after their intended start/);
    expect(one).toContain('on this machine, at its load during the run');
    const lines = warningsOf([open('a', near), open('b', { lateP99Ms: 2.5, lateStarts: 9, offeredPerSec: 1600 }), open('c', { lateP99Ms: 0.99 })]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^2 of 3 open-loop configs: the load generator neared its ceiling \(start lateness p99 1\.30-2\.50 ms at 800-1600\/s offered; starts over 2 ms late 4-9 per config, under 1 % each\).*; configs: a, b$/);
  });

  it('does not say a config neared the ceiling when it fell behind (that line says more) or when its lateness p99 was under 1 ms', () => {
    const lines = warningsOf([open('behind', { generatorBound: true, lateStarts: 40, lateP99Ms: 9 }), open('under', { lateP99Ms: 0.999 })]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('behind: the load generator fell behind its schedule');
    expect(lines.join('\n')).not.toContain('neared its ceiling');
  });

  it('quotes the bench\'s ceiling only as measured on its own machine, never as this run\'s', () => {
    const [line] = warningsOf([open('near', { lateP99Ms: 1.3 })]);
    if (GENERATOR_CEILING.perSec === null) expect(line).not.toContain('npm run bench` measured');
    else expect(line).toContain(`measured the ceiling at ${GENERATOR_CEILING.perSec} requests/s (one GET per request, one shared connection, rtt 0) on ${GENERATOR_CEILING.on}, not on this run's machine`);
  });
});
