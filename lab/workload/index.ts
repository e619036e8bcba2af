// Public surface of lab/workload: operation plans, the drivers and one complete measured run.

export { buildPlan, scriptSha, type OperationPlan } from './commands.ts';
export { describeKeys } from './keys.ts';
export { drive, type DriveInput } from './drive.ts';
export type { DriveOutcome } from './outcome.ts';
export { runWorkload, type WorkloadRun, type WorkloadRunInput } from './workload-run.ts';
export { verifyRun, type Verdict } from './verify-run.ts';
export { driveWithLedger, type FaultDriveInput } from './fault-drive.ts';
export { cutAfterBytes, type CutContext } from './cut-bytes.ts';
export { tagKeys, wrapOp, TAGGED_SCRIPT, IDEMPOTENT_SCRIPT, type OpWrapping } from './tagged-ops.ts';
export { commandBytes, integerReplyBytes, okReplyBytes } from './resp-size.ts';
