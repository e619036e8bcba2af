export { connectClient, closeClient, noRetryOptions } from './connect.ts';
export { policyClientOptions, callerRetriesFor } from './policy-options.ts';
