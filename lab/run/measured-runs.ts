// The measured (fault-free) runs of all configs that share one link shape: calibrate the link
// once (direct configs skip the proxy and need none), warm every config up, then measure in
// rotated order so that no config always runs first (or last). Each run gets its own clients.

import type { Redis } from 'ioredis';
import { LabError } from '../errors/index.ts';
import { closeClient, connectClient, noRetryOptions, type ControlClient, type RequestClient } from '../client/index.ts';
import type { Endpoint } from '../runtime/index.ts';
import { collectGarbage } from '../metrics/index.ts';
import { buildPlan, buildRequestPlan, runRequests, runTraceReplay, runWorkload, traceConnections, type OperationPlan, type RequestPlan, type RequestRun, type SpanHooks } from '../workload/index.ts';
import { newRequestRecords, openedConnections, recordRequests } from './request-results.ts';
import type { Calibration, ConfigCell, LinkShape, ServerClosed, SloProbe } from '../contracts/index.ts';
import { engineRunRecord, recordEngineRun, recordRun, runRecord, type ConfigRuns } from './result-assembly.ts';
import { calibrateShape, checkAborted, type RunSession } from './session.ts';
import { runEngineConfig, type EngineSetup } from './engine-runs.ts';
import { logMark, serverClosedOf, type NodeLog } from './server-settings.ts';
import type { Bystanders } from './bystander-runs.ts';
import { searchRate } from './slo-runs.ts';
import { adviseBatch } from './advise-runs.ts';

/** How one connection of a measured run is opened (before the timed span) and closed (after it). */
export interface Connector<C> {
  open(cell: ConfigCell): Promise<C>;
  close(client: C): Promise<void>;
}

/** ioredis clients to the config's endpoint (through the proxy, or straight to Redis for the
 * direct baseline), with auto-pipelining for `auto` modes; `nodes`: past one node, each node's
 * endpoints by name, for a cell that reads from a replica. */
export const endpointConnector = (endpoints: { proxied: Endpoint; direct: Endpoint; nodes?: ReadonlyMap<string, { proxied: Endpoint; direct: Endpoint }> }): Connector<Redis> => ({
  open: (cell) => {
    const node = cell.readFrom === undefined ? undefined : endpoints.nodes?.get(cell.readFrom);
    if (cell.readFrom !== undefined && node === undefined) throw new LabError('E_USAGE', `config ${cell.id} reads from ${cell.readFrom}, which this runtime does not have`, { hint: 'read-from names a node of the topology: primary or replica-N' });
    const endpoint = (node ?? endpoints)[cell.link === 'direct' ? 'direct' : 'proxied'];
    const options = autoPipelined(cell) ? { ...noRetryOptions, enableAutoPipelining: true } : noRetryOptions;
    const what = `${cell.readFrom === undefined ? '' : `${cell.readFrom} `}${cell.link === 'direct' ? 'direct' : 'through the proxy'}`;
    return connectClient(endpoint, what, options);
  },
  close: closeClient,
});

/** Whether a cell's connections auto-pipeline: `auto` modes and `batch: auto`. */
export const autoPipelined = (cell: ConfigCell): boolean => cell.mode.kind === 'auto' || cell.arrival?.batcher?.kind === 'auto';

/**
 * The clients of one measured run: `connections` clients opened by the connector. They connect
 * before the timed span and are closed after it; an abort disconnects every open one at once so
 * that a long sync run ends immediately.
 */
export class RunClients<C extends { disconnect(): void } = Redis> {
  private readonly open = new Set<C>();

  constructor(
    private readonly connector: Connector<C>,
    private readonly signal?: AbortSignal,
  ) {
    signal?.addEventListener('abort', () => {
      for (const client of this.open) client.disconnect();
    });
  }

  /** `count` clients (default: the cell's connections; an open-loop pool: its size). */
  async connect(cell: ConfigCell, count = cell.connections): Promise<C[]> {
    const settled = await Promise.allSettled(
      Array.from({ length: count }, async () => {
        const client = await this.connector.open(cell);
        this.open.add(client);
        return client;
      }),
    );
    const clients = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    // An abort while these were connecting missed them: without this, a long sync run would
    // start on them after Ctrl-C or SIGTERM and hold the lab for its whole length.
    if (failure !== undefined || this.signal?.aborted) {
      await this.close(clients); // no half-open set of connections is left behind
      checkAborted(this.signal);
      throw (failure as PromiseRejectedResult).reason;
    }
    return clients;
  }

