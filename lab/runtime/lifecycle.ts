// What every runtime does the same way: the proxy it puts in front of Redis, and a stop that
// runs every step once, whatever fails.

import { errorMessage } from '../errors/index.ts';
import type { StopReport } from './types.ts';

// The one proxy every runtime creates in front of Redis.
export const REDIS_PROXY_NAME = 'redis';

// Runs every stop step, in order, even when earlier ones fail, and says what went wrong.
export const runStopSteps = async (steps: (() => Promise<unknown>)[]): Promise<StopReport> => {
  const problems: string[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      problems.push(errorMessage(error));
    }
  }
  return { problems };
};

// A stop that runs once: a second call (Ctrl-C during a normal stop) waits for the first.
export const once = <T>(fn: () => Promise<T>): (() => Promise<T>) => {
  let running: Promise<T> | undefined;
  return () => (running ??= fn());
};
