// Stated in every result, so that no figure is read for more than it is.

import type { Scenario } from '../contracts/index.ts';

const ALWAYS = [
  'Per-command latency is closed-loop: each command or batch is sent when the previous reply arrived, so it is not latency under an arrival rate (no open-loop schedule, no coordinated-omission correction).',
  "A pipeline command's latency is its whole batch's time; the time a request would wait for its batch to fill is not modelled.",
  'The client runs in one Node process on the same machine: client CPU and event-loop time are inside every figure; server-side command time is not separated out.',
  'No persistence (save "", appendonly no), no TLS, no packet loss: the link adds latency and, where the scenario says so, a bandwidth cap.',
  'Client memory is sampled (every 5 ms and after each batch) after a full garbage collection before each run, so a shorter peak can be missed and the heap peak includes garbage not yet collected during the run; RSS includes everything the Node process holds (its plans, earlier results), not only the run.',
  'Server INFO is read before and after each run on a separate connection; its own bytes (a few KB per run) are inside the net in/out deltas, and the buffer gauges (client_recent_max_input/output_buffer) are server-wide over the last few seconds, so they also see the lab\'s own prefill and read-back (sent in chunks of at most 64 KB to keep that small).',
  'Calibration measures PING; latency toxics apply per chunk, so a large write split into several chunks may be delayed more than the calibrated rtt.',
];

const FAULTS = [
  'Fault runs judge correctness, not speed: their timings are not reported as latency.',
  'With reconcile tags (the default), each operation is a Lua script that runs the command and appends its id to a log; the reply is the command\'s own, but the server does a little more work per operation than the bare command.',
];

export const notMeasured = (scenario: Scenario): string[] => (scenario.faults.length > 0 ? [...ALWAYS, ...FAULTS] : ALWAYS);
