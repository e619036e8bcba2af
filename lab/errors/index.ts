export { LabError, isLabError, errorMessage, type LabErrorCode } from './lab-error.ts';
