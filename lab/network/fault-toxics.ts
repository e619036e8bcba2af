// What a fault action means on the proxy: the toxics to add, or the proxy to disable. Pure;
// fault-controller.ts applies it and heals it. Every fault toxic is named `lab_fault_*`, so
// applyLink (which replaces the link's own `lab_*` toxics) never removes a standing fault.
//
// - reset: reset_peer (timeout 0) on the downstream. The command reaches Redis and is applied;
//   its reply is the first chunk back, which the toxic drops before closing the connection, so
//   the client is left not knowing (the case reconciliation is for). Toxiproxy only sets
//   SO_LINGER=0 (a real RST) on connections opened while a reset_peer toxic stands, so a
//   connection that was already open is closed with a FIN; either way the client sees it close.
// - cut-after: limit_data on one stream. It passes exactly `bytes` bytes (counted per
//   connection from the moment the toxic is added, or from connect for a connection opened
//   while it stands), truncating the chunk that crosses the limit, then closes the connection.
// - stall: timeout (timeout 0) on both streams: every byte either way is dropped and the
//   connection stays open, like a partition. Removing a timeout toxic closes the connections
//   it stalled (Toxiproxy PR #168), so healing a stall ends them.
// - down: the proxy disabled; existing connections closed, new ones refused.
// - bandwidth: a per-direction cap, as in a link profile.

import { LabError } from '../errors/index.ts';
import type { FaultAction } from '../contracts/index.ts';
import { bandwidthToxics, FAULT_TOXIC_PREFIX } from './link-profile.ts';
import type { ToxicSpec } from './toxiproxy-api.ts';

export type FaultPlan = { kind: 'toxics'; toxics: ToxicSpec[] } | { kind: 'proxy-disabled' };

const invalid = (message: string, hint: string) => new LabError('E_SCENARIO_INVALID', message, { hint });

// `bytes`: for cut-after, the byte count to let through (the lab sizes its units and
// plusBytes into it); ignored by the other actions.
export const faultPlan = (action: FaultAction, bytes?: number): FaultPlan => {
  switch (action.kind) {
    case 'reset':
      return { kind: 'toxics', toxics: [{ name: `${FAULT_TOXIC_PREFIX}reset_downstream`, type: 'reset_peer', stream: 'downstream', attributes: { timeout: 0 } }] };
    case 'cut-after': {
      if (bytes === undefined || !Number.isInteger(bytes) || bytes < 0) {
        throw invalid(`A cut-after fault needs a whole, non-negative byte count, got ${String(bytes)}`, 'Size the cut as the bytes of `units` whole replies or commands plus `plusBytes`.');
      }
      const stream = action.direction === 'up' ? 'upstream' : 'downstream';
      return { kind: 'toxics', toxics: [{ name: `${FAULT_TOXIC_PREFIX}cut_after_${stream}`, type: 'limit_data', stream, attributes: { bytes } }] };
    }
    case 'stall':
      return {
        kind: 'toxics',
        toxics: (['upstream', 'downstream'] as const).map((stream) => ({ name: `${FAULT_TOXIC_PREFIX}stall_${stream}`, type: 'timeout' as const, stream, attributes: { timeout: 0 } })),
      };
    case 'down':
      return { kind: 'proxy-disabled' };
    case 'bandwidth': {
      const toxics = bandwidthToxics(action.bandwidth, FAULT_TOXIC_PREFIX);
      if (toxics.length === 0) throw invalid('A bandwidth fault caps neither direction', 'Give upKBps and/or downKBps as whole KB/s (1 KB = 1000 bytes).');
      return { kind: 'toxics', toxics };
    }
  }
};
