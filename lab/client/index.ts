export { connectClient, closeClient, noRetryOptions, CONNECT_TIMEOUT_MS } from './connect.ts';
