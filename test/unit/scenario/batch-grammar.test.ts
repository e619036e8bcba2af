// `batch:` (issue 27): none, auto and {window, size} as axes, one config each with its id; the
// rules (open loop, pipeline:all, a shared client); every wrong value with its field and hint;
// `batch=` selectors and the batching figures in thresholds; the predicted wait to fill.
import { describe, expect, it } from 'vitest';
import { predictedBatchWait } from '../../../lab/contracts/index.ts';
import { expandMatrix, parseScenario } from '../../../lab/scenario/index.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const WORKLOAD = (batch: string, extra = '') => [
  'name: t',
  'workload:',
  '  request: [{command: INCR, key: "c:{r}"}]',
  '  arrival: {rate: 500/s, for: 1s}',
  `  batch: ${batch}`,
  ...(extra === '' ? [] : [extra]),
];

describe('parseScenario: batch', () => {
  it('a window mapping is window x size; none and auto are values; a list is an axis, one config each', () => {
    const scenario = parseScenario(yaml(...WORKLOAD('[none, auto, {window: [1ms, 5ms], size: [16, 64]}]'), 'modes: [pipeline:all]'), 'x.yaml');
    expect(scenario.workloads[0]?.request?.batchers).toStrictEqual([
      { kind: 'none' },
      { kind: 'auto' },
      { kind: 'window', windowMs: 1, size: 16 },
      { kind: 'window', windowMs: 1, size: 64 },
      { kind: 'window', windowMs: 5, size: 16 },
      { kind: 'window', windowMs: 5, size: 64 },
    ]);
    expect(expandMatrix(scenario).map((c) => c.id)).toStrictEqual([
      'pipeline:all@rtt=0ms,rate=500/s,batch=none',
      'pipeline:all@rtt=0ms,rate=500/s,batch=auto',
      'pipeline:all@rtt=0ms,rate=500/s,batch=1ms/16',
      'pipeline:all@rtt=0ms,rate=500/s,batch=1ms/64',
      'pipeline:all@rtt=0ms,rate=500/s,batch=5ms/16',
      'pipeline:all@rtt=0ms,rate=500/s,batch=5ms/64',
    ]);
    expect(expandMatrix(scenario)[3]?.arrival?.batcher).toStrictEqual({ kind: 'window', windowMs: 1, size: 64 });
  });

  it('every wrong value at its own field, with a hint that says what is valid', () => {
    const error = failure(yaml(...WORKLOAD('[sometimes, {window: 1.5ms, size: 0}, {window: 2ms}, {window: 2ms, size: 8, sise: 3}]'), 'modes: [pipeline:all]'));
    expect(lines(error)).toStrictEqual([
      '5:11: workload.batch[0]: expected none, auto or {window: 5ms, size: 64}, got "sometimes"',
      '5:31: workload.batch[1].window: "1.5ms" is not a whole number of milliseconds',
      '5:44: workload.batch[1].size: 0 is out of range; expected a whole number from 1 to 100000',
      '5:48: workload.batch[2].size: required key is missing',
      '5:86: workload.batch[3].sise: unknown key "sise"; did you mean "size"?',
    ]);
    expect(hints(error)[0]).toMatch(/^batch is none \(each request sent on arrival\), auto \(ioredis enableAutoPipelining\) or \{window: 5ms, size: 64\}/);
  });

  it('open loop only, modes pipeline:all only, auto on a shared client only, each batcher once', () => {
    const closed = failure(yaml('name: t', 'workload: {requests: 5, request: [{command: GET, key: "a:{r}"}], batch: auto}', 'modes: [pipeline:all]'));
    expect(lines(closed)).toStrictEqual(['2:66: workload.batch: batch applies to open-loop arrivals only']);
    const modes = failure(yaml(...WORKLOAD('auto'), 'modes: [sync, pipeline:all, auto:4]'));
    expect(lines(modes).map((l) => l.replace(/^\d+:\d+: /, ''))).toStrictEqual([
      'modes[0]: sync: a batched workload sends each request whole into its batch',
      'modes[2]: auto:4: a batched workload sends each request whole into its batch',
    ]);
    expect(hints(modes)[0]).toMatch(/^write modes: \[pipeline:all\]/);
    const pool = failure(yaml(...WORKLOAD('auto', '  clients: {pool: 4}'), 'modes: [pipeline:all]'));
    expect(lines(pool).map((l) => l.replace(/^\d+:\d+: /, ''))).toStrictEqual([
      'workload.batch: batch: auto runs on clients: shared (a pool checks out one connection per request, so auto-pipelining has nothing to batch)',
    ]);
    expect(hints(pool)[0]).toMatch(/batch: \{window: 5ms, size: 64\} on a pool/);
    // A window batcher runs on a pool: each batch checks out a connection.
    const windowPool = parseScenario(yaml(...WORKLOAD('{window: 2ms, size: 8}', '  clients: [shared, {pool: 4}]'), 'modes: [pipeline:all]'), 'x.yaml');
    expect(windowPool.workloads[0]?.request?.clients).toStrictEqual([{ kind: 'shared' }, { kind: 'pool', size: 4 }]);
    const twice = failure(yaml(...WORKLOAD('[{window: 2ms, size: 8}, {window: [1ms, 2ms], size: 8}]'), 'modes: [pipeline:all]'));
    expect(lines(twice).map((l) => l.replace(/^\d+:\d+: /, ''))).toStrictEqual(['workload.batch: batcher 2ms/8 is listed twice']);
  });

  it('batch= selects a batcher the scenario runs; the batching figures are threshold metrics', () => {
    const text = (expect: string) => yaml(...WORKLOAD('[auto, {window: 5ms, size: 64}]'), 'modes: [pipeline:all]', `expect: [${expect}]`);
    const scenario = parseScenario(text('"at batch=5ms/64: batch-wait-ratio < 1.5", "at batch=auto: request p(99) < 20ms", "batch-wait-p(99) < 6ms", "timer-flushes > 0"'), 'x.yaml');
    expect(scenario.expect.map((t) => (t.kind === 'config' ? [t.metric, t.value, t.select.batch ?? null] : []))).toStrictEqual([
      ['batchWaitRatio', 1.5, '5ms/64'],
      ['requestP99Us', 20_000, 'auto'],
      ['batchWaitP99Us', 6000, null],
      ['timerFlushes', 0, null],
    ]);
    const unknown = failure(text('"at batch=2ms/64: batch-wait-mean < 1ms"'));
    expect(hints(unknown)[0]).toBe('valid: batch=auto, batch=5ms/64');
    expect(lines(failure(text('"at batch=soon: batch-wait-mean < 1ms"')))[0]).toMatch(/expected none, auto or <window>\/<size>/);
  });
});

