// Role selectors (contracts/role-selector.ts) resolved when their event fires, on a
// primary/replicas topology: without sentinels the lab itself commands failovers, so the
// timeline's own primary is the current one; with sentinels, the sentinels are asked (each in
// turn, straight, not through the proxies a timeline may cut) which node they name as the master.

import { closeClient, connectClient } from '../client/index.ts';
import { LabError, withTimeout } from '../errors/index.ts';
import type { StartedRuntime } from '../runtime/index.ts';

const ASK_MS = 2_000;

/** The node the sentinels name as the master now; the first sentinel that answers decides. */
const sentinelsPrimary = async (topology: StartedRuntime): Promise<string | undefined> => {
  for (const sentinel of topology.sentinels) {
    const client = await connectClient(sentinel.direct, `${sentinel.name} directly`).catch(() => undefined);
    if (client === undefined) continue;
    try {
      const reply = (await withTimeout('SENTINEL get-master-addr-by-name', ASK_MS, () => client.call('SENTINEL', 'get-master-addr-by-name', topology.masterName as string), () => new Error('no answer')).catch(
        () => null,
      )) as [string, string] | null;
      const node = reply === null ? undefined : topology.nodes.find((n) => n.announced === `${reply[0]}:${reply[1]}`)?.name;
      if (node !== undefined) return node;
    } finally {
      await closeClient(client);
    }
  }
  return undefined;
};

/** The node that is primary now: the sentinels' master on a Sentinel topology, else `timelinePrimary`. */
export const currentPrimary = async (topology: StartedRuntime, timelinePrimary: string): Promise<string> => {
  if (topology.masterName === undefined || topology.sentinels.length === 0) return timelinePrimary;
  const named = await sentinelsPrimary(topology);
  if (named === undefined) {
    throw new LabError('E_REDIS', 'current-primary: no sentinel named a master node of this topology', { hint: 'the sentinels did not answer SENTINEL get-master-addr-by-name; check their logs, or name the node' });
  }
  return named;
};
