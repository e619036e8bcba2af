// Writers for cluster fault runs: every write a unique key and value, so a read-back after the
// cluster healed tells exactly which acknowledged writes survived (a set checker, in Jepsen's
// manner). One writer goes through the cluster client (clients on the majority side: it
// follows redirects and retries CLUSTERDOWN and closed connections the way ioredis does); the
// other, for a partition, talks straight to the isolated primary (a client stuck on the
// minority side, which that primary keeps acknowledging until it notices it lost the majority).

import type { Redis } from 'ioredis';
import { keySlot, type LabCluster } from '../../client/index.ts';
import { withTimeout } from '../../errors/index.ts';

type WriteOutcome = 'acknowledged' | 'failed' | 'indeterminate';

export interface WriteRecord {
  key: string;
  value: string;
  outcome: WriteOutcome;
  /** ms from the fault's start when the write was sent. */
  sentAtMs: number;
  error?: string;
}

export interface Writer {
  readonly writes: WriteRecord[];
  /** The first error message and when it came (ms from the fault's start). */
  readonly firstError: { atMs: number; message: string } | undefined;
  stop(): Promise<void>;
}

/** A command the cluster client is still retrying after this long counts as indeterminate. */
const WRITE_BOUND_MS = 15_000;

const startWriter = (send: (key: string, value: string) => Promise<unknown>, keyOf: (n: number) => string, t0: number): Writer => {
  const writes: WriteRecord[] = [];
  let firstError: Writer['firstError'];
  let running = true;
  const loop = (async () => {
    for (let n = 0; running; n++) {
      const key = keyOf(n);
      const value = `v${n}`;
      const sentAtMs = performance.now() - t0;
      try {
        const reply = await withTimeout('write', WRITE_BOUND_MS, () => send(key, value), () => new Error('no reply within the bound'));
        writes.push({ key, value, sentAtMs, outcome: reply === 'OK' ? 'acknowledged' : 'failed' });
      } catch (error) {
        const message = (error as Error).message;
        firstError ??= { atMs: performance.now() - t0, message };
        // A timed-out command may still be applied (a retry, a queued socket): read back decides.
        writes.push({ key, value, sentAtMs, outcome: message === 'no reply within the bound' ? 'indeterminate' : 'failed', error: message });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  })();
  return {
    writes,
    get firstError() {
      return firstError;
    },
    stop: async () => {
      running = false;
      await loop;
    },
  };
};

export const startClusterWriter = (client: LabCluster, prefix: string, t0: number): Writer =>
  startWriter((key, value) => client.cluster.set(key, value), (n) => `${prefix}:${n}`, t0);

// A hash tag whose slot the node at `announced` owns in the client's map, so every key the
// minority writer makes lives on the isolated primary.
const tagOwnedBy = (client: LabCluster, addresses: readonly string[], prefix: string): string => {
  for (let j = 0; j < 100_000; j++) {
    const tag = `${prefix}${j}`;
    if (addresses.includes(client.cluster.slots[keySlot(tag)]?.[0] ?? '')) return tag;
  }
  throw new Error(`no slot owned by ${addresses.join(' / ')}`);
};

/** `addresses`: the node's keys in the client's slot map (announced, and as NAT-mapped). */
export const startMinorityWriter = (client: LabCluster, direct: Redis, addresses: readonly string[], prefix: string, t0: number): Writer => {
  const tag = tagOwnedBy(client, addresses, prefix);
  return startWriter((key, value) => direct.set(key, value), (n) => `{${tag}}:${n}`, t0);
};

/** Reads every key back through the cluster client, one pipeline per owning primary at a time. */
export const readBack = async (client: LabCluster, keys: readonly string[]): Promise<Map<string, string | null>> => {
  const values = new Map<string, string | null>();
  const CHUNK = 500;
  for (let start = 0; start < keys.length; start += CHUNK) {
    const groups = new Map<string, string[]>();
    for (const key of keys.slice(start, start + CHUNK)) {
      const owner = client.ownerOf(key) ?? 'unknown';
      (groups.get(owner) ?? groups.set(owner, []).get(owner)!).push(key);
    }
    for (const group of groups.values()) {
      const pipeline = client.cluster.pipeline();
      for (const key of group) pipeline.get(key);
      const replies = (await pipeline.exec()) ?? [];
      group.forEach((key, i) => {
        const [error, value] = replies[i] ?? [new Error('no reply'), null];
        if (error) throw new Error(`read-back of ${key} failed: ${error.message}`);
        values.set(key, value as string | null);
      });
    }
  }
  return values;
};