describe('predictedBatchWait', () => {
  const constant = (ratePerSec: number) => ({ ratePerSec, process: 'constant' as const });

  it('the timer: about W/2 when many requests join, W when one does', () => {
    // 1000/s into 10 ms: 11 requests join at 0..10 ms, waits 10..0 ms, mean 5 ms.
    expect(predictedBatchWait({ kind: 'window', windowMs: 10, size: 1000 }, constant(1000), 1)).toStrictEqual({ meanUs: 5000, flushBy: 'timer' });
    // 50/s into 5 ms: one request per batch, it waits the whole window.
    expect(predictedBatchWait({ kind: 'window', windowMs: 5, size: 64 }, constant(50), 1)).toStrictEqual({ meanUs: 5000, flushBy: 'timer' });
  });

  it('the size: (n-1)/2r, about B/2r, with n = B / commands per request', () => {
    // 2000/s, B = 16, one command each: 16 requests over 7.5 ms, mean 3.75 ms (B/2r = 4 ms).
    expect(predictedBatchWait({ kind: 'window', windowMs: 50, size: 16 }, constant(2000), 1)).toStrictEqual({ meanUs: 3750, flushBy: 'size' });
    // Two commands per request: 8 requests fill 16.
    expect(predictedBatchWait({ kind: 'window', windowMs: 50, size: 16 }, constant(2000), 2)?.meanUs).toBe(1750);
  });

  it('nothing predicted for Poisson arrivals, ramps, none and auto', () => {
    expect(predictedBatchWait({ kind: 'window', windowMs: 5, size: 8 }, { ratePerSec: 100, process: 'poisson' }, 1)).toBeNull();
    expect(predictedBatchWait({ kind: 'window', windowMs: 5, size: 8 }, { ...constant(100), ramp: { fromPerSec: 10, toPerSec: 190 } }, 1)).toBeNull();
    expect(predictedBatchWait({ kind: 'auto' }, constant(100), 1)).toBeNull();
    expect(predictedBatchWait({ kind: 'none' }, constant(100), 1)).toBeNull();
  });
});
