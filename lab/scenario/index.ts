// Public surface of lab/scenario: load and parse scenario files (YAML or JSON, every problem at
// file:line:col), expand them into config and fault cells, and read and write back the
// quantities scenario text carries (durations, sizes, rates).

export * from '../contracts/index.ts';
export { loadScenarioFile, parseScenario } from './load.ts';
export { expandMatrix, expandFaultCells, type FaultCell, type FaultMode } from './expand.ts';
export { parseDuration, durationIn, formatMs, type Duration, type DurationParse, type DurationUnit, type DurationValue } from './quantities.ts';
export { parseSize, formatSize, type SizeParse } from './quantities.ts';
export { parseRate, formatRate, formatBandwidth, isUnlimited } from './quantities.ts';
export { formatValueSize } from './operation.ts';
export { ScenarioError, type ScenarioIssue } from './problems.ts';
export { DEFAULTS as SCENARIO_DEFAULTS, LIMITS as SCENARIO_LIMITS } from './defaults.ts';
