// Every link of a topology, shaped and calibrated on its own: each node's client proxy (PING
// through it against PING straight to the node) and each peer proxy (PING through `a->b` against
// PING straight to b), and each sentinel's client proxy (PING through it against PING straight to
// the sentinel). The link rule (contracts/topology.ts) says which shape each proxy gets; a
// sentinel's is the default link.

import type { Redis } from 'ioredis';
import { closeClient, connectClient } from '../client/index.ts';
import { applyLink, calibrateLink, calibrationWithinTolerance, type ToxiproxyApi } from '../network/index.ts';
import type { PeerProxy, StartedRuntime } from '../runtime/index.ts';
import { clientLinkOf, peerLinkOf, type LinkCalibration, type NodeLink, type NodeLinks, type ProgressListener, type Scenario, type TopologyNodeResult } from '../contracts/index.ts';

/** What the per-node proxies shape, and what they do not (a topology result's notMeasured line). */
export const PROXIES_NOTE =
  'per-node proxies shape traffic through them: a client proxy shapes client ↔ node, a peer proxy a→b shapes the connections a opens to b (replication: the stream b→a and its ACKs); nothing shapes traffic between processes that does not cross a proxy (the lab’s own control connections go straight to each node)';

/** The topology's nodes as a result lists them. */
export const nodesResult = (topology: StartedRuntime): TopologyNodeResult[] =>
  topology.nodes.map((n) => ({ name: n.name, role: n.role, proxy: `${n.proxied.host}:${n.proxied.port}`, announced: n.listedAs }));

/** The scenario's links in the contract's form (one rtt and jitter by default, per-node overrides). */
export const nodeLinksOf = (scenario: Scenario): NodeLinks => ({
  rttMs: scenario.network.rttMs[0] ?? 0,
  jitterMs: scenario.network.jitterMs[0] ?? 0,
  nodes: scenario.network.nodes ?? {},
});

interface LinkPlan {
  proxyName: string;
  from: string;
  to: string;
  link: NodeLink;
  /** Where a client dialing through the proxy connects. */
  through: { host: string; port: number; password?: string };
  /** A sentinel's link: the baseline is the sentinel itself, straight. */
  sentinelDirect?: { host: string; port: number; password?: string };
}

const linkPlans = (topology: StartedRuntime, links: NodeLinks): LinkPlan[] => [
  ...topology.nodes.map((node) => ({ proxyName: node.clientProxy, from: 'clients', to: node.name, link: clientLinkOf(links, node.name), through: node.proxied })),
  ...topology.peers.map((peer: PeerProxy) => ({ proxyName: peer.name, from: peer.from, to: peer.to, link: peerLinkOf(links, peer.from, peer.to), through: peer.listen })),
  ...topology.sentinels.map((s) => ({ proxyName: s.clientProxy, from: 'clients', to: s.name, link: clientLinkOf(links, s.name), through: s.proxied, sentinelDirect: s.direct })),
];

/**
 * Calibrates every link (leaving each applied) and returns one calibration per proxy. `direct`
 * holds a control client straight to each node, by name.
 */
const calibrateTopology = async (api: ToxiproxyApi, topology: StartedRuntime, links: NodeLinks, direct: Map<string, Redis>, pings: number): Promise<LinkCalibration[]> => {
  const found: LinkCalibration[] = [];
  for (const plan of linkPlans(topology, links)) {
    const proxied = await connectClient(plan.through, `through proxy ${plan.proxyName}`);
    const sentinel = plan.sentinelDirect === undefined ? undefined : await connectClient(plan.sentinelDirect, `${plan.to} directly`).catch(async (error: unknown) => {
      await closeClient(proxied);
      throw error;
    });
    try {
      const calibration = await calibrateLink({
        api,
        proxyName: plan.proxyName,
        profile: { rttMs: plan.link.rttMs, jitterMs: plan.link.jitterMs },
        direct: sentinel ?? (direct.get(plan.to) as Redis),
        proxied,
        pings,
      });
      found.push({ ...calibration, link: plan.proxyName, from: plan.from, to: plan.to });
    } finally {
      await closeClient(proxied);
      if (sentinel !== undefined) await closeClient(sentinel);
    }
  }
  return found;
};

/** calibrateTopology, each calibration reported; returns the links and a warning per link outside the tolerance. */
export const calibrateReported = async (input: { api: ToxiproxyApi; topology: StartedRuntime; links: NodeLinks; direct: Map<string, Redis>; pings: number; emit: ProgressListener }): Promise<{ links: LinkCalibration[]; warnings: string[] }> => {
  const links = await calibrateTopology(input.api, input.topology, input.links, input.direct, input.pings);
  const warnings: string[] = [];
  for (const c of links) {
    input.emit({ type: 'calibrated', calibration: c });
    if (!calibrationWithinTolerance(c)) warnings.push(`link ${c.link}: asked ${c.requestedRttMs} ms, measured +${c.addedMs.toFixed(2)} ms, outside the 0.5 ms / 10 % tolerance`);
  }
  return { links, warnings };
};

/** Puts earlier calibrations' settings on a fresh topology's proxies (same names), without measuring. */
export const reapplyLinks = async (api: ToxiproxyApi, calibrations: readonly LinkCalibration[]): Promise<void> => {
  for (const c of calibrations) {
    await applyLink(api, c.link, { rttMs: c.requestedRttMs, jitterMs: c.jitterMs }, c.upstreamLatencyMs + c.downstreamLatencyMs);
  }
};
