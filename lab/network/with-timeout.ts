import { LabError, errorMessage } from '../errors/index.ts';

/** Every Toxiproxy API call is bounded by this unless the caller says otherwise. */
export const TOXIPROXY_API_TIMEOUT_MS = 5_000;

// Toxiproxy's API can hang (upstream #558, #412: deleting a toxic under traffic) and
// a request has no timeout of its own, so every call goes through this bound.
export const withApiTimeout = async <T>(what: string, call: Promise<T>, timeoutMs = TOXIPROXY_API_TIMEOUT_MS): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new LabError('E_TOXIPROXY_API', `Toxiproxy API call timed out after ${timeoutMs} ms: ${what}`, {
            hint: 'The Toxiproxy server stopped answering; deleting a toxic under heavy traffic can hang it (upstream #558). Restart the run.',
          }),
        ),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([call, timeout]);
  } catch (error) {
    if (error instanceof LabError) throw error;
    throw new LabError('E_TOXIPROXY_API', `Toxiproxy API call failed: ${what}: ${errorMessage(error)}`, {
      hint: 'Check that the Toxiproxy server is running and that the proxy and toxic names exist.',
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
};
