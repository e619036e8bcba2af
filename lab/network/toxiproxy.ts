// The lab's bounded view of Toxiproxy's HTTP API. Every call is one HTTP request bounded by
// withApiTimeout; when the bound fires the request is aborted too, so a hung server leaves no
// socket behind. Plain fetch rather than toxiproxy-node-client: the client has no timeout,
// drops the server's error text, and needs extra GETs before a POST or DELETE.

import { LabError, errorMessage, isLabError, withTimeout } from '../errors/index.ts';

/** Every Toxiproxy API call is bounded by this unless the caller says otherwise. */
export const TOXIPROXY_API_TIMEOUT_MS = 5_000;

// Toxiproxy's API can hang (upstream #558, #412: deleting a toxic under traffic) and a request
// has no timeout of its own, so every call goes through this bound. `call` gets the bound's
// signal: a fetch given it is aborted when the bound fires.
export const withApiTimeout = async <T>(what: string, call: (signal: AbortSignal) => Promise<T>, timeoutMs = TOXIPROXY_API_TIMEOUT_MS): Promise<T> => {
  try {
    return await withTimeout(what, timeoutMs, call, (_, ms) =>
      new LabError('E_TOXIPROXY_API', `Toxiproxy API call timed out after ${ms} ms: ${what}`, {
        hint: 'The Toxiproxy server stopped answering; deleting a toxic under heavy traffic can hang it (upstream #558). Restart the run.',
      }),
    );
  } catch (error) {
    if (isLabError(error)) throw error;
    throw new LabError('E_TOXIPROXY_API', `Toxiproxy API call failed: ${what}: ${errorMessage(error)}`, {
      hint: 'Check that the Toxiproxy server is running and that the proxy and toxic names exist.',
      cause: error,
    });
  }
};

export type ToxicType = 'latency' | 'bandwidth' | 'timeout' | 'reset_peer' | 'limit_data' | 'slicer' | 'slow_close';
export type ToxicStream = 'upstream' | 'downstream';

export interface ToxicSpec {
  name: string;
  type: ToxicType;
  stream: ToxicStream;
  attributes: Record<string, number>;
}

/** A toxic as the server lists it. */
export interface ToxicInfo {
  name: string;
  type: string;
  stream: ToxicStream;
  toxicity: number;
  attributes: Record<string, number>;
}

export interface ProxyInfo {
  name: string;
  listen: string;
  upstream: string;
  enabled: boolean;
}

// A non-2xx answer; `error` is the server's own text ({"error": "...", "status": N}).
export class ToxiproxyHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super(`${status} ${error}`);
    Object.defineProperty(this, 'name', { value: 'ToxiproxyHttpError', enumerable: false });
  }
}

interface Answer {
  status: number;
  data: unknown;
}

const serverError = (data: unknown, fallback: string): string =>
  typeof data === 'object' && data !== null && 'error' in data ? String(data.error) : fallback;

export class ToxiproxyApi {
  /** @param timeoutMs bound of every call (default TOXIPROXY_API_TIMEOUT_MS). */
  constructor(
    readonly apiUrl: string,
    readonly timeoutMs = TOXIPROXY_API_TIMEOUT_MS,
  ) {}

  // One request, bounded. A non-2xx answer throws unless `accept(status, serverError)` says
  // it is an answer.
  private async request(method: string, path: string, body?: unknown, accept = (_status: number, _error: string) => false): Promise<Answer> {
    return withApiTimeout(
      `${method} ${path}`,
      async (signal) => {
        const response = await fetch(`${this.apiUrl}${path}`, {
          method,
          signal,
          ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
        });
        const text = await response.text();
        let data: unknown = text;
        try {
          data = text.length === 0 ? undefined : JSON.parse(text);
        } catch {
          // plain text (GET /version on older servers)
        }
        if (!response.ok) {
          const error = serverError(data, response.statusText);
          if (!accept(response.status, error)) throw new ToxiproxyHttpError(response.status, error);
        }
        return { status: response.status, data };
      },
      this.timeoutMs,
    );
  }

  // The server's version string; /version answers JSON {"version":"2.12.0"} or plain text.
  async version(): Promise<string> {
    const { data } = await this.request('GET', '/version');
    if (typeof data === 'object' && data !== null && 'version' in data) return String(data.version);
    return String(data ?? '').trim();
  }

  // Creates (or replaces) the proxy so a rerun against a reused server starts clean.
  async createProxy(name: string, listen: string, upstream: string): Promise<void> {
    const { data } = await this.request('GET', '/proxies');
    if (typeof data === 'object' && data !== null && name in data) await this.request('DELETE', `/proxies/${name}`);
    await this.request('POST', '/proxies', { name, listen, upstream, enabled: true });
  }

  async deleteProxy(name: string): Promise<void> {
    await this.request('DELETE', `/proxies/${name}`);
  }

  async proxy(name: string): Promise<ProxyInfo> {
    const { data } = await this.request('GET', `/proxies/${name}`);
    const p = data as Partial<ProxyInfo>;
    return { name: String(p.name), listen: String(p.listen), upstream: String(p.upstream), enabled: p.enabled === true };
  }

  // Disabling closes every connection through the proxy and its listener (new connects are
  // refused); enabling listens again. POST, not PATCH, so servers older than 2.6 accept it too.
  async setProxyEnabled(name: string, enabled: boolean): Promise<void> {
    await this.request('POST', `/proxies/${name}`, { enabled });
  }

  async toxics(proxyName: string): Promise<ToxicInfo[]> {
    const { data } = await this.request('GET', `/proxies/${proxyName}/toxics`);
    if (!Array.isArray(data)) return [];
    return data.map((t: Partial<ToxicInfo>) => ({
      name: String(t.name),
      type: String(t.type),
      stream: t.stream === 'upstream' ? 'upstream' : 'downstream',
      toxicity: Number(t.toxicity ?? 1),
      attributes: { ...(t.attributes ?? {}) },
    }));
  }

  async toxicNames(proxyName: string): Promise<string[]> {
    return (await this.toxics(proxyName)).map((t) => t.name);
  }

  // One POST; toxicity 1 (a Redis client keeps one connection, so partial toxicity is all or nothing).
  async addToxic(proxyName: string, toxic: ToxicSpec): Promise<void> {
    await this.request('POST', `/proxies/${proxyName}/toxics`, { ...toxic, toxicity: 1 });
  }

  // One DELETE. True if it removed the toxic, false if the proxy has no toxic by that name
  // ("toxic not found"); a missing proxy still throws.
  async removeToxic(proxyName: string, toxicName: string): Promise<boolean> {
    const notFound = (status: number, error: string) => status === 404 && error === 'toxic not found';
    const { status } = await this.request('DELETE', `/proxies/${proxyName}/toxics/${toxicName}`, undefined, notFound);
    return status !== 404;
  }
}
