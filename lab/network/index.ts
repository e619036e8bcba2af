export {
  ToxiproxyApi,
  ToxiproxyHttpError,
  toxiproxyClient,
  withApiTimeout,
  TOXIPROXY_API_TIMEOUT_MS,
  type ToxicSpec,
  type ToxicInfo,
  type ToxicType,
  type ToxicStream,
  type ProxyInfo,
} from './toxiproxy.ts';
export { applyLink, linkToxics, linkShape, bandwidthToxics, latencySplitMs, isLinkToxic, LAB_TOXIC_PREFIX, FAULT_TOXIC_PREFIX, type LinkShapeInput } from './link.ts';
export { faultPlan, startFault, type FaultPlan, type FaultApi, type FaultHandle, type HealReport } from './faults.ts';
export {
  samplePingMs,
  calibrateLink,
  type CalibrateLinkInput,
  summarizeCalibration,
  calibrationToleranceMs,
  calibrationWithinTolerance,
} from './calibrate.ts';
