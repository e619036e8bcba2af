import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from '../../../lab/errors/index.ts';

const timeoutError = (what: string, ms: number) => new Error(`${what} timed out after ${ms} ms`);

describe('withTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes a value through and clears its timer', async () => {
    vi.useFakeTimers();
    const pending = withTimeout('answer', 1_000, async () => 42, timeoutError);
    await expect(pending).resolves.toBe(42);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a failure through and clears its timer', async () => {
    vi.useFakeTimers();
    const cause = new Error('refused');
    await expect(withTimeout('fail', 1_000, async () => Promise.reject(cause), timeoutError)).rejects.toBe(cause);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timer when the work throws before returning a promise', async () => {
    vi.useFakeTimers();
    const work = (): Promise<never> => {
      throw new Error('sync');
    };
    await expect(withTimeout('sync', 1_000, work, timeoutError)).rejects.toThrow('sync');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with the made error after the bound and aborts the signal with it', async () => {
    let seen: AbortSignal | undefined;
    const error = await withTimeout(
      'GET /never',
      20,
      (signal) => {
        seen = signal;
        return new Promise<never>(() => undefined);
      },
      timeoutError,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'GET /never timed out after 20 ms' });
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe(error);
  });

  it('lets abortable work stop for real', async () => {
    const stopped = vi.fn();
    const work = (signal: AbortSignal) =>
      new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => {
          stopped();
          reject(signal.reason);
        });
      });
    await expect(withTimeout('abortable', 10, work, timeoutError)).rejects.toThrow('abortable timed out after 10 ms');
    expect(stopped).toHaveBeenCalledOnce();
  });
});
