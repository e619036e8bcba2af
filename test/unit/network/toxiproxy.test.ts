// The lab's Toxiproxy client against a stand-in server on loopback: the server's error text
// reaches the caller, and every lab call is bounded.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ToxiproxyError } from 'toxiproxy-node-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLabError } from '../../../lab/errors/index.ts';
import { ToxiproxyApi, ToxiproxyHttpError, toxiproxyClient } from '../../../lab/network/index.ts';

let server: Server;
let url: string;

// GET /proxies/redis answers; /hang never answers; everything else is Toxiproxy's 404.
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/proxies/redis') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ name: 'redis', listen: '127.0.0.1:1', upstream: '127.0.0.1:2', enabled: true, toxics: [] }));
      return;
    }
    if (req.url?.startsWith('/proxies/hang')) return; // never answered
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'proxy not found', status: 404 }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

describe('toxiproxy-node-client with the lab transport', () => {
  it("throws the server's error text as a ToxiproxyError", async () => {
    const error = await toxiproxyClient(url).get('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToxiproxyError);
    expect(error).toBeInstanceOf(ToxiproxyHttpError);
    expect(error).toMatchObject({ status: 404, error: 'proxy not found', message: '404 proxy not found' });
  });

  it('gives a Proxy object whose calls use the same transport', async () => {
    const proxy = await toxiproxyClient(url).get('redis');
    expect(proxy.name).toBe('redis');
    await expect(proxy.addToxic({ name: 't', type: 'latency', stream: 'downstream', toxicity: 1, attributes: {} })).rejects.toThrow('404 proxy not found');
  });
});

describe('ToxiproxyApi', () => {
  it("wraps a client error in E_TOXIPROXY_API with the server's text", async () => {
    const error = await new ToxiproxyApi(url).proxy('nope').catch((e: unknown) => e);
    expect(isLabError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'E_TOXIPROXY_API', message: 'Toxiproxy API call failed: GET /proxies/nope: 404 proxy not found' });
  });

  it('bounds a client call that never answers', async () => {
    const error = await new ToxiproxyApi(url, 50).proxy('hang').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_TOXIPROXY_API', message: 'Toxiproxy API call timed out after 50 ms: GET /proxies/hang' });
  });

  it('bounds and aborts a heal-path call that never answers', async () => {
    const error = await new ToxiproxyApi(url, 50).removeToxic('hang', 'x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_TOXIPROXY_API', message: 'Toxiproxy API call timed out after 50 ms: DELETE /proxies/hang/toxics/x' });
  });

  it('counts a missing proxy as an error on the heal path, with its text', async () => {
    const error = await new ToxiproxyApi(url).removeToxic('gone', 'x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_TOXIPROXY_API', cause: expect.any(ToxiproxyHttpError) });
    expect((error as Error).message).toContain('404 proxy not found');
  });
});