  async close(clients: C[]): Promise<void> {
    await Promise.all(clients.map((client) => this.connector.close(client)));
    for (const client of clients) this.open.delete(client);
  }
}

export interface MeasureContext extends RunSession {
  clients: RunClients;
  /** A cluster's request workloads: ioredis Cluster clients (one per connection) instead of `clients`. */
  requestClients?: RunClients<RequestClient>;
  /** A cluster's control client (straight to every primary) instead of `direct` for request runs. */
  control?: ControlClient;
  /** Configs in the whole matrix, for progress. */
  total: number;
  /** The redis-benchmark engine drives every config instead of the lab's ioredis clients. */
  engine?: { setup: EngineSetup; endpoints: { proxied: Endpoint; direct: Endpoint } };
  /** The entry node's log, read for the server closing a run's client (scenario `server:`). */
  /** The logs the server-closed evidence is read from (server-settings.ts evidenceLogs). */
  serverLogs?: readonly NodeLog[];
  /** `bystander:` in the scenario: a second client beside every proxied measured run (issue 27). */
  bystanders?: Bystanders;
  /** A topology past one node: replication lag sampled around each measured run (topology-single.ts). */
  lagSpan?: (configId: string) => SpanHooks;
  /** A primary with replicas: the replicas that must hold each run's reset and prefill before it starts. */
  replicas?: number;
  /** A cluster with an rtt axis: shapes every node's link (but those network.nodes names) for a link group. */
  shapeLinks?: (link: LinkShape) => Promise<void>;
}

// Both hooks around one span: begun in order, ended in reverse.
const bothSpans = (a: SpanHooks | undefined, b: SpanHooks | undefined): SpanHooks | undefined =>
  a === undefined || b === undefined
    ? (a ?? b)
    : {
        begin: async () => {
          await a.begin();
          await b.begin();
        },
        end: async () => {
          await b.end();
          await a.end();
        },
      };

/** Rotation r of a list: [a,b,c] → r=1: [b,c,a]. */
const rotate = <T>(items: readonly T[], r: number): T[] => {
  const k = items.length === 0 ? 0 : r % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
};

