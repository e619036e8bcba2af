// The requests block and the schedule warnings: shown only for request configs, n/a where a
// figure was not measured, and a generator that fell behind is said in words.

import { describe, expect, it } from 'vitest';
import type { ConfigResult, ScheduleHealth } from '../../../lab/contracts/index.ts';
import { renderRequests } from '../../../lab/report/requests-block.ts';
import { resultWarnings } from '../../../lab/run/result-notes.ts';
import { labResult } from './lab-result.fixture.ts';

const base = labResult.configs[0] as ConfigResult;
const summary = (p50: number, p99: number) => ({ p50, p90: p99, p99, p999: p99, max: p99, count: 450, hdr: '' });
const schedule = (over: Partial<ScheduleHealth> = {}): ScheduleHealth => ({
  offeredPerSec: 150, achievedPerSec: 92.4, scheduled: 450, completed: 450, unfinished: 0, worstLateMs: 0.8, lateStarts: 0,
  eventLoopDelayP99Ms: 1.2, eventLoopDelayMaxMs: 3.4, generatorBound: false, ...over,
});
const open: ConfigResult = {
  ...base, id: 'sync@rtt=10ms,rate=150/s', mode: 'sync', batch: 1, batchLabel: '1', rttMs: 10,
  requests: 450, waitsPerRequest: 1, requestLatencyUs: summary(1_200_000, 2_300_000), serviceLatencyUs: summary(10_600, 11_900), schedule: schedule(),
};
const closed: ConfigResult = { ...base, id: 'sync@rtt=10ms', mode: 'sync', batch: 1, batchLabel: '1', rttMs: 10, requests: 100, waitsPerRequest: 4, requestLatencyUs: summary(42_000, 45_000) };

describe('requests block', () => {
  it('is empty without request configs', () => {
    expect(renderRequests([base], false, 200)).toEqual([]);
  });

  it('shows request and service latency, offered against achieved, and n/a where not measured', () => {
    const text = renderRequests([open, closed], false, 200).join('\n');
    expect(text).toContain('Requests');
    expect(text).toMatch(/2\.30 s|2300 ms|2\.3 s/);
    expect(text).toContain('92.4');
    expect(text).toContain('n/a');
  });

  it('warns when the generator fell behind or requests were unfinished', () => {
    const behind = { ...open, schedule: schedule({ generatorBound: true, lateStarts: 40, worstLateMs: 35, unfinished: 3 }) };
    const warnings = resultWarnings({ calibration: [], configs: [behind] }).join('\n');
    expect(warnings).toContain('the load generator fell behind its schedule (40 of 450 starts late, worst 35.0 ms');
    expect(warnings).toContain('3 of 450 scheduled requests had not finished at the deadline');
    expect(resultWarnings({ calibration: [], configs: [open] }).join('\n')).not.toContain('fell behind');
  });
});
