// The matrices a scenario expands to. Performance: one config per link shape (rtt × jitter ×
// bandwidth) × workload × commands × value size × connections × mode, with readable, unique,
// stable ids; link shapes are the outer loops so configs that share a link are adjacent (the
// runner applies each link once). Faults: one cell per link shape × fault × mode × policy.

import {
  batchSize,
  batcherLabel,
  clientsLabel,
  modeLabel,
  rateLabel,
  UNCAPPED,
  asksReplication,
  waitLabel,
  workloadReads,
  type Bandwidth,
  type CellArrival,
  type ConfigCell,
  type Fault,
  type LinkShape,
  type Mode,
  type RetryPolicy,
  type Scenario,
  type ValueSize,
  type WaitOption,
  type Workload,
} from '../contracts/index.ts';
import { formatBandwidth, formatMs, isUnlimited } from './quantities.ts';
import { formatValueSize } from './operation.ts';

// A matrix cell's link: the shape, and whether it goes through the proxy at all.
type Link = LinkShape & { link: ConfigCell['link'] };

/**
 * `[<label> ]<mode>@<link>[,jitter=2ms][,bw=…][,conns=N][,value=…][,n=N][,rate=…][,clients=…][,batch=…]`: the
 * label only with several workloads, jitter, bw and conns only when they are not the default (0ms,
 * uncapped, 1), value, n and clients only when that workload's axis has several entries.
 */
const configCellId = (cell: Omit<ConfigCell, 'id' | 'batch'>, workloadCount: number): string => {
  const w = cell.workload;
  const parts = [
    cell.link === 'direct' ? 'direct' : `rtt=${formatMs(cell.rttMs)}`,
    cell.jitterMs > 0 ? `jitter=${formatMs(cell.jitterMs)}` : '',
    isUnlimited(cell.bandwidth) ? '' : `bw=${formatBandwidth(cell.bandwidth)}`,
    cell.connections > 1 ? `conns=${cell.connections}` : '',
    w.valueBytes.length > 1 ? `value=${formatValueSize(cell.valueBytes)}` : '',
    w.commands.length > 1 ? `n=${cell.commands}` : '',
  ];
  // A rate search (`slo:`) has no one rate: its probes are in the result's slo block.
  if (cell.arrival !== undefined) parts.push(cell.arrival.slo !== undefined ? 'rate=search' : `rate=${rateLabel(cell.arrival.ramp ?? { fromPerSec: cell.arrival.ratePerSec, toPerSec: cell.arrival.ratePerSec })}`);
  if (cell.arrival !== undefined && (w.request?.clients.length ?? 0) > 1) parts.push(`clients=${clientsLabel(cell.arrival.clients)}`);
  // The batch-size advisor (`advise:`) has no one size: its probes are in the result's advice block.
  const batcher = cell.arrival?.batcher;
  if (batcher !== undefined) parts.push(`batch=${w.advise !== undefined && batcher.kind === 'window' ? `${batcher.windowMs}ms/advise` : batcherLabel(batcher)}`);
  const mode = w.advise !== undefined && w.request === undefined && cell.mode.kind === 'pipeline' ? 'pipeline:advise' : modeLabel(cell.mode);
  return `${workloadCount > 1 ? `${w.label} ` : ''}${mode}@${parts.filter((p) => p !== '').join(',')}`;
};

// Open-loop: one arrival per clients mode, rate and batcher of the axes (requests: rate x for, or
// the workload's count), clients outer so a clients mode's rates are adjacent, batchers inner so
// one rate's batchers are.
const arrivalsOf = (w: Workload, requests: number): (CellArrival | undefined)[] => {
  const arrival = w.request?.arrival;
  if (w.request === undefined || arrival === undefined) return [undefined];
  const batchers = w.request.batchers ?? [undefined];
  return w.request.clients.flatMap((clients) => arrival.rates.flatMap((rate) => batchers.map((batcher) => {
    // A ramp offers its mean rate over the schedule: rate x for requests either way.
    const ratePerSec = (rate.fromPerSec + rate.toPerSec) / 2;
    return {
      ratePerSec,
      ...(rate.fromPerSec === rate.toPerSec ? {} : { ramp: rate }),
      requests: arrival.forMs === null ? requests : Math.max(1, Math.round((ratePerSec * arrival.forMs) / 1000)),
      process: arrival.process,
      deadlineMs: arrival.deadlineMs,
      clients,
      ...(batcher === undefined ? {} : { batcher }),
      windowMs: arrival.windowMs,
      ...(arrival.slo === undefined ? {} : { slo: arrival.slo }),
    };
  })));
};

/** A request workload's one arrival under a fault (faults take no arrival axes); undefined: closed-loop. */
export const faultArrival = (w: Workload): CellArrival | undefined => arrivalsOf(w, w.commands[0] ?? 1)[0];


// Every config on one link shape, workload outermost and mode innermost, in file order.
const cellsOn = (s: Scenario, link: Link): ConfigCell[] =>
  s.workloads.flatMap((workload) => {
    const cells = workload.commands.flatMap((commands) =>
      workload.valueBytes.flatMap((valueBytes) =>
        s.connections.flatMap((connections) =>
          s.modes.flatMap((mode): ConfigCell[] =>
            arrivalsOf(workload, commands).map((arrival) => {
              const cell = { workload, commands, valueBytes, ...link, mode, connections, ...(arrival === undefined ? {} : { arrival }) };
              return { id: configCellId(cell, s.workloads.length), ...cell, batch: batchSize(mode, commands) };
            }),
          ),
        ),
      ),
    );
    return asksReplication(s.replication) ? replicationCells(s, workload, cells) : cells;
  });

