// Stated in every result, so that no figure is read for more than it is.
export const NOT_MEASURED = [
  'Per-command latency is closed-loop: each command or batch is sent when the previous reply arrived, so it is not latency under an arrival rate (no open-loop schedule, no coordinated-omission correction).',
  "A pipeline command's latency is its whole batch's time; the time a request would wait for its batch to fill is not modelled.",
  'One client connection on one machine: client CPU and Node event-loop time are inside every figure; server-side command time is not separated out.',
  'No persistence (save "", appendonly no), no TLS, no bandwidth cap, no packet loss: the link adds latency only.',
  'Client memory (peak RSS, heap) and server INFO deltas are not collected yet.',
  'Calibration measures PING; latency toxics apply per chunk, so a large write split into several chunks may be delayed more than the calibrated rtt.',
];
