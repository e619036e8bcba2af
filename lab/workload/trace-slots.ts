// A trace round on a Redis Cluster: the commands that arrived together go as one pipeline per slot,
// all sent at once (an ioredis pipeline on a cluster must stay within one slot). Within a slot the
// traced order is kept; between slots the order is the network's. A command without a key (PING,
// ECHO) goes with the round's first keyed command, or alone when the round has no key.

import { keySlot } from '../client/index.ts';

/** A command as the replay sends it: its first key (already prefixed) decides its slot. */
export interface SlottedSend {
  name: string;
  args: string[];
  /** Null for a command without a key. */
  slot: number | null;
}

/** The slot of a command's first key (`keyArgs` index `args`), null without a key. */
export const firstKeySlot = (args: readonly string[], keyArgs: readonly number[]): number | null => {
  const first = keyArgs[0];
  return first === undefined ? null : keySlot(args[first] ?? '');
};

/** A round's commands split into one group per slot, in the order each slot first appears. */
export const slotGroups = <T extends { slot: number | null }>(round: readonly T[]): T[][] => {
  const lead = round.find((c) => c.slot !== null)?.slot ?? null;
  const groups = new Map<number | null, T[]>();
  for (const command of round) {
    const slot = command.slot ?? lead;
    const group = groups.get(slot);
    if (group === undefined) groups.set(slot, [command]);
    else group.push(command);
  }
  return [...groups.values()];
};
