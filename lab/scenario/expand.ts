// The matrix: one config per rtt × jitter × mode, in file order, with readable stable ids.

import { modeLabel, type ConfigCell, type Scenario } from './types.ts';
import { formatMs } from './units.ts';

// `pipeline:256@rtt=10ms`, plus `,jitter=2ms` only when there is jitter.
const cellId = (cell: Omit<ConfigCell, 'id'>): string =>
  `${modeLabel(cell.mode)}@rtt=${formatMs(cell.rttMs)}${cell.jitterMs > 0 ? `,jitter=${formatMs(cell.jitterMs)}` : ''}`;

/** Every config cell: rtt is the outer loop, then jitter, then mode. */
export const expandMatrix = (s: Scenario): ConfigCell[] =>
  s.network.rttMs.flatMap((rttMs) =>
    s.network.jitterMs.flatMap((jitterMs) =>
      s.modes.map((mode) => ({ id: cellId({ rttMs, jitterMs, mode }), rttMs, jitterMs, mode })),
    ),
  );
