export { ToxiproxyApi, ToxiproxyHttpError, type ToxicSpec, type ToxicInfo, type ToxicType, type ToxicStream, type ProxyInfo } from './toxiproxy-api.ts';
export { withApiTimeout, TOXIPROXY_API_TIMEOUT_MS } from './with-timeout.ts';
export {
  linkToxics,
  linkProfile,
  bandwidthToxics,
  latencySplitMs,
  isLinkToxic,
  LAB_TOXIC_PREFIX,
  FAULT_TOXIC_PREFIX,
  UNCAPPED,
  type LinkProfile,
  type LinkProfileInput,
} from './link-profile.ts';
export { applyLink } from './apply-link.ts';
export { faultPlan, type FaultPlan } from './fault-toxics.ts';
export { startFault, type FaultApi, type FaultHandle, type HealReport } from './fault-controller.ts';
export {
  samplePingMs,
  calibrateLink,
  type CalibrateLinkInput,
  summarizeCalibration,
  calibrationToleranceMs,
  calibrationWithinTolerance,
} from './calibrate.ts';
