export { clusterInfo, clusterNodes, adminClient, nodeRole } from './admin.ts';
