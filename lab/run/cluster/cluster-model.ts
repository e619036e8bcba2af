// The round-trip model on a cluster: a run costs what the same run costs on flat links (every
// link at rtt 0) plus, for every wait, the added rtt of the farthest node it waited on (a batch
// split across primaries waits for its slowest), plus one round trip to the redirecting node
// for every MOVED/ASK. Added rtt per node = its calibrated addition minus the same at rtt 0,
// so the proxy's own cost, already inside the flat run, is not counted twice.

// Link cost of one run's waits and redirects, ms; undefined when a node has no calibration.
export const clusterLinkCostMs = (waits: readonly (readonly string[])[], redirectFrom: readonly (string | undefined)[], added: Map<string, number>): number | undefined => {
  let total = 0;
  for (const wait of waits) {
    let farthest = 0;
    for (const node of wait) {
      const ms = added.get(node);
      if (ms === undefined) return undefined;
      farthest = Math.max(farthest, ms);
    }
    total += farthest;
  }
  for (const from of redirectFrom) {
    const ms = from === undefined ? undefined : added.get(from);
    if (ms === undefined) return undefined;
    total += ms;
  }
  return total;
};
