// The drivers: one timed run of N INCRs on one connection. The timed span runs from
// preparing the first command to receiving the last reply; everything else (resetting the
// counter, checking replies, building histograms) happens outside it. Inside the span the
// drivers only store replies and batch times in preallocated arrays.

import type { Redis } from 'ioredis';
import { errorMessage } from '../errors/index.ts';
import type { Mode } from '../scenario/types.ts';

export interface DriveOutcome {
  /** Wall time of the timed span, ms. */
  totalMs: number;
  /** Reply per command in issue order; NaN where no value came back. */
  replies: Float64Array;
  /** Per wait (command for sync, batch for pipeline): how long the caller waited, µs. */
  waitUs: Float64Array;
  /** Commands answered by each wait (1 for sync, the batch size for pipelines). */
  waitSize: Uint32Array;
  /** Reply errors by message, e.g. {"WRONGTYPE ...": 3}. */
  replyErrors: Record<string, number>;
  /** The connection-level error that ended the run early, if any. */
  aborted?: string;
}

const nowNs = (): bigint => process.hrtime.bigint();

const newOutcome = (commands: number, waits: number): DriveOutcome => ({
  totalMs: 0,
  replies: new Float64Array(commands).fill(Number.NaN),
  waitUs: new Float64Array(waits),
  waitSize: new Uint32Array(waits),
  replyErrors: {},
});

const countError = (outcome: DriveOutcome, message: string) => {
  outcome.replyErrors[message] = (outcome.replyErrors[message] ?? 0) + 1;
};

// `sync`: a plain awaited loop, one command and one reply per round trip.
const driveSync = async (client: Redis, key: string, commands: number): Promise<DriveOutcome> => {
  const outcome = newOutcome(commands, commands);
  const startNs = nowNs();
  let i = 0;
  try {
    for (; i < commands; i++) {
      const t0 = nowNs();
      outcome.replies[i] = await client.incr(key);
      outcome.waitUs[i] = Number(nowNs() - t0) / 1_000;
      outcome.waitSize[i] = 1;
    }
  } catch (error) {
    countError(outcome, errorMessage(error));
    outcome.aborted = `command ${i + 1} of ${commands}: ${errorMessage(error)}`;
  }
  outcome.totalMs = Number(nowNs() - startNs) / 1e6;
  return outcome;
};

// `pipeline: B`: B commands per non-transactional pipeline, all replies awaited before the
// next batch. Each command's latency is its batch's time, which is what the caller waited.
const drivePipeline = async (client: Redis, key: string, commands: number, batch: number): Promise<DriveOutcome> => {
  const outcome = newOutcome(commands, Math.ceil(commands / batch));
  const startNs = nowNs();
  let wait = 0;
  try {
    for (let offset = 0; offset < commands; offset += batch, wait++) {
      const t0 = nowNs();
      const size = Math.min(batch, commands - offset);
      const pipeline = client.pipeline();
      for (let j = 0; j < size; j++) pipeline.incr(key);
      const results = (await pipeline.exec()) ?? [];
      outcome.waitUs[wait] = Number(nowNs() - t0) / 1_000;
      outcome.waitSize[wait] = size;
      for (let j = 0; j < size; j++) {
        const [error, value] = results[j] ?? [new Error('no reply'), null];
        if (error) countError(outcome, errorMessage(error));
        else outcome.replies[offset + j] = Number(value);
      }
    }
  } catch (error) {
    countError(outcome, errorMessage(error));
    outcome.aborted = `batch ${wait + 1} of ${Math.ceil(commands / batch)}: ${errorMessage(error)}`;
  }
  outcome.totalMs = Number(nowNs() - startNs) / 1e6;
  return outcome;
};

export const drive = (client: Redis, mode: Mode, key: string, commands: number): Promise<DriveOutcome> =>
  mode.kind === 'sync' ? driveSync(client, key, commands) : drivePipeline(client, key, commands, mode.batch);
