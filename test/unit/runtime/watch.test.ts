import { describe, expect, it } from 'vitest';
import { isLabError } from '../../../lab/errors/index.ts';
import { howExited, watchParts } from '../../../lab/runtime/watch.ts';

describe('watchParts', () => {
  it('fires lost with an E_RUNTIME_DIED LabError naming the part and how it ended', () => {
    const watch = watchParts();
    expect(watch.lost.aborted).toBe(false);
    watch.exited('the Toxiproxy container', 'exit code 137');
    expect(watch.lost.aborted).toBe(true);
    const reason: unknown = watch.lost.reason;
    expect(isLabError(reason)).toBe(true);
    expect(reason).toMatchObject({ code: 'E_RUNTIME_DIED', message: 'the Toxiproxy container exited mid-run (exit code 137)' });
    expect((reason as { hint?: string }).hint).toMatch(/removed everything else/);
  });

  it('keeps the first part that died', () => {
    const watch = watchParts();
    watch.exited('the Redis container', 'exit code 137');
    watch.exited('the Toxiproxy container', 'exit code 1');
    expect((watch.lost.reason as Error).message).toBe('the Redis container exited mid-run (exit code 137)');
  });

  it('ignores exits once the runtime is stopping: they are its own', () => {
    const watch = watchParts();
    watch.stopping();
    watch.exited('the redis-server process (pid 1)', 'signal SIGTERM');
    expect(watch.lost.aborted).toBe(false);
  });
});

describe('howExited', () => {
  it('names the signal when there was one, else the exit code', () => {
    expect(howExited(null, 'SIGKILL')).toBe('signal SIGKILL');
    expect(howExited(1, null)).toBe('exit code 1');
    expect(howExited(null, null)).toBe('exit code unknown');
  });
});
