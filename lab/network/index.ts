export { ToxiproxyApi, ToxiproxyHttpError, toxiproxyClient, withApiTimeout } from './toxiproxy.ts';
export { applyLink, linkToxics, linkShape, latencySplitMs, isLinkToxic } from './link.ts';
export { faultPlan, startFault, type FaultHandle, type HealReport } from './faults.ts';
export { calibrateLink, summarizeCalibration, calibrationToleranceMs, calibrationWithinTolerance } from './calibrate.ts';
export { startRelay, type Relay } from './relay.ts';
export { startSourceGate, type SourceGate } from './source-gate.ts';
export { respRequestReader } from './resp-requests.ts';
