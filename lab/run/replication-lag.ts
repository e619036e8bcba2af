// Replication lag while a run writes, two ways, both on the lab's direct control connections
// (no proxy, so their own round trips add ~0.1 ms, not a shaped link):
// - bytes: INFO replication on the primary every SAMPLE_EVERY_MS: master_repl_offset minus each
//   replica's `offset`, which is the offset the replica last ACKed. Replicas ACK once a second on
//   their own, and at once when a WAIT asks (REPLCONF GETACK), so without WAIT this counts bytes
//   written since the last ACK as well: an upper bound of what the replica had not yet applied.
// - time: a marker key SET on the primary, then polled on each replica every POLL_EVERY_MS until
//   it appears: time from the SET's reply to the first poll that saw it. The resolution is the
//   measured gap between polls (timers fire late under load), reported with the figure.

import type { Redis } from 'ioredis';
import { percentile } from '../metrics/index.ts';
import type { ReplicaLag } from '../contracts/index.ts';

const SAMPLE_EVERY_MS = 10;
const POLL_EVERY_MS = 1;
const MARKER_GIVE_UP_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The figures of one replica, gathered over every run of a setting. */
export interface LagSamples {
  bytes: number[];
  markerMs: number[];
  pollGapsMs: number[];
  unseen: number;
}

export const emptyLagSamples = (): LagSamples => ({ bytes: [], markerMs: [], pollGapsMs: [], unseen: 0 });

/** Starts both samplers; `stop()` ends them and waits for the markers in flight. */
export const startLagSampling = (input: {
  primary: Redis;
  /** Direct control clients of the replicas, by name, and the `ip:port` each is listed under on the primary. */
  replicas: { name: string; client: Redis; announced: string }[];
  markersPerSec: number;
  samples: Map<string, LagSamples>;
}): { stop: () => Promise<void> } => {
  const { primary, replicas, samples } = input;
  let running = true;
  const bytes = (async () => {
    while (running) {
      const info = await primary.info('replication').catch(() => '');
      const masterOffset = Number(/^master_repl_offset:(\d+)/m.exec(info)?.[1] ?? Number.NaN);
      for (const replica of replicas) {
        const [host, port] = replica.announced.split(':');
        const line = new RegExp(`^slave\\d+:ip=${host},port=${port},state=online,offset=(\\d+)`, 'm').exec(info);
        if (line && Number.isFinite(masterOffset)) samples.get(replica.name)?.bytes.push(masterOffset - Number(line[1]));
      }
      await sleep(SAMPLE_EVERY_MS);
    }
  })();
  const pending: Promise<void>[] = [];
  let marker = 0;
  const markers = (async () => {
    while (running) {
      const key = `lab:marker:${marker++}`;
      await primary.set(key, '1');
      const ackedMs = performance.now();
      for (const replica of replicas) pending.push(pollMarker(replica.client, key, ackedMs, samples.get(replica.name) as LagSamples));
      await sleep(1000 / input.markersPerSec);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await Promise.all([bytes, markers]);
      await Promise.all(pending);
    },
  };
};

// Polls until the key is on the replica; records the lag and the gaps between polls.
const pollMarker = async (client: Redis, key: string, ackedMs: number, into: LagSamples): Promise<void> => {
  let last = performance.now();
  for (;;) {
    const seen = (await client.exists(key).catch(() => 0)) === 1;
    const now = performance.now();
    if (seen) {
      into.markerMs.push(now - ackedMs);
      return;
    }
    if (now - ackedMs > MARKER_GIVE_UP_MS) {
      into.unseen += 1;
      return;
    }
    await sleep(POLL_EVERY_MS);
    const after = performance.now();
    into.pollGapsMs.push(after - last);
    last = after;
  }
};

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/** The result's figures of one replica. */
export const summarizeLag = (replica: string, s: LagSamples): ReplicaLag => ({
  replica,
  lagBytes: s.bytes.length === 0 ? null : { samples: s.bytes.length, p50: percentile(s.bytes, 50) as number, max: Math.max(...s.bytes) },
  lagMs:
    s.markerMs.length === 0
      ? null
      : {
          samples: s.markerMs.length,
          p50: round(percentile(s.markerMs, 50) as number),
          p90: round(percentile(s.markerMs, 90) as number),
          max: round(Math.max(...s.markerMs)),
          // A marker seen at the first poll has no gap: then the poll's own round trip bounds it.
          resolutionMs: round(percentile(s.pollGapsMs, 50) ?? POLL_EVERY_MS),
          unseen: s.unseen,
        },
});
