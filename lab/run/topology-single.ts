// A primary/replicas or Sentinel topology without a timeline, measured by the single-node path
// (issue 23): the workload goes to the primary's client proxy exactly as on one node. Around it,
// every node's client link, every peer (replication) link and every sentinel's link is shaped and
// calibrated as topology-links.ts does and stays applied through the runs (the single path then
// re-shapes the primary's client link per link shape), and each measured run samples replication
// lag (replication-lag.ts) on the lab's own control connections, one set per config.

import type { Redis } from 'ioredis';
import { closeClient, connectClient, type ControlClient, type RequestClient } from '../client/index.ts';
import type { Connector } from './measured-runs.ts';
import { asksReplication, topologyLabel, type ConfigCell, type ConfigResult, type LinkShape, type ProgressListener, type Scenario, type TopologyResult } from '../contracts/index.ts';
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
  figures(cell: Pick<ConfigCell, 'id' | 'readFrom'>): Pick<ConfigResult, 'readsFrom' | 'lag'>;
  /** Replicas every run waits for to hold its reset and prefill before it starts. */
  replicas: number;
  /** A cluster: request runs use these instead of one node's clients (cluster/cluster-single.ts). */
  requests?: { control: ControlClient; connector: Connector<RequestClient> };
  /** A cluster with an rtt axis: every node's links (but those network.nodes names) shaped for a link group. */
  shapeLinks?: (link: LinkShape) => Promise<void>;
  close(): Promise<void>;
}

/** A scenario past one node on the single path: a link given to the primary in `network.nodes`
 * is the primary's client link, so it becomes the link shape the single path applies there. */
export const primaryShaped = (scenario: Scenario, primary: string): Scenario => {
  const link = scenario.network.nodes?.[primary];
  return link === undefined ? scenario : { ...scenario, network: { ...scenario.network, rttMs: [link.rttMs], jitterMs: [link.jitterMs] } };
};

// What WAIT and read-from change about the figures (docs/topologies.md).
const replicationNotes = (scenario: Scenario): string[] => {
  const replication = scenario.replication;
  if (!asksReplication(replication)) return [];
  const notes = ['before each run every replica holds its reset and prefill (WAIT for all of them on the primary, outside the timed span)'];
  if (replication?.wait.some((w) => w !== null) === true) {
    notes.push('with WAIT, each write (sync, auto) or each batch (pipeline, multi) is followed by WAIT on its own connection, as an application would send it: a config’s latency is the write with its WAIT, waitLatencyUs the WAIT alone; commands that only read take no WAIT');
  }
  if (replication !== undefined && replication.readFrom !== 'primary') {
    notes.push(`reads went to ${replication.readFrom}'s client proxy, writes to the primary's; INFO figures (serverInfo, the time attribution's server time) are the primary's, so a read config's server side is not in them; a read that finds a replica behind fails its run (a wrong reply), as any wrong reply does`);
  }
  return notes;
};

/** Control clients to every node, every link calibrated; undefined on a single node (a cluster:
 * cluster/cluster-single.ts). */
export const openTopology = async (input: { runtime: StartedRuntime; scenario: Scenario; api: ToxiproxyApi; emit: ProgressListener }): Promise<TopologyOnSingle | undefined> => {
  const { runtime, scenario } = input;
  if (runtime.topology.kind === 'single') return undefined;
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
        ...replicationNotes(scenario),
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
      figures: (cell) => ({ readsFrom: cell.readFrom ?? primary.name, lag: [...samplesOf(cell.id)].map(([name, s]) => summarizeLag(name, s)) }),
      replicas: replicas.length,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
};
