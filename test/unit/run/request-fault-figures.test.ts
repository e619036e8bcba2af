import { describe, expect, it } from 'vitest';
import { requestFigures } from '../../../lab/run/request-fault-figures.ts';
import { REQUEST_STATUS, type RequestTimes } from '../../../lab/workload/index.ts';

// Five requests, ms after the run's start: [intended, start, send, end, status].
const timesOf = (rows: [number, number, number, number, number][], kinds: [number, string][] = []): RequestTimes => ({
  intendedMs: Float64Array.from(rows, (r) => r[0]),
  startMs: Float64Array.from(rows, (r) => r[1]),
  sendMs: Float64Array.from(rows, (r) => r[2]),
  endMs: Float64Array.from(rows, (r) => r[3]),
  status: Uint8Array.from(rows, (r) => r[4]),
  errorKindOf: new Map(kinds),
});

const { completed, failed, unfinished, notStarted } = REQUEST_STATUS;
const times = timesOf(
  [
    [0, 0, 0, 10, completed], // before the fault
    [90, 90, 95, 130, failed], // spans the fault's start (100)
    [150, 150, 160, 400, completed], // inside the fault: 250 ms from intended, 240 from send
    [300, 310, 320, Number.NaN, unfinished], // started after the heal (200): not around it
    [Number.NaN, Number.NaN, Number.NaN, Number.NaN, notStarted],
  ],
  [[1, 'ECONNRESET']],
);
const timeline = { faultOnMs: 100, closedMs: 120, healedMs: 200, endMs: 500 };

describe('requestFigures', () => {
  it('counts by outcome, failures by kind, latency of completed requests from the intended start (open loop)', () => {
    const r = requestFigures(times, { ok: 3, failed: 1 }, true, timeline);
    expect([r.loop, r.scheduled, r.sent, r.completed, r.failed, r.unfinished]).toEqual(['open', 5, 4, 2, 1, 1]);
    expect(r.failedByKind).toEqual({ ECONNRESET: 1 });
    expect(r.latencyUs?.count).toBe(2);
    expect(r.latencyUs?.max).toBeGreaterThanOrEqual(249_000);
    expect(r.latencyUs?.max).toBeLessThanOrEqual(251_000);
    expect(r.serviceLatencyUs?.max).toBeLessThanOrEqual(241_000);
  });

  it('around the fault: the requests whose span overlapped on..healed', () => {
    const r = requestFigures(times, { ok: 3, failed: 1 }, true, timeline);
    expect(r.aroundFault && { ...r.aroundFault, latencyUs: r.aroundFault.latencyUs?.count }).toEqual({ sent: 2, completed: 1, failed: 1, unfinished: 0, latencyUs: 1 });
  });

  it('closed loop: from the start, no service latency; a fault that never went on: no around-fault figures', () => {
    const r = requestFigures(times, { ok: 3, failed: 1 }, false, { faultOnMs: null, closedMs: null, healedMs: null, endMs: 500 });
    expect(r.serviceLatencyUs).toBeNull();
    expect(r.aroundFault).toBeNull();
    expect(r.loop).toBe('closed');
  });
});
