export { clusterCommand, clusterKeys, clusterOps, driveCluster } from './cluster-drive.ts';
