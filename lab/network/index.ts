export { ToxiproxyApi, type ToxicSpec } from './toxiproxy-api.ts';
export { withApiTimeout, TOXIPROXY_API_TIMEOUT_MS } from './with-timeout.ts';
export { linkToxics, latencySplitMs, LAB_TOXIC_PREFIX, type LinkProfile } from './link-profile.ts';
export { applyLink } from './apply-link.ts';
export {
  samplePingMs,
  calibrateLink,
  type CalibrateLinkInput,
  summarizeCalibration,
  calibrationToleranceMs,
  calibrationWithinTolerance,
} from './calibrate.ts';
