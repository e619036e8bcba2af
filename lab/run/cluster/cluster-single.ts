// A Redis Cluster without a timeline whose workloads are all request workloads, measured by the
// single-node path (issues 23/26): the same runs, verification and result as on one node, with
// two clients swapped in. Each connection is an ioredis Cluster client through every node's
// client proxy (NAT-mapped as the cluster runner's), so each command goes to its slot's primary
// across that primary's link; the control client is a Cluster client straight to every node
// (reset on every primary, prefill and read-back routed by slot, INFO summed over the primaries).
// Every node's client link is shaped and calibrated as on a primary with replicas, and its bus
// link gets the same toxics, as the cluster runner does.

import type { Cluster, Redis } from 'ioredis';
import { closeClient, closeCluster, connectClient, connectCluster } from '../../client/index.ts';
import { topologyLabel, type ProgressListener, type Scenario } from '../../contracts/index.ts';
import type { ToxiproxyApi } from '../../network/index.ts';
import type { StartedRuntime } from '../../runtime/index.ts';
import { autoPipelined, type Connector } from '../measured-runs.ts';
import { calibrateReported, nodeLinksOf, nodesResult } from '../topology-links.ts';
import type { TopologyOnSingle } from '../topology-single.ts';
import { BUS_LINKS_NOTE, calibrateNode, shapeBus } from './cluster-links.ts';

const NOT_MEASURED = [
  'requests went through ioredis Cluster clients (one per connection, each with a connection to every primary): each command to its slot’s primary through that primary’s client proxy, so a request waits on the links of the primaries its keys live on',
  'the calibration listed per config, and the link wait of its time attribution, are primary-1’s client link (the entry node); every node’s link is under topology.links',
  'server INFO figures (bytes, server time, errors, disconnections) are summed over the primaries; the buffer and memory gauges are the highest primary’s',
  BUS_LINKS_NOTE,
  'replication lag is not sampled on a cluster: replicas follow their primary across the primary’s link',
];

// The batch-size advisor's output-buffer figures on a cluster (a window size: one hash tag, one primary).
const ADVISE_NOTE =
  'advise: a window batch’s keys share one hash tag, so one primary owes each batch’s replies: replies/batch (the server-output-buffer budget) is the busiest primary’s output bytes per command times the largest batch, and sampled omem is the highest primary’s client_recent_max_output_buffer; the other primaries’ bytes are not judged';
const SERVER_NOTE =
  'server: client-output-buffer-limit was set on every primary (replicas keep theirs: no request reads from one), and the request clients do not resend a command whose connection closed; INFO’s close count is summed over the primaries, so only the log evidence names the primary that closed a client; the containers runtime reads primary-1’s log only';

const RTT_AXIS_NOTE =
  'with an rtt list each config shaped the client and bus links of every node network.nodes does not name at its rtt (calibrated per node before its configs); topology.links lists the links as first shaped, at the first rtt';

const TRACE_NOTE =
  'a trace round (commands sent together) whose keys span slots went as one pipeline per slot, all at once, and counts as one round trip, ending at its last reply; the traced order between its slots was not kept';

const NO_SPAN = { begin: async () => undefined, end: async () => undefined };

/** Control and request clients for the cluster, every link calibrated (and left applied). */
export const openClusterOnSingle = async (input: { runtime: StartedRuntime; scenario: Scenario; api: ToxiproxyApi; emit: ProgressListener }): Promise<TopologyOnSingle> => {
  const { runtime, api } = input;
  const primaries = runtime.nodes.filter((n) => n.role === 'primary');
  const password = runtime.password === undefined ? {} : { password: runtime.password };
  // Straight to each node: the nodes announce their proxies, mapped here to their own ports.
  const control = await connectCluster({
    seeds: primaries.map((n) => n.direct),
    natMap: Object.fromEntries(runtime.nodes.map((n) => [n.announced, { host: n.direct.host, port: n.direct.port }])),
    ...password,
    autoPipelining: true,
  });
  const direct = new Map<string, Redis>();
  try {
    for (const node of runtime.nodes) direct.set(node.name, await connectClient(node.direct, `${node.name} directly`));
    const { links, warnings } = await calibrateReported({ api, topology: runtime, links: nodeLinksOf(input.scenario), direct, pings: input.scenario.calibrationPings, emit: input.emit });
    for (const node of runtime.nodes) {
      const calibration = links.find((l) => l.to === node.name);
      if (calibration !== undefined) await shapeBus(api, node, calibration);
    }
    const connector: Connector<Cluster> = {
      // With `server:` a closed connection is the server closing the client: a resend would run the batch into the limit again.
      open: async (cell) =>
        (await connectCluster({ seeds: primaries.map((n) => n.proxied), natMap: runtime.natMap, ...password, autoPipelining: autoPipelined(cell), resendOnClose: input.scenario.server === undefined })).cluster,
      close: closeCluster,
    };
    const named = input.scenario.network.nodes ?? {};
    const axis = input.scenario.network.rttMs.length > 1;
    // Each link group of an rtt axis: every node network.nodes leaves to the default link takes the group's rtt.
    const shapeLinks = async (link: { rttMs: number }): Promise<void> => {
      for (const node of runtime.nodes) if (named[node.name] === undefined) await calibrateNode(api, node, link.rttMs, input.scenario.calibrationPings);
    };
    return {
      result: { topology: topologyLabel(runtime.topology), nodes: nodesResult(runtime), links },
      warnings,
      notMeasured: [
        ...NOT_MEASURED,
        ...(axis ? [RTT_AXIS_NOTE] : []),
        ...(input.scenario.workloads.some((w) => w.trace !== undefined) ? [TRACE_NOTE] : []),
        ...(input.scenario.workloads.some((w) => w.advise !== undefined) ? [ADVISE_NOTE] : []),
        ...(input.scenario.server === undefined ? [] : [SERVER_NOTE]),
      ],
      ...(axis ? { shapeLinks } : {}),
      lagSpan: () => NO_SPAN,
      figures: () => ({}),
      // Request runs only, on the primaries: no replica is waited for (read-from is refused on a cluster).
      replicas: 0,
      requests: { control: control.cluster, connector },
      close: () => control.close(),
    };
  } catch (error) {
    await control.close();
    throw error;
  } finally {
    for (const client of direct.values()) await closeClient(client);
  }
};