/**
 * A primary with replicas that asks WAIT or reads from a replica: each cell once per WAIT setting
 * (a workload that only reads: once, without WAIT), its reads sent to `read-from`. Ids name the
 * workload and the setting, `SET / WAIT 1 100ms`, `GET / reads from replica-1`, then the cell's
 * own id when the workload has several cells: `SET / no WAIT / pipeline:32@rtt=1ms`.
 */
const replicationCells = (s: Pick<Scenario, 'replication' | 'workloads'>, workload: Workload, cells: readonly ConfigCell[]): ConfigCell[] => {
  const replication = s.replication;
  if (replication === undefined) return [...cells];
  const reads = workloadReads(workload);
  const readFrom = reads && replication.readFrom !== 'primary' ? replication.readFrom : undefined;
  const waits: (WaitOption | null)[] = reads ? [null] : replication.wait;
  return waits.flatMap((wait) =>
    cells.map((cell) => {
      const setting = readFrom === undefined ? waitLabel(wait) : `reads from ${readFrom}`;
      const own = cells.length > 1 ? ` / ${configCellId(cell, 1)}` : '';
      return { ...cell, id: `${workload.label} / ${setting}${own}`, wait, ...(readFrom === undefined ? {} : { readFrom }) };
    }),
  );
};

/**
 * Every config cell. With `direct: true` the direct configs come first (rtt 0, no jitter, no
 * cap: the baseline), then each proxied link shape: rtt, then jitter, then bandwidth.
 */
export const expandMatrix = (s: Scenario): ConfigCell[] => {
  const direct = s.network.direct ? cellsOn(s, { link: 'direct', rttMs: 0, jitterMs: 0, bandwidth: UNCAPPED }) : [];
  const proxied = s.network.rttMs.flatMap((rttMs) =>
    s.network.jitterMs.flatMap((jitterMs) => s.network.bandwidth.flatMap((bandwidth) => cellsOn(s, { link: 'proxied', rttMs, jitterMs, bandwidth }))),
  );
  return [...direct, ...proxied];
};

// --- the fault matrix: one cell per link shape × fault × mode × retry policy, each run `repeat`
// times and reconciled. Fault scenarios have one commands value, one value size and one
// connections value (fault-rules.ts), so those are not axes here; several workloads (writes
// compared side by side) are one cell each.

/** Modes a fault can run under: all of them (auto:C runs C concurrent callers per connection). */
export type FaultMode = Mode;

/** One fault run configuration. */
export interface FaultCell {
  /** `<fault> / <mode> / <policy>`, plus ` @conns=4` on several connections and ` @rtt=10ms` (and jitter, bw) when the scenario has several. */
  id: string;
  fault: Fault;
  mode: FaultMode;
  policy: RetryPolicy;
  workload: Workload;
  commands: number;
  valueBytes: ValueSize;
  rttMs: number;
  jitterMs: number;
  bandwidth: Bandwidth;
  /** Commands per batch with `all` resolved (1 for sync). */
  batch: number;
  connections: number;
}

// ` @rtt=10ms,jitter=2ms`: only the link axes that have several values.
const linkSuffix = (s: Scenario, rttMs: number, jitterMs: number, bandwidth: Bandwidth, connections = 1): string => {
  const parts = [
    connections > 1 ? `conns=${connections}` : '',
    s.network.rttMs.length > 1 ? `rtt=${formatMs(rttMs)}` : '',
    s.network.jitterMs.length > 1 ? `jitter=${formatMs(jitterMs)}` : '',
    s.network.bandwidth.length > 1 ? `bw=${formatBandwidth(bandwidth)}` : '',
  ].filter((p) => p !== '');
  return parts.length === 0 ? '' : ` @${parts.join(',')}`;
};

/**
 * Every fault cell, link shapes outermost (like expandMatrix), then fault, mode, policy and (when
 * there are several, e.g. INCR vs LPUSH vs SADD) workload; [] without faults.
 */
export const expandFaultCells = (s: Scenario): FaultCell[] => {
  const [first] = s.workloads;
  const commands = first?.commands[0];
  if (first === undefined || commands === undefined) return [];
  const connections = s.connections[0] ?? 1;
  return s.network.rttMs.flatMap((rttMs) =>
    s.network.jitterMs.flatMap((jitterMs) =>
      s.network.bandwidth.flatMap((bandwidth) =>
        s.faults.flatMap((fault) =>
          s.modes.flatMap((mode) =>
            s.policies.flatMap((policy) =>
              s.workloads.map(
                (workload): FaultCell => ({
                  id: `${s.workloads.length > 1 ? `${workload.label} / ` : ''}${fault.name} / ${modeLabel(mode)} / ${policy}${linkSuffix(s, rttMs, jitterMs, bandwidth, connections)}`,
                  fault,
                  mode,
                  policy,
                  workload,
                  commands,
                  valueBytes: workload.valueBytes[0] ?? { minBytes: 0, maxBytes: 0 },
                  rttMs,
                  jitterMs,
                  bandwidth,
                  batch: batchSize(mode, commands),
                  connections,
                }),
              ),
            ),
          ),
        ),
      ),
    ),
  );
};
