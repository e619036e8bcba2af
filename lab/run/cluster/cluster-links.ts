// Per-node links: each node's client proxy is calibrated by PING (through the proxy against
// straight to the node, the lab's usual calibration), and its bus proxy gets the toxics the
// calibration chose. Latency is INTO the node: a far primary's clients, its replicas'
// replication stream and the bus messages sent to it all cross its slow link.

import { calibrateLink, applyLink, type ToxiproxyApi } from '../../network/index.ts';
import { closeClient, connectClient } from '../../client/index.ts';
import type { StartedNode } from '../../runtime/index.ts';
import type { Calibration } from '../../contracts/index.ts';

/** What a cluster result says of its bus links. */
export const BUS_LINKS_NOTE = "bus links: each carries the same toxics as its node's client link; the cluster bus has no PING a client can time, so they are not calibrated";

/** The toxics of a node's calibrated client link on its bus proxy too (a cluster node's). */
export const shapeBus = async (api: ToxiproxyApi, node: StartedNode, calibration: Calibration): Promise<void> => {
  if (node.busProxy !== undefined) await applyLink(api, node.busProxy, { rttMs: calibration.requestedRttMs, jitterMs: 0 }, calibration.upstreamLatencyMs + calibration.downstreamLatencyMs);
};

export const calibrateNode = async (api: ToxiproxyApi, node: StartedNode, rttMs: number, pings: number): Promise<Calibration> => {
  const direct = await connectClient(node.direct, `${node.name} direct`);
  try {
    const proxied = await connectClient(node.proxied, `${node.name} through its proxy`);
    try {
      const calibration = await calibrateLink({ api, proxyName: node.clientProxy, profile: { rttMs, jitterMs: 0 }, direct, proxied, pings });
      await shapeBus(api, node, calibration);
      return calibration;
    } finally {
      await closeClient(proxied);
    }
  } finally {
    await closeClient(direct);
  }
};

/** Every node's client and bus link back to rtt 0. */
export const flattenLinks = async (api: ToxiproxyApi, nodes: readonly StartedNode[]): Promise<void> => {
  for (const node of nodes) {
    await applyLink(api, node.clientProxy, { rttMs: 0, jitterMs: 0 });
    if (node.busProxy !== undefined) await applyLink(api, node.busProxy, { rttMs: 0, jitterMs: 0 });
  }
};
