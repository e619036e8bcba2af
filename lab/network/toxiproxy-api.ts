// The lab's bounded view of Toxiproxy's HTTP API, on top of toxiproxy-node-client.

import { Toxiproxy } from 'toxiproxy-node-client';
import type { ICreateToxicBody } from 'toxiproxy-node-client';
import { withApiTimeout } from './with-timeout.ts';

export interface ToxicSpec {
  name: string;
  type: 'latency' | 'bandwidth' | 'timeout' | 'reset_peer' | 'limit_data' | 'slicer' | 'slow_close';
  stream: 'upstream' | 'downstream';
  attributes: Record<string, number>;
}

export class ToxiproxyApi {
  private readonly client: Toxiproxy;

  constructor(readonly apiUrl: string) {
    this.client = new Toxiproxy(apiUrl);
  }

  // The server's version string; /version answers JSON {"version":"2.12.0"} or plain text.
  async version(): Promise<string> {
    const text = await withApiTimeout('GET /version', this.client.getVersion());
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && 'version' in parsed) return String(parsed.version);
    } catch {
      // plain-text version from older servers
    }
    return text.trim();
  }

  // Creates (or replaces) the proxy so a rerun against a reused server starts clean.
  async createProxy(name: string, listen: string, upstream: string): Promise<void> {
    const existing = await withApiTimeout('GET /proxies', this.client.getAll());
    const old = existing[name];
    if (old) await withApiTimeout(`DELETE /proxies/${name}`, old.remove());
    await withApiTimeout(`POST /proxies ${name}`, this.client.createProxy({ name, listen, upstream }));
  }

  // Names of the toxics on a proxy (the node client has no call for this, so ask the API).
  async toxicNames(proxyName: string): Promise<string[]> {
    const path = `/proxies/${proxyName}/toxics`;
    const response = await withApiTimeout(`GET ${path}`, this.client.getApi().get(`${this.apiUrl}${path}`));
    const toxics: unknown = response.data;
    return Array.isArray(toxics) ? toxics.map((toxic: { name?: unknown }) => String(toxic.name)) : [];
  }

  async addToxic(proxyName: string, toxic: ToxicSpec): Promise<void> {
    const proxy = await withApiTimeout(`GET /proxies/${proxyName}`, this.client.get(proxyName));
    const body: ICreateToxicBody<Record<string, number>> = { ...toxic, toxicity: 1 };
    await withApiTimeout(`POST /proxies/${proxyName}/toxics ${toxic.name}`, proxy.addToxic(body));
  }

  // One DELETE, not the client's GET proxy + GET toxic + DELETE: fewer calls to an API that can hang.
  async removeToxic(proxyName: string, toxicName: string): Promise<void> {
    const path = `/proxies/${proxyName}/toxics/${toxicName}`;
    await withApiTimeout(`DELETE ${path}`, this.client.getApi().delete(`${this.apiUrl}${path}`));
  }
}
