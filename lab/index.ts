// The library API of redis-fault-lab. The CLI and the vitest helpers use only this.

export { runScenario, type RunScenarioOptions } from './run/run-scenario.ts';
export type { LabResult, ConfigResult, Calibration, RunRecord, LatencySummaryUs, ThresholdResult, Versions, ImageInfo, TargetInfo, RuntimeKind, ReconcileEntry, ReconcileCounts, EngineInfo, EngineRunFigures } from './contracts/index.ts';
export type { ServerClosed, ServerSettings, OutputBufferLimit } from './contracts/index.ts';
export { runCounts } from './contracts/index.ts';
export type { ProgressEvent, ProgressListener } from './contracts/index.ts';
export type { Topology, TopologyEvent, TopologyResult, ReplicaLag, WaitSplit, LinkCalibration, WaitOption } from './contracts/index.ts';
export type { BystanderOptions, BystanderResult, BystanderSideResult } from './contracts/index.ts';
export { loadScenarioFile, parseScenario, expandMatrix, scenarioSchema, scenarioSchemaText } from './scenario/index.ts';
export { estimateWork, describeWork, type WorkEstimate } from './scenario/index.ts';
export type { Scenario, Mode, ConfigCell, Threshold, Workload, RetryPolicy, BuiltinPolicy, PolicyName, PolicyNames, Policy, PolicyEndpoint, PolicyTopology, PolicyNode, PolicyAddress, PolicyNatMap, PolicyOperation, PolicyReply, PolicyModuleRef } from './contracts/index.ts';
export { startRuntime, EXTERNAL_ENV, type StartedRuntime, type RuntimeChoice, type Endpoint, type StopReport, type StartOptions, type ExternalTarget } from './runtime/index.ts';
export { calibrationWithinTolerance, calibrationToleranceMs } from './network/index.ts';
export { LabError, isLabError, redact, redactError, type LabErrorCode } from './errors/index.ts';
export { loadPolicies, type LoadedPolicy } from './policies/index.ts';
export { clusterNodeNames, clusterShapeProblem } from './contracts/index.ts';
export type { NodeShare } from './contracts/index.ts';
