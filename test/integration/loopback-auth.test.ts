// Safe by default, for each runtime: every socket the lab opens listens on loopback only
// (Redis, the proxy and Toxiproxy's API), Redis refuses a client without the runtime's
// password, the password appears in no result and no progress event, and a suite can add its
// own toxic through runtime.toxiproxy.proxy with toxiproxy-node-client's API.

import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import type { Latency } from 'toxiproxy-node-client';
import { getContainerRuntimeClient } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeClient, connectClient } from '../../lab/client/index.ts';
import { runScenario, startRuntime, type ProgressEvent, type RuntimeChoice, type StartedRuntime } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

const execFileAsync = promisify(execFile);

interface Listener {
  address: string;
  port: number;
  process: string;
  pid: number | undefined;
}

// Every TCP listener on this host, with its process (ss -ltnp, as root).
const listeners = async (): Promise<Listener[]> => {
  const { stdout } = await execFileAsync('ss', ['-ltnpH']);
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const [, , , local = ''] = line.trim().split(/\s+/);
      const cut = local.lastIndexOf(':');
      return {
        address: local.slice(0, cut),
        port: Number(local.slice(cut + 1)),
        process: /users:\(\("([^"]+)"/.exec(line)?.[1] ?? '',
        pid: Number(/pid=(\d+)/.exec(line)?.[1]) || undefined,
      };
    });
};

const isLoopback = (address: string): boolean => /^(127\.|\[::1\]$|\[::ffff:127\.)/.test(address);
const key = (l: Listener) => `${l.address}:${l.port}/${l.pid}`;

// What one raw PING without AUTH gets back.
const unauthenticatedPing = (endpoint: { host: string; port: number }): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(endpoint.port, endpoint.host);
    let reply = '';
    socket.setTimeout(5_000, () => reject(new Error('no reply')));
    socket.once('error', reject);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.trim());
      }
    });
  });

const pingMs = async (client: Redis): Promise<number> => {
  const startMs = performance.now();
  await client.ping();
  return performance.now() - startMs;
};

const LAB_PROCESSES = new Set(['docker-proxy', 'dockerd', 'redis-server', 'toxiproxy-server', 'toxiproxy']);

describe.each<RuntimeChoice>(['local', 'containers'])('%s runtime, safe by default', (kind) => {
  let before: Listener[];
  let during: Listener[];
  let runtime: StartedRuntime;

  beforeAll(async () => {
    before = await listeners();
    runtime = await startRuntime(kind);
    during = await listeners();
  });

  afterAll(async () => {
    await runtime?.stop();
  });

  it('listens on loopback only: Redis, the proxy and the Toxiproxy API', () => {
    const known = new Set(before.map(key));
    const ours = during.filter((l) => !known.has(key(l)) && (LAB_PROCESSES.has(l.process) || runtime.resources.pids.includes(l.pid ?? -1)));
    const apiPort = Number(new URL(runtime.toxiproxyApiUrl).port);
    const ports = new Set(ours.map((l) => l.port));
    for (const port of [runtime.redisDirect.port, runtime.proxied.port, apiPort]) expect(ports, `a listener for port ${port}`).toContain(port);
    expect(ours.filter((l) => !isLoopback(l.address)), JSON.stringify(ours)).toEqual([]);
    expect(new URL(runtime.toxiproxyApiUrl).hostname).toBe('127.0.0.1');
  });

  it.runIf(kind === 'containers')('publishes every container port on 127.0.0.1 (docker inspect)', async () => {
    const docker = (await getContainerRuntimeClient()).container.dockerode;
    for (const id of runtime.resources.containers) {
      const info = await docker.getContainer(id).inspect();
      const bindings = Object.values(info.HostConfig.PortBindings ?? {}).flat() as { HostIp?: string }[];
      expect(bindings.length).toBeGreaterThan(0);
      expect(bindings.map((b) => b.HostIp)).toEqual(bindings.map(() => '127.0.0.1'));
    }
  });

  it('refuses a client without the password (NOAUTH), straight and through the proxy', async () => {
    expect(runtime.redisDirect.password).toMatch(/^[\w-]{32}$/);
    expect(runtime.proxied.password).toBe(runtime.redisDirect.password);
    expect(await unauthenticatedPing(runtime.redisDirect)).toMatch(/^-NOAUTH/);
    expect(await unauthenticatedPing(runtime.proxied)).toMatch(/^-NOAUTH/);
    const anonymous = new Redis({ host: runtime.proxied.host, port: runtime.proxied.port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const errors: string[] = [];
    anonymous.on('error', (error: Error) => errors.push(error.message));
    try {
      // ioredis's HELLO 3 handshake is refused with NOAUTH (an 'error' event), then it closes.
      await expect(anonymous.connect().then(() => anonymous.ping())).rejects.toThrow();
      expect(errors[0]).toMatch(/^NOAUTH/);
    } finally {
      anonymous.disconnect();
    }
    const lab = await connectClient(runtime.proxied, 'with the password');
    try {
      expect(await lab.ping()).toBe('PONG');
    } finally {
      await closeClient(lab);
    }
  });

  it('keeps the password out of the result and the progress events', async () => {
    const events: ProgressEvent[] = [];
    const result = await runScenario(
      inlineScenario(`
name: password-hygiene
workload: { command: INCR, commands: 20 }
modes: [sync]
warmup: 0
repeat: 1
`),
      { runtime, onProgress: (event) => events.push(event) },
    );
    expect(result.pass).toBe(true);
    const password = runtime.redisDirect.password!;
    expect(JSON.stringify(result)).not.toContain(password);
    expect(JSON.stringify(events)).not.toContain(password);
  });

  it("lets a suite add its own toxic through runtime.toxiproxy.proxy, and reports the server's error text", async () => {
    const client = await connectClient(runtime.proxied, 'suite client');
    try {
      const { proxy } = runtime.toxiproxy;
      expect(proxy.name).toBe(runtime.proxyName);
      const bareMs = await pingMs(client);
      const toxic = await proxy.addToxic<Latency>({ name: 'suite_latency', type: 'latency', stream: 'downstream', toxicity: 1, attributes: { latency: 150, jitter: 0 } });
      try {
        expect(await pingMs(client)).toBeGreaterThanOrEqual(150);
        const again = proxy.addToxic<Latency>({ name: 'suite_latency', type: 'latency', stream: 'downstream', toxicity: 1, attributes: { latency: 1, jitter: 0 } });
        await expect(again).rejects.toThrow(/409 toxic already exists/);
      } finally {
        await toxic.remove();
      }
      expect(await pingMs(client)).toBeLessThan(bareMs + 100);
    } finally {
      await closeClient(client);
    }
  });
});
