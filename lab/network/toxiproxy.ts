// Toxiproxy through toxiproxy-node-client, the client its users already write toxics with.
//
// - toxiproxyClient(url): the client (`Toxiproxy`), with one change: its transport keeps the
//   server's error text. 4.1.0 turns every non-2xx answer into "Request failed with status
//   code N" and drops the body, where Toxiproxy says what was wrong ({"error": "proxy not
//   found"}). The client's fetch helpers are private, so the transport overrides its public
//   get/post/delete/getText; Proxy and Toxic objects copy the transport from the client, so a
//   suite's own toxics report the server's text too.
// - ToxiproxyApi: the lab's own calls, each bounded by withApiTimeout. Most go through the
//   client. The client takes no AbortSignal, so a bound that fires frees the caller but not the
//   request; that is enough where the server answers promptly unless it is dead. Removing a
//   toxic and disabling/enabling the proxy (the heal path) run under traffic, where Toxiproxy's
//   API can hang for good (upstream #558: RemoveToxic blocks while holding the proxy's lock),
//   so those are one plain fetch that the bound aborts, leaving no socket behind.

import { Toxiproxy, ToxiproxyError, type Proxy } from 'toxiproxy-node-client';
// Deep import: the transport class is not re-exported from the package index (4.1.0 has no
// `exports` map, so the path resolves); pinned by the version in package.json.
import { HttpClient, type HttpResponse } from 'toxiproxy-node-client/dist/HttpClient.js';
import { LabError, errorMessage, isLabError, withTimeout } from '../errors/index.ts';

/** Every Toxiproxy API call is bounded by this unless the caller says otherwise. */
const TOXIPROXY_API_TIMEOUT_MS = 5_000;

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

type ToxicType = 'latency' | 'bandwidth' | 'timeout' | 'reset_peer' | 'limit_data' | 'slicer' | 'slow_close';
type ToxicStream = 'upstream' | 'downstream';

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

// A non-2xx answer; `error` is the server's own text ({"error": "...", "status": N}). A
// ToxiproxyError, so code written against the client catches it as it always did.
export class ToxiproxyHttpError extends ToxiproxyError {
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super('ToxiproxyHttpError', `${status} ${error}`);
  }
}

interface Answer {
  status: number;
  text: string;
  data: unknown;
}

const serverError = (data: unknown, fallback: string): string =>
  typeof data === 'object' && data !== null && 'error' in data ? String(data.error) : fallback;

