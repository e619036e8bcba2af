export { drive, type DriveOutcome } from './drive.ts';
export { verifyIncrRun, type Verdict } from './verify.ts';
export { runIncr, type IncrRun } from './incr-run.ts';
