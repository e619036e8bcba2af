// Public surface of lab/scenario: load, parse and expand scenario files.

export * from './types.ts';
export { loadScenarioFile } from './load.ts';
export { parseScenario } from './parse.ts';
export { expandMatrix } from './expand.ts';
export { parseDuration, durationIn, formatMs, type Duration, type DurationParse, type DurationUnit, type DurationValue } from './units.ts';
export { ScenarioError, type ScenarioIssue } from './scenario-error.ts';
export { DEFAULTS as SCENARIO_DEFAULTS, LIMITS as SCENARIO_LIMITS } from './defaults.ts';
