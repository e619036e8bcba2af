// Public surface of lab/scenario: load and parse scenario files (YAML or JSON, every problem at
// file:line:col), expand them into config and fault cells, and read and write back the
// quantities scenario text carries (durations, sizes, rates).

export * from '../contracts/index.ts';
export { loadScenarioFile, parseScenario } from './load.ts';
export { expandMatrix, expandFaultCells, faultArrival, type FaultCell, type FaultMode } from './expand.ts';
export { parseDuration, durationIn, type Duration } from './quantities.ts';
export { parseSize, formatSize, parseRate, formatRate, formatBandwidth } from './quantities.ts';
export { formatValueSize } from './operation.ts';
export { ScenarioError } from './problems.ts';
export { estimateWork, describeWork, type WorkEstimate } from './work.ts';
export { scenarioSchema, scenarioSchemaText } from './schema/schema.ts';
