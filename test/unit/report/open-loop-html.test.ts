// The HTML report's Open loop section (issue 26) on hand-built open-loop configs: constant rates
// make one point each against offered rate, with the knee across configs ringed; the captions
// say open loop and the rate, never closed loop; windows draw over time; a crafted value is a gap.

import { describe, expect, it } from 'vitest';
import type { ConfigResult, LabResult, LatencyWindow, ScheduleHealth } from '../../../lab/contracts/index.ts';
import { chartsOf } from '../../../lab/report/html/charts.ts';
import { renderHtmlReport } from '../../../lab/report/html/report.ts';
import { labResult } from './lab-result.fixture.ts';

const base = labResult.configs[0] as ConfigResult;
const summary = (p50: number, p99: number) => ({ p50, p90: p99, p99, p999: p99, max: p99, count: 300, hdr: null });
const schedule = (offeredPerSec: number, achievedPerSec: number): ScheduleHealth => ({
  offeredPerSec, achievedPerSec, scheduled: offeredPerSec * 2, completed: offeredPerSec * 2, unfinished: 0, worstLateMs: 0.8, lateStarts: 0,
  eventLoopDelayP99Ms: 1.2, eventLoopDelayMaxMs: 3.4, generatorBound: false,
});
const window = (startMs: number, requestP99Us: number): LatencyWindow => ({
  startMs, offeredPerSec: 50, achievedPerSec: 50, requests: 50, lateStarts: 0, requestP50Us: 10_000, requestP99Us, serviceP50Us: 10_000, serviceP99Us: 11_000, maxUs: requestP99Us,
});
const open = (rate: number, achieved: number, requestP99Us: number): ConfigResult => ({
  ...base, id: `sync@rtt=10ms,rate=${rate}/s`, mode: 'sync', batch: 1, batchLabel: '1', rttMs: 10, link: 'proxied',
  requests: rate * 2, waitsPerRequest: 1, requestLatencyUs: summary(10_500, requestP99Us), serviceLatencyUs: summary(10_400, 12_000),
  schedule: schedule(rate, achieved), windowMs: 1000, windows: [window(0, requestP99Us), window(1000, requestP99Us)],
  saturation: achieved < rate * 0.8 ? { saturated: true, reason: 'achieved short' } : { saturated: false, reason: 'kept up' },
});
const result: LabResult = { ...labResult, configs: [open(30, 30, 13_000), open(90, 89, 14_000), open(150, 92, 900_000), open(200, 93, 2_000_000)], reconcile: [] };

describe('HTML open-loop section', () => {
  it('draws request and service latency against offered rate, one point per config, with the knee ringed where achieved fell short', () => {
    const charts = chartsOf(result);
    const latency = charts.find((c) => c.id === 'openloop-g0-latency');
    expect(latency?.x).toEqual([30, 90, 150, 200]);
    expect(latency?.series.find((s) => s.label.startsWith('request p99'))?.values).toEqual([13, 14, 900, 2000]);
    const knee = latency?.series.find((s) => s.style === 'marker');
    expect(knee?.values).toEqual([null, null, 900, null]);
    expect(latency?.caption).toMatch(/Knee \(ringed\) at 150\/s offered/);
    expect(charts.find((c) => c.id === 'openloop-g0-rate')?.series[0]?.values).toEqual([30, 89, 92, 93]);
  });

  it('draws each config over time from its windows, and says open loop, the rate and the window in its captions', () => {
    const charts = chartsOf(result);
    const overTime = charts.find((c) => c.id === 'openloop-c2-time-latency');
    expect(overTime?.x).toEqual([0, 1]);
    expect(overTime?.caption).toMatch(/^Open loop at 150\/s, windows of 1000 ms/);
    const captions = charts.map((c) => c.caption);
    expect(captions.filter((c) => /closed loop/i.test(c))).toEqual([]);
    const page = renderHtmlReport([result]);
    expect(page).toContain('<h2>Open loop</h2>');
    expect(page).toContain('SATURATED');
    expect(page).toContain('2 windows of 1000 ms');
  });

  it('still says closed loop on a closed-loop run, and draws no open-loop section there', () => {
    const page = renderHtmlReport([labResult]);
    expect(page).toMatch(/Closed loop: a pipelined command/);
    expect(page).not.toContain('<h2>Open loop</h2>');
  });

  it('draws a crafted window value as a gap, never as text', () => {
    const crafted = open(30, 30, 13_000);
    const windows = [{ ...window(0, 13_000), requestP99Us: '<b>' as unknown as number }, window(1000, 13_000)];
    const charts = chartsOf({ ...result, configs: [{ ...crafted, windows }] });
    expect(charts.find((c) => c.id === 'openloop-c0-time-latency')?.series[1]?.values).toEqual([null, 13]);
    expect(renderHtmlReport([{ ...result, configs: [{ ...crafted, windows }] }])).not.toContain('<b>');
  });
});
