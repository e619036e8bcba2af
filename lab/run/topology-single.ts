// A primary/replicas or Sentinel topology without a timeline, measured by the single-node path
// (issue 23): the workload goes to the primary's client proxy exactly as on one node. Around it,
// every node's client link, every peer (replication) link and every sentinel's link is shaped and
// calibrated as topology-links.ts does and stays applied through the runs (the single path then
// re-shapes the primary's client link per link shape), and each measured run samples replication
// lag (replication-lag.ts) on the lab's own control connections, one set per config.

import type { Redis } from 'ioredis';
import { closeClient, connectClient, type ControlClient, type RequestClient } from '../client/index.ts';
import { openClusterOnSingle } from './cluster/cluster-single.ts';
import type { Connector } from './measured-runs.ts';
import { topologyLabel, type ConfigResult, type ProgressListener, type Scenario, type TopologyResult } from '../contracts/index.ts';
import type { ToxiproxyApi } from '../network/index.ts';
import type { StartedRuntime } from '../runtime/index.ts';
import type { SpanHooks } from '../workload/index.ts';
import { emptyLagSamples, startLagSampling, summarizeLag, type LagSamples } from './replication-lag.ts';
import { calibrateReported, nodeLinksOf, nodesResult, PROXIES_NOTE } from './topology-links.ts';

const DEFAULT_MARKERS_PER_SEC = 20;

export interface TopologyOnSingle {
  result: TopologyResult;
  warnings: string[];
  notMeasured: string[];
  /** Lag sampling around one measured run of a config (by id: a rate search's probes share it). */
  lagSpan(configId: string): SpanHooks;
  /** A config's lag figures, and the node its commands went to. */
  figures(configId: string): Pick<ConfigResult, 'readsFrom' | 'lag'>;
  /** A cluster: request runs use these instead of one node's clients (cluster/cluster-single.ts). */
  requests?: { control: ControlClient; connector: Connector<RequestClient> };
  close(): Promise<void>;
}

/** A scenario past one node on the single path: a link given to the primary in `network.nodes`
 * is the primary's client link, so it becomes the link shape the single path applies there. */
export const primaryShaped = (scenario: Scenario, primary: string): Scenario => {
  const link = scenario.network.nodes?.[primary];
  return link === undefined ? scenario : { ...scenario, network: { ...scenario.network, rttMs: [link.rttMs], jitterMs: [link.jitterMs] } };
};

/** Control clients to every node, every link calibrated; undefined on a single node. */
export const openTopology = async (input: { runtime: StartedRuntime; scenario: Scenario; api: ToxiproxyApi; emit: ProgressListener }): Promise<TopologyOnSingle | undefined> => {
  const { runtime, scenario } = input;
  if (runtime.topology.kind === 'single') return undefined;
  if (runtime.topology.kind === 'cluster') return openClusterOnSingle(input);
  const control = new Map<string, Redis>();
  const close = async () => {
    for (const client of control.values()) await closeClient(client);
  };
  try {
    for (const node of runtime.nodes) control.set(node.name, await connectClient(node.direct, `${node.name} directly`));
    const { links, warnings } = await calibrateReported({ api: input.api, topology: runtime, links: nodeLinksOf(scenario), direct: control, pings: scenario.calibrationPings, emit: input.emit });
    const primary = runtime.nodes.find((n) => n.role === 'primary') ?? runtime.nodes[0]!;
    const replicas = runtime.nodes.filter((n) => n.role === 'replica');
    const markersPerSec = scenario.replication?.markersPerSec ?? DEFAULT_MARKERS_PER_SEC;
    const samples = new Map<string, Map<string, LagSamples>>();
    const samplesOf = (configId: string) => {
      let found = samples.get(configId);
      if (found === undefined) {
        found = new Map(replicas.map((r) => [r.name, emptyLagSamples()]));
        samples.set(configId, found);
      }
      return found;
    };
    return {
      result: { topology: topologyLabel(runtime.topology), nodes: nodesResult(runtime), links },
      warnings,
      notMeasured: [
        `the workload went to ${primary.name}'s client proxy, as on a single node; the other nodes only replicate it (no timeline: nothing fails over)`,
        PROXIES_NOTE,
        'replication lag is sampled during each measured run (not warm-ups, not fault cells) on the lab’s control connections: INFO replication on the primary every 10 ms and marker SETs, so the primary’s INFO deltas include that traffic; lag in bytes uses the offset each replica last ACKed (replicas ACK once a second unless a WAIT asks): an upper bound',
      ],
      lagSpan: (configId) => {
        let sampling: { stop: () => Promise<void> } | undefined;
        return {
          begin: async () => {
            const client = control.get(primary.name) as Redis;
            sampling = startLagSampling({ primary: client, replicas: replicas.map((r) => ({ name: r.name, client: control.get(r.name) as Redis, announced: r.listedAs ?? '' })), markersPerSec, samples: samplesOf(configId) });
          },
          end: async () => {
            await sampling?.stop();
            sampling = undefined;
          },
        };
      },
      figures: (configId) => ({ readsFrom: primary.name, lag: [...samplesOf(configId)].map(([name, s]) => summarizeLag(name, s)) }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
};
