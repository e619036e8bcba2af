// The ordering behind useLab, with a hand-built runtime standing in for a real one (the real
// start and stop are covered by test/integration/example-suite.test.ts).
import { Proxy, Toxiproxy } from 'toxiproxy-node-client';
import { describe, expect, it } from 'vitest';
import type { StartedRuntime } from '../../../lab/index.ts';
import { labLifecycle } from '../../../lab/vitest/lifecycle.ts';

// A runtime that counts its stops; `problems` is what its stop reports.
const fakeRuntime = (problems: string[] = []) => {
  const calls = { stops: 0 };
  const client = new Toxiproxy('http://127.0.0.1:3');
  // Only what the lifecycle reads; the rest of the shape is never touched.
  const runtime = {
    kind: 'local',
    redisDirect: { host: '127.0.0.1', port: 1 },
    proxied: { host: '127.0.0.1', port: 2 },
    toxiproxyApiUrl: 'http://127.0.0.1:3',
    proxyName: 'redis',
    toxiproxy: { client, proxy: new Proxy(client, { name: 'redis', listen: '127.0.0.1:2', upstream: '127.0.0.1:1', enabled: true, toxics: [] }) },
    resources: { pids: [], containers: [], networks: [] },
    lost: new AbortController().signal,
    checkParts: async () => undefined,
    stop: async () => {
      calls.stops += 1;
      return { problems };
    },
  } as unknown as StartedRuntime;
  return { runtime, calls };
};

// A promise settled from outside, to hold a start or a run mid-way.
const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('labLifecycle', () => {
  it('hands out the runtime between start and stop, and stops it once', async () => {
    const { runtime, calls } = fakeRuntime(['container x: removal retried']);
    const life = labLifecycle('local', async () => runtime);
    expect(() => life.current()).toThrow(expect.objectContaining({ code: 'E_USAGE', message: expect.stringContaining('not started yet') }));
    await life.start();
    expect(life.current()).toBe(runtime);
    expect(await life.stop()).toEqual({ problems: ['container x: removal retried'] });
    expect(calls.stops).toBe(1);
    expect(() => life.current()).toThrow('already stopped');
    await expect(life.start()).rejects.toMatchObject({ code: 'E_USAGE' });
  });

  it('reports a failed start from current() and has nothing to stop', async () => {
    const life = labLifecycle('containers', async () => {
      throw new Error('no docker');
    });
    await expect(life.start()).rejects.toThrow('no docker');
    expect(() => life.current()).toThrow(expect.objectContaining({ code: 'E_RUNTIME_START', cause: new Error('no docker') }));
    expect(await life.stop()).toBeUndefined();
  });

  it('aborts a start still going at stop, and stops the runtime if it arrives anyway', async () => {
    const { runtime, calls } = fakeRuntime();
    const started = deferred<StartedRuntime>();
    let startSignal: AbortSignal | undefined;
    const life = labLifecycle('containers', (signal) => ((startSignal = signal), started.promise));
    const starting = life.start(); // a beforeAll that timed out: nobody awaits it
    const stopping = life.stop();
    expect(startSignal?.aborted).toBe(true);
    started.resolve(runtime);
    expect(await stopping).toEqual({ problems: [] });
    await starting;
    expect(calls.stops).toBe(1);
    expect(() => life.current()).toThrow('already stopped');
  });

  it('aborts runs still in flight and waits for them before stopping', async () => {
    const { runtime, calls } = fakeRuntime();
    const life = labLifecycle('local', async () => runtime);
    await life.start();
    const running = deferred<string>();
    const order: string[] = [];
    life.signal.addEventListener('abort', () => {
      order.push('aborted');
      setTimeout(() => {
        order.push(`run ended, stops so far ${calls.stops}`);
        running.reject(new Error('interrupted'));
      }, 10);
    });
    const tracked = life.track(running.promise);
    await life.stop();
    order.push(`stopped ${calls.stops}`);
    await expect(tracked).rejects.toThrow('interrupted');
    expect(order).toEqual(['aborted', 'run ended, stops so far 0', 'stopped 1']);
  });

  it('passes a run result through track', async () => {
    const life = labLifecycle('local', async () => fakeRuntime().runtime);
    expect(await life.track(Promise.resolve(42))).toBe(42);
  });
});
