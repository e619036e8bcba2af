export { startRuntime, pickRuntime } from './auto.ts';
export { chooseImages, pinnedImage, OFFLINE_IMAGES } from './container-images.ts';
export { findBinary } from './local-processes.ts';
export { LAB_LABEL, pidAlive } from './leftovers.ts';
export type { Endpoint, PeerProxy, StartedNode, StartedRuntime, StartOptions, StopReport, RuntimeChoice } from './types.ts';
export { EXTERNAL_ENV, type ExternalTarget } from './external-target.ts';
export type { ServerLog } from './server-log.ts';
