// The matrix: one config per link shape (rtt × jitter × bandwidth) × workload × commands ×
// value size × connections × mode, with readable, unique, stable ids. Link shapes are the outer
// loops so configs that share a link are adjacent (the runner applies each link once).

import { batchSize, modeLabel, type Bandwidth, type ConfigCell, type Scenario } from '../contracts/index.ts';
import { formatBandwidth, formatMs, formatValueSize, isUnlimited } from './format.ts';

interface Link {
  link: ConfigCell['link'];
  rttMs: number;
  jitterMs: number;
  bandwidth: Bandwidth;
}

const UNCAPPED: Bandwidth = { upKBps: null, downKBps: null };

/**
 * `[<label> ]<mode>@<link>[,jitter=2ms][,bw=…][,conns=N][,value=…][,n=N]`: the label only with
 * several workloads, jitter, bw and conns only when they are not the default (0ms, uncapped, 1),
 * value and n only when that workload's axis has several entries.
 */
export const configCellId = (cell: Omit<ConfigCell, 'id' | 'batch'>, workloadCount: number): string => {
  const w = cell.workload;
  const parts = [
    cell.link === 'direct' ? 'direct' : `rtt=${formatMs(cell.rttMs)}`,
    cell.jitterMs > 0 ? `jitter=${formatMs(cell.jitterMs)}` : '',
    isUnlimited(cell.bandwidth) ? '' : `bw=${formatBandwidth(cell.bandwidth)}`,
    cell.connections > 1 ? `conns=${cell.connections}` : '',
    w.valueBytes.length > 1 ? `value=${formatValueSize(cell.valueBytes)}` : '',
    w.commands.length > 1 ? `n=${cell.commands}` : '',
  ];
  return `${workloadCount > 1 ? `${w.label} ` : ''}${modeLabel(cell.mode)}@${parts.filter((p) => p !== '').join(',')}`;
};

// Every config on one link shape, workload outermost and mode innermost, in file order.
const cellsOn = (s: Scenario, link: Link): ConfigCell[] =>
  s.workloads.flatMap((workload) =>
    workload.commands.flatMap((commands) =>
      workload.valueBytes.flatMap((valueBytes) =>
        s.connections.flatMap((connections) =>
          s.modes.map((mode): ConfigCell => {
            const cell = { workload, commands, valueBytes, ...link, mode, connections };
            return { id: configCellId(cell, s.workloads.length), ...cell, batch: batchSize(mode, commands) };
          }),
        ),
      ),
    ),
  );

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
