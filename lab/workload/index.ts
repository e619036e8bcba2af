// Public surface of lab/workload: operation plans, the measured run and its drivers, and the
// fault run's driver with its cut sizing. To follow one measured run, read plan.ts, drive.ts,
// reply-checks.ts / run-checks.ts and measured-run.ts, in that order.

export { buildPlan, type OperationPlan } from './plan.ts';
export { describeKeys } from './key-distributions.ts';
export { drive, type DriveOutcome } from './drive.ts';
export { runWorkload, type SpanHooks, type WorkloadRun } from './measured-run.ts';
export { waitCounts, type WaitTally } from './wait-after.ts';
export { startGetLoop, type BystanderSpan, type RunningLoop } from './bystander/loop.ts';
export { BystanderChild } from './bystander/process.ts';
export { driveWithLedger, tagKeys, wrapOp, type OpWrapping } from './fault-drive.ts';
export { sleepMs } from './abortable-sleep.ts';
export { driveRequestsWithLedger, REQUEST_STATUS, type RequestTimes } from './request-fault-drive.ts';
export { scheduleOffsetsUs } from './open-loop.ts';
export { cutAfterBytes } from './cut-bytes.ts';
export { buildRequestPlan, runRequests, type RequestPlan, type RequestRun } from './request-run.ts';
export { benchmarkCommand, randKey } from './redis-benchmark/command-line.ts';
export { parseBenchmarkReport, benchmarkComplaint } from './redis-benchmark/output.ts';
export { runChild } from './redis-benchmark/child.ts';
export { runKeyPattern, runUserRules } from './redis-benchmark/run-user.ts';
export { runBenchmarkWorkload, type BenchmarkRun, type BenchmarkTarget } from './redis-benchmark/run.ts';
export type { BatchRecord } from './window-batcher.ts';
export { runTraceReplay, traceConnections } from './trace-replay.ts';
