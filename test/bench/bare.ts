// The bare ioredis loops the lab's drivers are compared with: the same commands on the same
// connection, timed over the same span (first command prepared to last reply), with none of
// the lab's bookkeeping (no plan, no per-wait clock reads, no reply recording).

import type { Redis } from 'ioredis';

const elapsedMs = (startNs: bigint): number => Number(process.hrtime.bigint() - startNs) / 1e6;

/** `commands` awaited INCRs of `key`, one round trip each; returns the span in ms. */
export const bareSync = async (client: Redis, key: string, commands: number): Promise<number> => {
  const startNs = process.hrtime.bigint();
  for (let i = 0; i < commands; i++) await client.incr(key);
  return elapsedMs(startNs);
};

/** `commands` INCRs of `key` in pipelines of `batch`, each exec awaited; returns the span in ms. */
export const barePipeline = async (client: Redis, key: string, commands: number, batch: number): Promise<number> => {
  const startNs = process.hrtime.bigint();
  for (let offset = 0; offset < commands; offset += batch) {
    const size = Math.min(batch, commands - offset);
    const pipeline = client.pipeline();
    for (let j = 0; j < size; j++) pipeline.incr(key);
    await pipeline.exec();
  }
  return elapsedMs(startNs);
};
