export { parseClusterScenario, loadClusterScenarioFile } from './parse-cluster.ts';
