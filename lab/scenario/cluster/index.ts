export { parseClusterScenario, loadClusterScenarioFile, loadClusterScenario } from './parse-cluster.ts';
export { clusterScenarioOf } from './from-shared.ts';
