export { startRuntime, dockerUnavailableReason, pickRuntime, type AvailableParts } from './auto.ts';
export { startContainersRuntime, chooseImages, pinnedImage, OFFLINE_IMAGES } from './containers.ts';
export { startLocalRuntime, localBinaries } from './local.ts';
export { findBinary } from './local-processes.ts';
export { LAB_LABEL, pidAlive } from './leftovers.ts';
export type { Endpoint, StartedRuntime, StartOptions, StopReport, RuntimeChoice } from './types.ts';
