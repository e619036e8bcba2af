// Public surface of lab/keyspace: which keys the lab may touch on its target, the one place it
// empties them, and the scoping of a scenario to a prefix of its own on a shared target.

export { ownKeyspace, sharedKeyspace, type Keyspace } from './keyspace.ts';
export { customCommandProblem, scopeScenario, scriptProblem } from './scope.ts';
