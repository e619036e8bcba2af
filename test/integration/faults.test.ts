// Faults against a real Redis behind a real Toxiproxy (local runtime): what each fault does to
// a client and to the server, that heal removes it and never hangs, and exactly how
// limit_data counts bytes.

import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isLabError } from '../../lab/errors/index.ts';
import { applyLink, calibrateLink, startFault, ToxiproxyApi, type HealReport } from '../../lab/network/index.ts';
import type { StartedRuntime } from '../../lab/runtime/index.ts';
import { startRuntime } from '../../lab/runtime/index.ts';

const CLIENT_OPTIONS = {
  lazyConnect: true,
  enableReadyCheck: false,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
  autoResendUnfulfilledCommands: false,
  enableOfflineQueue: false,
} as const;

// RESP sizes, written out here so the test does not trust the code it checks.
const commandBytes = (...args: string[]): number =>
  Buffer.byteLength(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
const integerReplyBytes = (n: number): number => Buffer.byteLength(`:${n}\r\n`);
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
/** Bytes of the replies to INCR number 1..k on a counter that starts at 0. */
const incrRepliesBytes = (k: number): number => sum(Array.from({ length: k }, (_, i) => integerReplyBytes(i + 1)));

const PING = '*1\r\n$4\r\nPING\r\n';
const PONG_BYTES = Buffer.byteLength('+PONG\r\n'); // 7

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`${what}: not within ${ms} ms`)))]);

let runtime: StartedRuntime;
let api: ToxiproxyApi;
let direct: Redis;
const clients: Redis[] = [];
const sockets: Socket[] = [];

const newClient = (endpoint: { host: string; port: number }): Redis => {
  const redis = new Redis({ host: endpoint.host, port: endpoint.port, ...CLIENT_OPTIONS });
  redis.on('error', () => undefined); // failures are asserted on the commands themselves
  return redis;
};

// A client through the proxy, disconnected after the test.
const client = (): Redis => {
  const redis = newClient(runtime.proxied);
  clients.push(redis);
  return redis;
};

// A client through the proxy with its handshake done (PING answered).
const connected = async (): Promise<Redis> => {
  const redis = client();
  await redis.connect();
  expect(await redis.ping()).toBe('PONG');
  return redis;
};

// A raw socket through the proxy, for byte-exact reads.
const rawSocket = async (): Promise<Socket> => {
  const socket = connect(runtime.proxied.port, runtime.proxied.host);
  sockets.push(socket);
  await once(socket, 'connect');
  return socket;
};

// Writes `payload` and collects what comes back until the peer closes (or `limitMs` passes).
const sendAndCollect = async (socket: Socket, payload: string, limitMs = 3_000): Promise<{ bytes: Buffer; closed: boolean }> => {
  const chunks: Buffer[] = [];
  const onData = (chunk: Buffer) => chunks.push(chunk);
  socket.on('data', onData);
  const closed = new Promise<boolean>((resolve) => {
    socket.once('close', () => resolve(true));
    setTimeout(() => resolve(false), limitMs).unref();
  });
  socket.write(payload);
  const wasClosed = await closed;
  socket.off('data', onData);
  return { bytes: Buffer.concat(chunks), closed: wasClosed };
};

// Writes `payload` and reads exactly `n` bytes back.
const sendAndRead = async (socket: Socket, payload: string, n: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      if (Buffer.concat(chunks).length >= n) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('closed before reading')));
  });
  socket.write(payload);
  await done;
  return Buffer.concat(chunks);
};

const pipelineIncr = async (redis: Redis, key: string, count: number) => {
  const pipeline = redis.pipeline();
  for (let i = 0; i < count; i++) pipeline.incr(key);
  const results = (await pipeline.exec()) ?? [];
  return {
    replies: results.filter(([error]) => error === null).map(([, value]) => value),
    errors: results.filter(([error]) => error !== null).length,
  };
};

