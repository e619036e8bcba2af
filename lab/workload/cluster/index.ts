export { clusterOps, driveCluster } from './cluster-drive.ts';
