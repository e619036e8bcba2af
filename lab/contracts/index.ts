// The contracts: what a scenario means (input), what a run reports (output, progress events),
// and the registry of metrics and axes that both sides read. Imports nothing of the lab;
// every folder may import it.

export * from './mode.ts';
export * from './link.ts';
export * from './endpoint.ts';
export * from './scenario.ts';
export * from './result.ts';
export * from './progress.ts';
export * from './registry.ts';
export * from './policy.ts';
export * from './request.ts';
export * from './cluster.ts';
export * from './role-selector.ts';
export * from './topology.ts';
export * from './topology-result.ts';
export * from './threshold-units.ts';
export * from './bystander.ts';
export * from './batching.ts';
export * from './slo.ts';
export * from './trace.ts';
export * from './advise.ts';
