// What every runtime does the same way: a generated Redis password, the proxy it puts in front
// of the single node, a stop that runs every step once, whatever fails, and what a failed start
// stops and throws.

import { randomBytes } from 'node:crypto';
import { LabError, errorMessage, interruptedError, isLabError, registerSecret } from '../errors/index.ts';
import type { StopReport } from './types.ts';

// The one proxy in front of the single node (a node of a larger topology has a proxy of its name).
export const REDIS_PROXY_NAME = 'redis';

// A fresh Redis password per runtime: 192 random bits, base64url so it needs no escaping in a
// redis:// URL or a config line.
// It is registered for redaction (lab/errors/redact.ts): no message the lab prints shows it.
const generatePassword = (): string => {
  const password = randomBytes(24).toString('base64url');
  registerSecret(password);
  return password;
};

// The runtime's password, or none when the caller asked for an unauthenticated Redis.
export const runtimePassword = (redisAuth = true): string | undefined => (redisAuth ? generatePassword() : undefined);

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

/** After a failed start: stops what was started, then throws the error a caller should see:
 * E_INTERRUPTED when `signal` aborted, a LabError as it is, anything else as E_RUNTIME_START. */
export const failedStart = async (stop: () => Promise<unknown>, error: unknown, signal: AbortSignal | undefined, what: string, hint?: string): Promise<never> => {
  await stop();
  if (signal?.aborted) throw interruptedError();
  if (isLabError(error)) throw error;
  throw new LabError('E_RUNTIME_START', `${what} failed to start: ${errorMessage(error)}`, { ...(hint === undefined ? {} : { hint }), cause: error });
};
