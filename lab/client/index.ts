export { connectClient, closeClient, noRetryOptions, CONNECT_TIMEOUT_MS } from './connect.ts';
export { policyClientOptions, callerRetriesFor } from './policy-options.ts';
