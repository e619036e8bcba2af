// A trace on a Redis Cluster (docs/trace-replay.md, "On a Cluster"): a command naming several keys
// must keep them in one slot, or the cluster refuses it (CROSSSLOT). The replay puts the run's
// keyspace prefix (`rfl:<id>:`, no braces) in front of every key: a key with a hash tag
// (`{user:1}:cart`) keeps its slot, the tag's, whatever the prefix; an untagged key is hashed
// whole, prefix included, so its slot changes from run to run (it stays one key), and two
// different untagged keys land in different slots but for chance.

import { keySlot } from '../../client/index.ts';

/** The text Redis hashes instead of the whole key: between the first `{` and the next `}`, when not empty. */
const hashTag = (key: string): string | undefined => {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : undefined;
};

/** Whether a traced command's keys may be in several slots once prefixed: two different keys, not all tagged into one slot. */
export const crossSlotKeys = (keys: readonly string[]): boolean => {
  if (new Set(keys).size < 2) return false;
  const tags = keys.map(hashTag);
  if (tags.some((tag) => tag === undefined)) return true;
  return new Set(tags.map((tag) => keySlot(tag ?? ''))).size > 1;
};
