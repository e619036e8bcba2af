// The fault matrix: one cell per link shape × fault × mode × retry policy, each run `repeat`
// times and reconciled. Fault scenarios have one workload, one commands value, one value size
// and one connection (fault-rules.ts), so those are not axes here.

import { batchSize, modeLabel, type Bandwidth, type Fault, type Mode, type RetryPolicy, type Scenario, type ValueSize, type Workload } from '../contracts/index.ts';
import { formatBandwidth, formatMs } from './format.ts';

/** Modes a fault can run under (fault-rules.ts rejects auto: callers' fates mix). */
export type FaultMode = Extract<Mode, { kind: 'sync' | 'pipeline' | 'multi' }>;

const isFaultMode = (mode: Mode): mode is FaultMode => mode.kind !== 'auto';

/** One fault run configuration. */
export interface FaultCell {
  /** `<fault> / <mode> / <policy>`, plus ` @rtt=10ms` (and jitter, bw) when the scenario has several. */
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
const linkSuffix = (s: Scenario, rttMs: number, jitterMs: number, bandwidth: Bandwidth): string => {
  const parts = [
    s.network.rttMs.length > 1 ? `rtt=${formatMs(rttMs)}` : '',
    s.network.jitterMs.length > 1 ? `jitter=${formatMs(jitterMs)}` : '',
    s.network.bandwidth.length > 1 ? `bw=${formatBandwidth(bandwidth)}` : '',
  ].filter((p) => p !== '');
  return parts.length === 0 ? '' : ` @${parts.join(',')}`;
};

/** Every fault cell, link shapes outermost (like expandMatrix), then fault, mode and policy; [] without faults. */
export const expandFaultCells = (s: Scenario): FaultCell[] => {
  const [workload] = s.workloads;
  const commands = workload?.commands[0];
  const valueBytes = workload?.valueBytes[0];
  if (workload === undefined || commands === undefined || valueBytes === undefined) return [];
  const connections = s.connections[0] ?? 1;
  return s.network.rttMs.flatMap((rttMs) =>
    s.network.jitterMs.flatMap((jitterMs) =>
      s.network.bandwidth.flatMap((bandwidth) =>
        s.faults.flatMap((fault) =>
          s.modes.filter(isFaultMode).flatMap((mode) =>
            s.policies.map(
              (policy): FaultCell => ({
                id: `${fault.name} / ${modeLabel(mode)} / ${policy}${linkSuffix(s, rttMs, jitterMs, bandwidth)}`,
                fault,
                mode,
                policy,
                workload,
                commands,
                valueBytes,
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
  );
};