/** Warms up and measures one link group; returns the link's calibration (none for direct). */
export const measureLink = async (ctx: MeasureContext, configs: ConfigRuns[]): Promise<Calibration | undefined> => {
  const { scenario, emit } = ctx;
  const first = configs[0];
  if (!first) throw new Error('measureLink needs at least one config');
  checkAborted(ctx.signal);
  if (first.cell.link !== 'direct') await ctx.shapeLinks?.(first.cell);
  const calibration = first.cell.link === 'direct' ? undefined : await calibrateShape(ctx, first.cell);

  // Plans are built once per config, outside every timed span (keys, values, arguments).
  const plans = new Map<ConfigRuns, OperationPlan>();
  const requestPlans = new Map<ConfigRuns, RequestPlan>();
  // By id: a rate search's probes are configs of their own with their config's id.
  const started = new Set<string>();
  const announce = (config: ConfigRuns) => {
    checkAborted(ctx.signal);
    if (!started.has(config.cell.id)) {
      started.add(config.cell.id);
      emit({ type: 'config-start', configId: config.cell.id, index: config.index, total: ctx.total });
    }
  };
  // A command workload's run: its plan built once per config, outside every timed span.
  const runCommands = async (config: ConfigRuns, span: SpanHooks | undefined) => {
    const { cell } = config;
    let plan = plans.get(config);
    if (plan === undefined) {
      plan = buildPlan(cell.workload, cell.commands, cell.valueBytes, scenario.seed);
      plans.set(config, plan);
    }
    const clients = await ctx.clients.connect(cell);
    const watched = scenario.server?.outputBufferLimit !== undefined;
    const marks = watched ? logMark(ctx) : [];
    try {
      const wait = cell.wait === undefined || cell.wait === null ? {} : { wait: cell.wait };
      const run = await runWorkload({ clients, control: ctx.direct, keyspace: ctx.keyspace, mode: cell.mode, plan, ...(span === undefined ? {} : { span }), ...wait, ...(ctx.replicas === undefined ? {} : { replicas: ctx.replicas }) });
      checkAborted(ctx.signal); // an abort drops the connections: the run it cut short is not a result
      const serverClosed = watched ? await serverClosedOf(marks, run, plan.size) : undefined;
      return serverClosed === undefined ? run : { ...run, serverClosed };
    } finally {
      await ctx.clients.close(clients);
    }
  };
  const runOnce = async (config: ConfigRuns, order: number) => {
    announce(config);
    const { cell } = config;
    const lag = order >= 0 ? ctx.lagSpan?.(cell.id) : undefined;
    // The bystander stands beside measured runs through the proxy (of every workload kind), then alone as long again.
    const bystanders = order >= 0 && cell.link !== 'direct' ? ctx.bystanders : undefined;
    const records = bystanders === undefined ? undefined : (config.bystander ??= bystanders.newRecords());
    const hooks = bothSpans(records === undefined ? undefined : bystanders?.spanHooks(records), lag);
    const run =
      cell.workload.trace !== undefined
        ? await runTraceConfig(ctx, config, hooks)
        : cell.workload.request !== undefined
          ? await runRequestConfig(ctx, config, requestPlans, hooks)
          : await runCommands(config, hooks);
    if (records !== undefined) await bystanders?.baseline(records, run.outcome.totalMs);
    return run;
  };
  // One run, kept (order >= 0) or a warmup (reported, never kept).
  const measure = async (config: ConfigRuns, order: number) => {
    if (ctx.engine !== undefined) {
      announce(config);
      // Replication lag on a topology is sampled around the tool's whole run (its start-up included).
      const lag = order >= 0 ? ctx.lagSpan?.(config.cell.id) : undefined;
      await lag?.begin();
      let run: Awaited<ReturnType<typeof runEngineConfig>>;
      try {
        run = await runEngineConfig(ctx, ctx.engine.setup, ctx.engine.endpoints, config);
      } finally {
        await lag?.end();
      }
      checkAborted(ctx.signal); // an abort kills the tool: the run it cut short is not a result
      return order < 0 ? engineRunRecord(run, order) : recordEngineRun(config, run, order);
    }
    const run = await runOnce(config, order);
    if (order < 0) return runRecord(run, order);
    const record = recordRun(config, run, order);
    if (config.requests !== undefined) recordRequests(config.requests, run);
    return record;
  };
  // One full collection per link group, before its first run: the calibration's and earlier
  // groups' garbage goes, and the warm-up runs re-optimize the code it deoptimized (see
  // lab/metrics/collect-garbage.ts); each run then empties only the young generation.
  collectGarbage('full');
  // Rate searches (`slo:`) run after the group's other configs, one probe after another.
  // Batch-size advisors (`advise:`) likewise, one depth after another.
  const searches = configs.filter((c) => c.cell.arrival?.slo !== undefined);
  const advised = configs.filter((c) => c.cell.workload.advise !== undefined);
  const fixed = configs.filter((c) => c.cell.arrival?.slo === undefined && c.cell.workload.advise === undefined);
  for (let w = 0; w < scenario.warmup; w++) {
    for (const config of rotate(fixed, w)) {
      const record = await measure(config, -1);
      emit({ type: 'run-done', configId: config.cell.id, index: config.index, total: ctx.total, warmup: true, runIndex: w, runCount: scenario.warmup, run: record });
    }
  }
  let order = 0;
  for (let r = 0; r < scenario.repeat; r++) {
    for (const config of rotate(fixed, r)) {
      const record = await measure(config, order++);
      emit({ type: 'run-done', configId: config.cell.id, index: config.index, total: ctx.total, warmup: false, runIndex: r, runCount: scenario.repeat, run: record });
    }
  }
  // Each probe: warmup then repeat runs of the config at the probe's rate, as any config.
  const runProbe = async (probe: ConfigRuns) => {
    for (let w = 0; w < scenario.warmup; w++) {
      const record = await measure(probe, -1);
      emit({ type: 'run-done', configId: probe.cell.id, index: probe.index, total: ctx.total, warmup: true, runIndex: w, runCount: scenario.warmup, run: record });
    }
    for (let r = 0; r < scenario.repeat; r++) {
      const record = await measure(probe, order++);
      emit({ type: 'run-done', configId: probe.cell.id, index: probe.index, total: ctx.total, warmup: false, runIndex: r, runCount: scenario.repeat, run: record });
    }
  };
  for (const config of searches) {
    const slo = config.cell.arrival?.slo;
    const onProbe = (probe: SloProbe, probeIndex: number) =>
      emit({ type: 'slo-probe-done', configId: config.cell.id, index: config.index, total: ctx.total, objective: slo?.objective ?? '', metric: slo?.metric ?? '', probeIndex, maxProbes: slo?.maxProbes ?? 0, probe });
    await searchRate(config, calibration === undefined ? [] : [calibration], runProbe, onProbe);
  }
  for (const config of advised) await adviseBatch(config, calibration === undefined ? [] : [calibration], runProbe);
  return calibration;
};

