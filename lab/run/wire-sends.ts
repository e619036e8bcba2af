// Operations a client library re-sent on its own: the relay sees every byte the policy's client
// writes, and with tags each operation travels inside the lab's EVAL script with its id after
// the log key. An operation seen on the wire more often than the policy sent it (once, plus each
// retry it announced with `retrying()`) was re-sent by the library (ioredis's re-send of
// unanswered commands after a reconnect). Without tags the bytes carry no id: nothing is counted.

import { respRequestReader } from '../network/index.ts';
import type { Ledger } from '../reconcile/index.ts';

/** Counts each operation's sends on the wire; `resent(ledger)` gives the library's own re-sends. */
export const wireSends = (size: number, logKey: string) => {
  const sends = new Uint32Array(size);
  const readers = new Map<number, (chunk: Buffer) => void>();
  const onCommand = (args: string[]) => {
    if (args[0]?.toLowerCase() !== 'eval' || args[3] !== logKey) return;
    const op = Number(args[args[2] === '2' ? 5 : 4]); // tagged: 1 key (the log); idempotent: 2 keys
    if (Number.isInteger(op) && op >= 0 && op < size) sends[op] = (sends[op] ?? 0) + 1;
  };
  return {
    tap: (connection: number, chunk: Buffer) => {
      let reader = readers.get(connection);
      if (reader === undefined) readers.set(connection, (reader = respRequestReader(6, onCommand)));
      reader(chunk);
    },
    resent: (ledger: Pick<Ledger, 'size' | 'attempts'>): number => {
      let extra = 0;
      for (let op = 0; op < Math.min(size, ledger.size); op++) extra += Math.max(0, (sends[op] ?? 0) - ledger.attempts(op));
      return extra;
    },
  };
};
