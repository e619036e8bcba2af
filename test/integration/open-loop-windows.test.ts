// Percentiles over time on a real open-loop ramp (issue 26): one pooled connection through a 10 ms
// link carries about 1/rtt requests per second, so a ramp from 20/s to 160/s passes its capacity
// part-way. The windows must account for every request, the knee must sit near the capacity the
// same run measured (1 / its service p50), and the HTML must show the open-loop section without
// calling the run closed loop. Bounds are ratios within this run.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type StartedRuntime } from '../../lab/index.ts';
import { renderHtmlReport, renderTable } from '../../lab/report/index.ts';
import { inlineScenario } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('open-loop windows', () => {
  it('a ramp past one connection\'s capacity: windows add up, the knee is near 1/service p50, the HTML has the open-loop section', async () => {
    const result = await runScenario(
      inlineScenario(`
name: ramp-windows
workload:
  label: incr
  requests: 1
  request: [{command: INCR, key: hits}]
  arrival: {rate: 20/s..160/s, for: 4s, window: 500ms}
  clients: {pool: 1}
modes: [sync]
network: {rtt: 10ms}
warmup: 0
repeat: 1
`),
      { runtime },
    );
    const config = result.configs[0];
    expect(config?.runs.map((r) => r.failure ?? 'ok')).toEqual(['ok']);
    if (config === undefined) return;
    expect(config.windowMs).toBe(500);
    const windows = config.windows ?? [];
    // 4 s of schedule in 500 ms windows, and the drain after it.
    expect(windows.length).toBeGreaterThanOrEqual(8);
    expect(windows.map((w) => w.startMs)).toEqual(windows.map((_, k) => k * 500));
    const requests = windows.reduce((sum, w) => sum + w.requests, 0);
    expect(requests).toBe(config.requests);
    expect(requests).toBe(config.requestLatencyUs?.count);
    // The offered rate rises along the ramp: the last full window offers several times the first.
    expect((windows[7]?.offeredPerSec ?? 0) / (windows[0]?.offeredPerSec ?? 1)).toBeGreaterThan(3);
    // Queueing shows late in the ramp and not early: request p99 far above service p99 at the end.
    const last = windows[7];
    expect((last?.requestP99Us ?? 0) / (last?.serviceP99Us ?? 1)).toBeGreaterThan(3);
    expect((windows[0]?.requestP99Us ?? 0) / (windows[0]?.serviceP99Us ?? 1)).toBeLessThan(2);
    // The knee sits near what one connection carries: 1 / the service p50 measured in this run.
    const capacityPerSec = 1e6 / (config.serviceLatencyUs?.p50 ?? Number.NaN);
    const kneePerSec = config.knee?.offeredPerSec ?? Number.NaN;
    expect(kneePerSec / capacityPerSec, config.knee?.reason).toBeGreaterThan(0.5);
    expect(kneePerSec / capacityPerSec, config.knee?.reason).toBeLessThan(1.5);
    expect(config.saturation?.saturated).toBe(true);

    const page = renderHtmlReport([result]);
    expect(page).toContain('<h2>Open loop</h2>');
    expect(page).toContain('Percentiles over time: sync@rtt=10ms,rate=20/s..160/s');
    expect(page).toContain('Request and service latency against offered rate');
    expect(page).toContain('SATURATED');
    const captions = [...page.matchAll(/<p class="caption">([^<]*)<\/p>/g)].map((m) => m[1] ?? '');
    expect(captions.some((c) => c.includes('Open loop at 20/s..160/s (a ramp)'))).toBe(true);
    expect(captions.filter((c) => /closed.loop/i.test(c))).toEqual([]);
    const table = renderTable(result, { color: false, width: 200 });
    expect(table).toMatch(/knee at \d+(\.\d)?\/s offered/);
    expect(table).toContain('SATURATED');
  });
});
