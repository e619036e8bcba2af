export { LabError, isLabError, errorMessage, interruptedError, type LabErrorCode } from './lab-error.ts';
export { withTimeout, type TimeoutErrorFactory } from './with-timeout.ts';
