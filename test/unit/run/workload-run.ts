// A measured run as runWorkload returns it, for the result-assembly tests: its waits given as
// [µs, commands answered] pairs, and the rest of its figures fixed.

import type { WorkloadRun } from '../../../lab/workload/index.ts';

export const workloadRun = (totalMs: number, waits: [number, number][], over: Partial<WorkloadRun> = {}): WorkloadRun => ({
  verified: true,
  outcome: {
    totalMs,
    waitUs: Float64Array.from(waits.map(([us]) => us)),
    waitSize: Uint32Array.from(waits.map(([, n]) => n)),
    waits: waits.length,
    replyCheck: null,
    wrongReplies: 0,
    errorsByKind: {},
  },
  clientGcMs: 0.5,
  memory: { peakRssBytes: 100, peakHeapUsedBytes: 50, startRssBytes: 80, startHeapUsedBytes: 40 },
  serverInfo: {
    netInputBytes: 10, netOutputBytes: 20, clientRecentMaxInputBufferBytes: 0, clientRecentMaxOutputBufferBytes: 0,
    usedMemoryPeakBytes: 1000, evictedKeys: 0, rejectedConnections: 0, queryBufferLimitDisconnections: 0,
    outputBufferLimitDisconnections: 0, errorStats: {},
  },
  costs: { clientCpuMs: 1, serverMs: 0.5, bytesUp: 10, bytesDown: 20 },
  ...over,
});