// One HTTP request. A non-2xx answer throws ToxiproxyHttpError with the server's text.
const send = async (method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<Answer> => {
  const response = await fetch(url, {
    method,
    ...(signal ? { signal } : {}),
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text.length === 0 ? undefined : JSON.parse(text);
  } catch {
    // plain text (GET /version)
  }
  if (!response.ok) throw new ToxiproxyHttpError(response.status, serverError(data, response.statusText));
  return { status: response.status, text, data };
};

class ServerTextTransport extends HttpClient {
  override async get<T>(url: string): Promise<HttpResponse<T>> {
    return { data: (await send('GET', url)).data as T };
  }
  override async post<T>(url: string, body?: unknown): Promise<HttpResponse<T>> {
    return { data: (await send('POST', url, body)).data as T };
  }
  override async delete(url: string): Promise<void> {
    await send('DELETE', url);
  }
  override async getText(url: string): Promise<string> {
    return (await send('GET', url)).text;
  }
}

/** A toxiproxy-node-client for the server at `apiUrl` whose errors carry the server's text. */
export const toxiproxyClient = (apiUrl: string): Toxiproxy => {
  const client = new Toxiproxy(apiUrl);
  client.api = new ServerTextTransport();
  return client;
};

export class ToxiproxyApi {
  /** The client every call but the heal path goes through. */
  readonly client: Toxiproxy;
  /** Proxy objects by name: they hold only the name and the client, so one GET is enough. */
  private readonly proxies = new Map<string, Proxy>();

  /** @param timeoutMs bound of every call (default TOXIPROXY_API_TIMEOUT_MS). */
  constructor(
    readonly apiUrl: string,
    readonly timeoutMs = TOXIPROXY_API_TIMEOUT_MS,
  ) {
    this.client = toxiproxyClient(apiUrl);
  }

  // A client call, bounded; see the top of the file for why it cannot be aborted.
  private bounded<T>(what: string, call: () => Promise<T>): Promise<T> {
    return withApiTimeout(what, () => call(), this.timeoutMs);
  }

  // One fetch that the bound aborts (the heal path). A non-2xx answer throws unless
  // `accept(status, serverError)` says it is an answer.
  private abortable(method: string, path: string, body?: unknown, accept = (_status: number, _error: string) => false): Promise<number> {
    return withApiTimeout(
      `${method} ${path}`,
      async (signal) => {
        try {
          return (await send(method, `${this.apiUrl}${path}`, body, signal)).status;
        } catch (error) {
          if (error instanceof ToxiproxyHttpError && accept(error.status, error.error)) return error.status;
          throw error;
        }
      },
      this.timeoutMs,
    );
  }

  // The client's Proxy object for `name` (one GET the first time).
  async proxyObject(name: string): Promise<Proxy> {
    const known = this.proxies.get(name);
    if (known) return known;
    const proxy = await this.bounded(`GET /proxies/${name}`, () => this.client.get(name));
    this.proxies.set(name, proxy);
    return proxy;
  }

  // The server's version string; /version answers JSON {"version":"2.12.0"} or plain text.
  async version(): Promise<string> {
    const text = await this.bounded('GET /version', () => this.client.getVersion());
    try {
      const data: unknown = JSON.parse(text);
      if (typeof data === 'object' && data !== null && 'version' in data) return String(data.version);
    } catch {
      // plain text
    }
    return text.trim();
  }

  // Creates (or replaces) the proxy so a rerun against a reused server starts clean.
  async createProxy(name: string, listen: string, upstream: string): Promise<Proxy> {
    const existing = (await this.bounded('GET /proxies', () => this.client.getAll()))[name];
    if (existing) await this.bounded(`DELETE /proxies/${name}`, () => existing.remove());
    const proxy = await this.bounded('POST /proxies', () => this.client.createProxy({ name, listen, upstream, enabled: true }));
    this.proxies.set(name, proxy);
    return proxy;
  }

  async deleteProxy(name: string): Promise<void> {
    const proxy = await this.proxyObject(name);
    await this.bounded(`DELETE /proxies/${name}`, () => proxy.remove());
    this.proxies.delete(name);
  }

  async proxy(name: string): Promise<ProxyInfo> {
    const p = await this.bounded(`GET /proxies/${name}`, () => this.client.get(name));
    this.proxies.set(name, p);
    return { name: p.name, listen: p.listen, upstream: p.upstream, enabled: p.enabled === true };
  }

  // Disabling closes every connection through the proxy and its listener (new connects are
  // refused); enabling listens again. POST, not PATCH, so servers older than 2.6 accept it too.
  // The heal path: an abortable fetch.
  async setProxyEnabled(name: string, enabled: boolean): Promise<void> {
    await this.abortable('POST', `/proxies/${name}`, { enabled });
  }

  // The client has no call that lists a proxy's toxics, so this GET uses its transport directly.
  async toxics(proxyName: string): Promise<ToxicInfo[]> {
    const path = `/proxies/${proxyName}/toxics`;
    const { data } = await this.bounded(`GET ${path}`, () => this.client.getApi().get<unknown>(`${this.apiUrl}${path}`));
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
    const proxy = await this.proxyObject(proxyName);
    await this.bounded(`POST /proxies/${proxyName}/toxics`, () => proxy.addToxic({ ...toxic, toxicity: 1 }));
  }

  // One DELETE, the heal path: an abortable fetch. True if it removed the toxic, false if the
  // proxy has no toxic by that name ("toxic not found"); a missing proxy still throws.
  async removeToxic(proxyName: string, toxicName: string): Promise<boolean> {
    const notFound = (status: number, error: string) => status === 404 && error === 'toxic not found';
    return (await this.abortable('DELETE', `/proxies/${proxyName}/toxics/${toxicName}`, undefined, notFound)) !== 404;
  }
}