// A stand-in for Toxiproxy's API that forwards every request except those `hold` picks, which
// it never answers: a real server behind a hung endpoint, as in upstream #558.
const hangingApi = async (hold: (req: IncomingMessage) => boolean): Promise<{ url: string; held: () => number; close: () => Promise<void> }> => {
  let held = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (hold(req)) {
      held++;
      return; // never answered
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      void fetch(`${runtime.toxiproxyApiUrl}${req.url}`, {
        method: req.method,
        ...(body.length > 0 ? { body, headers: { 'Content-Type': 'application/json' } } : {}),
      }).then(async (answer) => {
        res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    held: () => held,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
};

beforeAll(async () => {
  // No password: the raw-socket tests count reply bytes, and an AUTH reply would count too.
  runtime = await startRuntime('local', { redisAuth: false });
  api = new ToxiproxyApi(runtime.toxiproxyApiUrl);
  direct = newClient(runtime.redisDirect);
  await direct.connect();
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of sockets.splice(0)) s.destroy();
  // A failed test must not leave its fault for the next one; a passing test healed already.
  for (const name of await api.toxicNames(runtime.proxyName)) await api.removeToxic(runtime.proxyName, name);
  await api.setProxyEnabled(runtime.proxyName, true);
});

afterAll(async () => {
  direct?.disconnect();
  if (runtime) expect((await runtime.stop()).problems).toEqual([]);
});

describe('faults through a real Toxiproxy', () => {
  it('downstream cut-after k replies + 2 bytes: the client gets exactly k replies, the server applied all 64 (3 times)', async () => {
    const key = 'faults:cut-down';
    const k = 13; // replies 1..9 are 4 bytes, 10.. are 5: the count crosses the width change
    const bytes = incrRepliesBytes(k) + 2;
    expect(bytes).toBe(9 * 4 + 4 * 5 + 2);
    for (let round = 0; round < 3; round++) {
      await direct.set(key, '0');
      const redis = await connected();
      const fault = await startFault(api, runtime.proxyName, { kind: 'cut-after', direction: 'down', units: k, plusBytes: 2 }, bytes);
      try {
        const { replies, errors } = await pipelineIncr(redis, key, 64);
        expect(replies).toEqual(Array.from({ length: k }, (_, i) => i + 1));
        expect(errors).toBe(64 - k);
        expect(await direct.get(key)).toBe('64');
      } finally {
        await fault.heal();
      }
    }
  });

  it('downstream cut inside reply k: 2 bytes short gives k - 1 replies; 1 byte short still gives ioredis k', async () => {
    const key = 'faults:cut-down-short';
    const k = 13;
    // 1 byte short leaves ":13\r" without its "\n": ioredis's decoder ends an integer at "\r"
    // and skips the "\n" unseen, so it delivers reply k anyway. The proxy passed exactly the
    // bytes asked (see the byte-counting tests below); the quirk is the client's.
    for (const [bytes, replied] of [
      [incrRepliesBytes(k) - 2, k - 1],
      [incrRepliesBytes(k) - 1, k],
    ] as const) {
      await direct.set(key, '0');
      const redis = await connected();
      const fault = await startFault(api, runtime.proxyName, { kind: 'cut-after', direction: 'down', units: k - 1, plusBytes: 0 }, bytes);
      try {
        const { replies, errors } = await pipelineIncr(redis, key, 64);
        expect(replies).toEqual(Array.from({ length: replied }, (_, i) => i + 1));
        expect(errors).toBe(64 - replied);
        expect(await direct.get(key)).toBe('64');
      } finally {
        await fault.heal();
      }
    }
  });

  it('upstream cut after exactly m commands: the server applied exactly m; one byte less: m - 1', async () => {
    const key = 'faults:cut-up';
    const m = 17;
    const perCommand = commandBytes('incr', key);
    for (const [bytes, applied] of [
      [m * perCommand, m],
      [m * perCommand - 1, m - 1],
      [m * perCommand + 2, m],
    ] as const) {
      await direct.set(key, '0');
      const redis = await connected();
      const fault = await startFault(api, runtime.proxyName, { kind: 'cut-after', direction: 'up', units: m, plusBytes: 0 }, bytes);
      try {
        const { replies, errors } = await pipelineIncr(redis, key, 64);
        expect(await direct.get(key)).toBe(String(applied));
        expect(replies.length).toBeLessThanOrEqual(applied); // replies to applied commands may be lost with the connection
        expect(replies.length + errors).toBe(64);
        expect(errors).toBeGreaterThanOrEqual(64 - applied);
      } finally {
        await fault.heal();
      }
    }
  });

  it('reset: the in-flight command fails; it had reached the server (the reply is what is lost)', async () => {
    const key = 'faults:reset';
    await direct.set(key, '0');
    const redis = await connected();
    const fault = await startFault(api, runtime.proxyName, { kind: 'reset' });
    try {
      await expect(redis.incr(key)).rejects.toThrow();
      expect(await direct.get(key)).toBe('1');
    } finally {
      expect((await fault.heal()).path).toBe('delete');
    }
    const after = await connected();
    expect(await after.incr(key)).toBe(2);
  });

  it('reset: a connection open before the toxic is closed with a FIN, one opened while it stands with an RST', async () => {
    // Toxiproxy sets SO_LINGER=0 only when a link starts with a reset_peer toxic on it.
    const howItCloses = (socket: Socket) =>
      new Promise<string>((resolve) => {
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        socket.once('end', () => resolve('FIN'));
      });
    const before = await rawSocket();
    const fault = await startFault(api, runtime.proxyName, { kind: 'reset' });
    try {
      const after = await rawSocket();
      const closes = [howItCloses(before), howItCloses(after)];
      before.write(PING);
      after.write(PING);
      expect(await within(Promise.all(closes), 2_000, 'both connections closed')).toEqual(['FIN', 'ECONNRESET']);
    } finally {
      await fault.heal();
    }
  });

  it('down: an open connection is closed, a new one is refused; heal lets clients in again', async () => {
    const redis = await connected();
    const closed = once(redis, 'end');
    const fault = await startFault(api, runtime.proxyName, { kind: 'down' });
    let report: HealReport | undefined;
    try {
      await within(closed, 2_000, 'the open connection closed');
      const socket = connect(runtime.proxied.port, runtime.proxied.host);
      sockets.push(socket);
      const [error] = (await once(socket, 'error')) as [NodeJS.ErrnoException];
      expect(error.code).toBe('ECONNREFUSED');
      await expect(client().connect()).rejects.toThrow(); // and so a client cannot connect
      expect((await api.proxy(runtime.proxyName)).enabled).toBe(false);
    } finally {
      report = await fault.heal();
    }
    expect(report).toMatchObject({ fault: 'down', path: 'enable', toxics: [] });
    expect((await api.proxy(runtime.proxyName)).enabled).toBe(true);
    expect(await (await connected()).ping()).toBe('PONG');
  });

  it('stall: a command gets no reply and is not applied while it stands; heal closes the stalled connection', async () => {
    const key = 'faults:stall';
    await direct.set(key, '0');
    const redis = await connected();
    const fault = await startFault(api, runtime.proxyName, { kind: 'stall' });
    let pending: Promise<unknown> | undefined;
    try {
      pending = redis.incr(key).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      const outcome = await Promise.race([pending, sleep(600).then(() => 'no reply')]);
      expect(outcome).toBe('no reply');
      expect(redis.status).toBe('ready'); // the connection is kept
      expect(await direct.get(key)).toBe('0');
    } finally {
      await fault.heal();
    }
    expect(await pending).toMatchObject({ error: expect.any(Error) });
    expect(await direct.get(key)).toBe('0');
  });

  it('heal removes the toxics promptly even with a command stuck in them, and is idempotent', async () => {
    const redis = await connected();
    const fault = await startFault(api, runtime.proxyName, { kind: 'stall' });
    expect((await api.toxicNames(runtime.proxyName)).sort()).toEqual(['lab_fault_stall_downstream', 'lab_fault_stall_upstream']);
    const stuck = redis.get('faults:heal').catch(() => undefined);
    await sleep(100);
    const report = await fault.heal();
    expect(report).toMatchObject({ fault: 'stall', path: 'delete', toxics: ['lab_fault_stall_upstream', 'lab_fault_stall_downstream'] });
    expect(report.durationMs).toBeLessThan(1_000);
    expect(report.describe).toContain('by DELETE');
    expect(await api.toxicNames(runtime.proxyName)).toEqual([]);
    expect(await fault.heal()).toBe(report);
    await stuck;
  });

  it('heal falls back to disable, delete, enable when the DELETE hangs, and the toxic is gone', async () => {
    let first = true;
    const shim = await hangingApi((req) => {
      const hold = req.method === 'DELETE' && first;
      if (hold) first = false;
      return hold;
    });
    try {
      const slowApi = new ToxiproxyApi(shim.url, 300);
      const redis = await connected();
      const fault = await startFault(slowApi, runtime.proxyName, { kind: 'cut-after', direction: 'down', units: 1, plusBytes: 0 }, 100);
      const ended = once(redis, 'end');
      const report = await fault.heal();
      expect(shim.held()).toBe(1);
      expect(report.path).toBe('disable-enable');
      expect(report.fallbackReason).toContain('timed out after 300 ms');
      expect(report.durationMs).toBeLessThan(2_000);
      expect(await api.toxicNames(runtime.proxyName)).toEqual([]);
      expect((await api.proxy(runtime.proxyName)).enabled).toBe(true);
      await within(ended, 2_000, 'the open connection closed by disabling the proxy');
      expect(await (await connected()).ping()).toBe('PONG');
    } finally {
      await shim.close();
    }
  });

  it('heal throws E_TOXIPROXY_API within a few timeouts when no DELETE ever answers, and leaves the proxy enabled', async () => {
    const shim = await hangingApi((req) => req.method === 'DELETE');
    try {
      const slowApi = new ToxiproxyApi(shim.url, 300);
      const fault = await startFault(slowApi, runtime.proxyName, { kind: 'reset' });
      const startMs = performance.now();
      const error = await fault.heal().catch((e: unknown) => e);
      const tookMs = performance.now() - startMs;
      expect(isLabError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'E_TOXIPROXY_API', hint: expect.stringContaining('restart') });
      expect((error as Error).message).toContain('could not remove lab_fault_reset_downstream');
      expect(tookMs).toBeLessThan(4 * 300 + 1_000);
      expect(shim.held()).toBe(2);
      expect((await api.proxy(runtime.proxyName)).enabled).toBe(true);
      // A failed heal is not remembered: a later call tries again.
      await expect(fault.heal()).rejects.toMatchObject({ code: 'E_TOXIPROXY_API' });
      expect(shim.held()).toBe(4);
      expect(await api.removeToxic(runtime.proxyName, 'lab_fault_reset_downstream')).toBe(true);
    } finally {
      await shim.close();
    }
  });

  it('heal of a fault whose proxy is gone fails at once with E_TOXIPROXY_API, and does not blame a hang', async () => {
    await api.createProxy('faults_gone', '127.0.0.1:0', `${runtime.redisDirect.host}:${runtime.redisDirect.port}`);
    const fault = await startFault(api, 'faults_gone', { kind: 'reset' });
    await api.deleteProxy('faults_gone');
    const error = await fault.heal().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_TOXIPROXY_API', hint: expect.stringContaining('proxy still exists') });
    expect((error as Error).message).toContain('proxy not found');
  });

  it('bandwidth 10 KB/s makes a 50 KB SET far slower than uncapped', async () => {
    const value = 'x'.repeat(50_000);
    const redis = await connected();
    const timeSetMs = async () => {
      const startMs = performance.now();
      expect(await redis.set('faults:bandwidth', value)).toBe('OK');
      return performance.now() - startMs;
    };
    const uncappedMs = Math.min(await timeSetMs(), await timeSetMs(), await timeSetMs());
    const fault = await startFault(api, runtime.proxyName, { kind: 'bandwidth', bandwidth: { upKBps: 10, downKBps: 10 } });
    let cappedMs: number;
    try {
      cappedMs = await timeSetMs();
    } finally {
      await fault.heal();
    }
    expect(cappedMs / uncappedMs).toBeGreaterThan(20);
    // A lower bound only (never flaky on a slow machine): 50 000 bytes at 10 000 bytes/s.
    expect(cappedMs).toBeGreaterThan(0.8 * 5_000);
  });

  it('applyLink adds bandwidth toxics and leaves a standing fault alone', async () => {
    const fault = await startFault(api, runtime.proxyName, { kind: 'cut-after', direction: 'up', units: 1, plusBytes: 0 }, 1_000);
    try {
      await applyLink(api, runtime.proxyName, { rttMs: 2, jitterMs: 0, bandwidth: { upKBps: 500, downKBps: null } });
      const toxics = await api.toxics(runtime.proxyName);
      expect(toxics.map((t) => [t.name, t.type, t.attributes])).toEqual(
        expect.arrayContaining([
          ['lab_fault_cut_after_upstream', 'limit_data', { bytes: 1_000 }],
          ['lab_bandwidth_upstream', 'bandwidth', { rate: 500 }],
        ]),
      );
      await applyLink(api, runtime.proxyName, { rttMs: 0, jitterMs: 0 });
      expect(await api.toxicNames(runtime.proxyName)).toEqual(['lab_fault_cut_after_upstream']);
    } finally {
      await fault.heal();
    }
  });
});

describe('link profiles with a bandwidth cap', () => {
  it('calibrateLink measures the latency without the cap, then leaves the whole profile applied', async () => {
    const proxied = await connected();
    // At 1 KB/s a 14-byte PING alone would spend 14 ms in the upstream cap.
    const calibration = await calibrateLink({
      api,
      proxyName: runtime.proxyName,
      profile: { rttMs: 2, jitterMs: 0, bandwidth: { upKBps: 1, downKBps: null } },
      direct,
      proxied,
      pings: 20,
    });
    expect(calibration.addedMs).toBeLessThan(8);
    const toxics = await api.toxics(runtime.proxyName);
    expect(toxics.find((t) => t.name === 'lab_bandwidth_upstream')).toMatchObject({ type: 'bandwidth', attributes: { rate: 1 } });
    expect(toxics.some((t) => t.name === 'lab_bandwidth_downstream')).toBe(false);
    await applyLink(api, runtime.proxyName, { rttMs: 0, jitterMs: 0 });
    expect(await api.toxicNames(runtime.proxyName)).toEqual([]);
  });
});

describe('how limit_data counts bytes (Toxiproxy 2.12.0)', () => {
  const LIMIT = 10; // one PONG (7 bytes) and 3 bytes of the next

  it('an open connection counts from the moment the toxic is added, not from connect', async () => {
    const socket = await rawSocket();
    const before = await sendAndRead(socket, PING.repeat(5), 5 * PONG_BYTES); // 35 bytes before the toxic
    expect(before.toString()).toBe('+PONG\r\n'.repeat(5));
    const fault = await startFault(api, runtime.proxyName, { kind: 'cut-after', direction: 'down', units: 1, plusBytes: 3 }, LIMIT);
    try {
      const { bytes, closed } = await sendAndCollect(socket, PING.repeat(3));
      expect(bytes.toString()).toBe('+PONG\r\n+PO'); // had the 35 bytes counted, nothing would pass
      expect(closed).toBe(true);
    } finally {
      await fault.heal();
    }
  });

  it('a connection opened while the toxic stands gets its own count from connect; others are not charged', async () => {
    const early = await rawSocket();
    await sendAndRead(early, PING, PONG_BYTES);
    const fault = await startFault(api, runtime.proxyName, { kind: 'cut-after', direction: 'down', units: 1, plusBytes: 3 }, LIMIT);
    try {
      const first = await rawSocket();
      expect(await sendAndCollect(first, PING.repeat(3))).toEqual({ bytes: Buffer.from('+PONG\r\n+PO'), closed: true });
      const second = await rawSocket();
      expect(await sendAndCollect(second, PING.repeat(3))).toEqual({ bytes: Buffer.from('+PONG\r\n+PO'), closed: true });
      // The connection from before the toxic still has its full allowance.
      expect(await sendAndCollect(early, PING.repeat(3))).toEqual({ bytes: Buffer.from('+PONG\r\n+PO'), closed: true });
    } finally {
      await fault.heal();
    }
  });

  it('the count survives another toxic being added to the same stream', async () => {
    const socket = await rawSocket();
    const fault = await startFault(api, runtime.proxyName, { kind: 'cut-after', direction: 'down', units: 1, plusBytes: 3 }, LIMIT);
    try {
      expect((await sendAndRead(socket, PING, PONG_BYTES)).toString()).toBe('+PONG\r\n'); // 7 of 10 used
      await api.addToxic(runtime.proxyName, { name: 'lab_fault_test_latency', type: 'latency', stream: 'downstream', attributes: { latency: 0, jitter: 0 } });
      expect(await sendAndCollect(socket, PING.repeat(3))).toEqual({ bytes: Buffer.from('+PO'), closed: true });
    } finally {
      await api.removeToxic(runtime.proxyName, 'lab_fault_test_latency');
      await fault.heal();
    }
  });
});
