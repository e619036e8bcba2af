// The clients of one measured run: `connections` ioredis clients to the config's endpoint
// (through the proxy, or straight to Redis for the direct baseline), with auto-pipelining for
// `auto` modes. They connect before the timed span and are closed after it; an abort
// disconnects every open one at once so that a long sync run ends immediately.

import type { Redis } from 'ioredis';
import { closeClient, connectClient, noRetryOptions } from '../client/index.ts';
import type { Endpoint } from '../runtime/types.ts';
import type { ConfigCell } from '../contracts/index.ts';

export class RunClients {
  private readonly open = new Set<Redis>();

  constructor(
    private readonly endpoints: { proxied: Endpoint; direct: Endpoint },
    signal?: AbortSignal,
  ) {
    signal?.addEventListener('abort', () => {
      for (const client of this.open) client.disconnect();
    });
  }

  async connect(cell: ConfigCell): Promise<Redis[]> {
    const endpoint = cell.link === 'direct' ? this.endpoints.direct : this.endpoints.proxied;
    const options = cell.mode.kind === 'auto' ? { ...noRetryOptions, enableAutoPipelining: true } : noRetryOptions;
    const what = cell.link === 'direct' ? 'direct' : 'through the proxy';
    const settled = await Promise.allSettled(
      Array.from({ length: cell.connections }, async () => {
        const client = await connectClient(endpoint, what, options);
        this.open.add(client);
        return client;
      }),
    );
    const clients = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failure !== undefined) {
      await this.close(clients); // no half-open set of connections is left behind
      throw failure.reason;
    }
    return clients;
  }

  async close(clients: Redis[]): Promise<void> {
    await Promise.all(clients.map((client) => closeClient(client)));
    for (const client of clients) this.open.delete(client);
  }
}
