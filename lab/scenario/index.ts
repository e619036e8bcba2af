// Public surface of lab/scenario: load, parse and expand scenario files, and write resolved
// values back as scenario text.

export * from '../contracts/index.ts';
export { loadScenarioFile } from './load.ts';
export { parseScenario } from './parse.ts';
export { expandMatrix, configCellId } from './expand.ts';
export { expandFaultCells, type FaultCell, type FaultMode } from './expand-faults.ts';
export { parseDuration, durationIn, formatMs, type Duration, type DurationParse, type DurationUnit, type DurationValue } from './units.ts';
export { parseSize, formatSize, type SizeParse } from './sizes.ts';
export { parseRate, formatRate, formatBandwidth, isUnlimited } from './bandwidth.ts';
export { formatValueSize } from './value-sizes.ts';
export { formatKeys, workloadUsesValues } from './format.ts';
export { FAULT_COMMANDS } from './fault-rules.ts';
export { ScenarioError, type ScenarioIssue } from './scenario-error.ts';
export { DEFAULTS as SCENARIO_DEFAULTS, LIMITS as SCENARIO_LIMITS } from './defaults.ts';
