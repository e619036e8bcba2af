export { startCluster } from './start.ts';
export { startContainersCluster } from './containers-cluster.ts';
export { startLocalCluster } from './local-cluster.ts';
export { clusterInfo, clusterNodes, adminClient, nodeRole } from './admin.ts';
export type { ClusterNode, StartedCluster } from './types.ts';
