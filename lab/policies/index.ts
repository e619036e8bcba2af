// Public surface of lab/policies: retry policies as code (the Policy interface in contracts).
// The built-ins and the loader of a user's modules live here, between the client (how a
// connection is built) and the fault runs (which drive a policy and judge it): a policy is
// neither a client option set nor a workload, and the same loader serves the CLI and vitest.

export { loadPolicies, type LoadedPolicy } from './load.ts';
export { exitError, guardExit } from './exit-guard.ts';
