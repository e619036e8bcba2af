export { startRuntime, dockerUnavailableReason, pickRuntime, type AvailableParts } from './auto.ts';
export { startContainersRuntime, REDIS_CONTAINER_COMMAND } from './containers.ts';
export { startLocalRuntime, localBinaries } from './local.ts';
export { chooseImages, pinnedImage, OFFLINE_IMAGES } from './images.ts';
export { LAB_LABEL } from './reaper.ts';
export type { Endpoint, StartedRuntime, StartOptions, StopReport, RuntimeChoice } from './types.ts';
export { pidAlive } from './pid-alive.ts';
