// The bystander's open loop: a GET due while the process stood still is sent when it can be
// and timed from when it was due, so the stall is in its latency in full; errors are counted,
// never timed.
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { startGetLoop } from '../../../lab/workload/bystander/loop.ts';

const client = (reply: () => Promise<string | null>) => ({ get: reply }) as unknown as Redis;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bystander loop', () => {
  it('times a GET from when it was due: a stall of the event loop is in its latency', async () => {
    const loop = startGetLoop(client(() => Promise.resolve(null)), 1000, 'k');
    await sleep(20);
    const blockStart = performance.now();
    while (performance.now() - blockStart < 60) {
      // the event loop stands still, as while a batch is built or its replies parsed
    }
    const blockedUs = (performance.now() - blockStart) * 1000;
    await sleep(20);
    const span = await loop.stop();
    expect(span.errors).toBe(0);
    expect(span.latenciesUs.length).toBe(span.sent);
    // Every GET due during the stall went out after it: about blockedUs x rate of them.
    expect(span.latenciesUs.filter((us) => us > blockedUs / 2).length).toBeGreaterThan((blockedUs / 1000) * 0.3);
    expect(Math.max(...span.latenciesUs)).toBeGreaterThan(blockedUs * 0.8);
  });

  it('counts failed GETs and GETs with no reply in time as errors, never as latencies', async () => {
    let n = 0;
    const loop = startGetLoop(client(() => (n++ % 2 === 0 ? Promise.reject(new Error('LOADING')) : new Promise(() => undefined))), 500, 'k', 50);
    await sleep(30);
    const span = await loop.stop();
    expect(span.sent).toBeGreaterThan(2);
    expect(span.latenciesUs).toEqual([]);
    expect(span.errors).toBe(span.sent);
    expect(span.firstError).toBe('LOADING');
  });
});
