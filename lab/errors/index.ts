export { LabError, isLabError, errorMessage, interruptedError, type LabErrorCode } from './lab-error.ts';
export { withTimeout } from './with-timeout.ts';
export { redact, redactData, redactError, registerSecret } from './redact.ts';