// One run of a request config: its plan is built once (outside every timed span); an open-loop
// pool opens its pool's connections, everything else the cell's connections.
const runRequestConfig = async (ctx: MeasureContext, config: ConfigRuns, plans: Map<ConfigRuns, RequestPlan>, span: SpanHooks | undefined): Promise<RequestRun & { serverClosed?: ServerClosed }> => {
  const { cell } = config;
  let plan = plans.get(config);
  if (plan === undefined) {
    plan = buildRequestPlan(cell.workload, cell.arrival?.requests ?? cell.commands, ctx.scenario.seed);
    plans.set(config, plan);
    config.requests = newRequestRecords(plan.commands, cell.arrival);
  }
  const connector: RunClients<RequestClient> = ctx.requestClients ?? ctx.clients;
  const clients = await connector.connect(cell, openedConnections(cell));
  const watched = ctx.scenario.server?.outputBufferLimit !== undefined;
  const marks = watched ? logMark(ctx) : [];
  try {
    const run = await runRequests({ clients, control: ctx.control ?? ctx.direct, keyspace: ctx.keyspace, cell, plan, seed: ctx.scenario.seed, ...(span === undefined ? {} : { span }) });
    checkAborted(ctx.signal);
    const issued = plan.plans.reduce((sum, p) => sum + p.size, 0);
    const serverClosed = watched ? await serverClosedOf(marks, run, issued) : undefined;
    return serverClosed === undefined ? run : { ...run, serverClosed };
  } finally {
    await connector.close(clients);
  }
};

// One run of a trace config (issue 27): the trace was read when the scenario file was loaded;
// one connection per traced client (or one shared), opened before and closed after the run.
const runTraceConfig = async (ctx: MeasureContext, config: ConfigRuns, hooks: SpanHooks | undefined): Promise<RequestRun> => {
  const { cell } = config;
  const trace = cell.workload.trace;
  const replay = trace?.replay;
  if (trace === undefined || replay === undefined) {
    throw new LabError('E_SCENARIO_INVALID', `workload ${cell.workload.label}: its trace file ${trace?.file ?? ''} was not read`, {
      hint: 'load the scenario with loadScenarioFile (a file path), which reads trace files relative to it; an inline scenario cannot name one',
    });
  }
  config.requests ??= newRequestRecords(replay.commands, cell.arrival);
  const connector: RunClients<RequestClient> = ctx.requestClients ?? ctx.clients;
  const clients = await connector.connect(cell, traceConnections(replay, trace.connections));
  try {
    const run = await runTraceReplay({ clients, control: ctx.control ?? ctx.direct, keyspace: ctx.keyspace, cell, replay, connections: trace.connections, ...(hooks === undefined ? {} : { hooks }) });
    checkAborted(ctx.signal);
    return run;
  } finally {
    await connector.close(clients);
  }
};
