import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Redis, ReplyError } from 'ioredis';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { errorKind, isReplyError } from '../../../lab/metrics/client-errors.ts';

// ioredis's own AbortError class (from its dependency redis-errors).
const requireFromIoredis = createRequire(createRequire(import.meta.url).resolve('ioredis'));
const { AbortError } = requireFromIoredis('redis-errors') as { AbortError: new (message: string) => Error };

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('errorKind on errors built from ioredis classes and messages', () => {
  it.each([
    ['WRONGTYPE Operation against a key holding the wrong kind of value', 'WRONGTYPE'],
    ["ERR unknown command 'NOSUCH', with args beginning with: ", 'ERR'],
    ['NOSCRIPT No matching script. Please use EVAL.', 'NOSCRIPT'],
    ["OOM command not allowed when used memory > 'maxmemory'.", 'OOM'],
    ['EXECABORT Transaction discarded because of previous errors.', 'EXECABORT'],
    ['BUSY Redis is busy running a script.', 'BUSY'],
    ['my_code: a script error', 'REPLY'],
    ['', 'REPLY'],
  ])('a reply error %j is %s', (message, kind) => {
    const error = new ReplyError(message) as Error;
    expect(errorKind(error)).toBe(kind);
    expect(isReplyError(error)).toBe(true);
  });

  it('a reply error is judged by its first word even when it reads like a connection failure', () => {
    expect(errorKind(new ReplyError('ERR Connection is closed.'))).toBe('ERR');
  });

  it.each([
    [new Error('Connection is closed.'), 'CONNECTION_CLOSED'],
    [new AbortError('Command aborted due to connection close'), 'ABORTED'],
    [new AbortError('Cluster is ended.'), 'ABORTED'],
    [new MaxRetriesPerRequestError(20), 'MAX_RETRIES'],
    [new Error('Command timed out'), 'TIMEOUT'],
    [new Error("Stream isn't writeable and enableOfflineQueue options is false"), 'STREAM_NOT_WRITEABLE'],
    [new Error("Socket timeout. Expecting data, but didn't receive any in 500ms."), 'SOCKET_TIMEOUT'],
    [withCode('read ECONNRESET', 'ECONNRESET'), 'ECONNRESET'],
    [withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED'), 'ECONNREFUSED'],
    [withCode('write EPIPE', 'EPIPE'), 'EPIPE'],
    [withCode('connect ETIMEDOUT', 'ETIMEDOUT'), 'ETIMEDOUT'],
    [withCode('something', 'ERR_SOMETHING_ELSE'), 'OTHER'],
    [new Error('Connection is closed'), 'OTHER'], // ioredis's message has the full stop
    [new TypeError('x is not a function'), 'OTHER'],
  ])('%s is %s', (error, kind) => {
    expect(errorKind(error)).toBe(kind);
    expect(isReplyError(error)).toBe(false);
  });

  it('a thrown non-object is OTHER; an error-like object is judged by its fields', () => {
    for (const value of ['ERR text', 42, null, undefined]) expect(errorKind(value)).toBe('OTHER');
    expect(errorKind({ message: 'Command timed out' })).toBe('TIMEOUT');
    expect(errorKind({ name: 'ReplyError', message: 'OOM no memory' })).toBe('OOM');
  });
});

// The same kinds from a real ioredis client, against local TCP servers that misbehave on cue.
describe('errorKind on errors a real ioredis client produces', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  // A TCP server on a free port; `onSocket` decides what the "Redis" does.
  const serve = async (onSocket: (socket: Socket) => void): Promise<number> => {
    const sockets = new Set<Socket>();
    const server: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      onSocket(socket);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    cleanups.push(() => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(resolve));
    });
    return (server.address() as AddressInfo).port;
  };

  const refusedPort = async (): Promise<number> => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  };

  // No handshake (RESP2, no INFO ready check, no CLIENT SETINFO): the first bytes are our command.
  const client = (port: number, options: Record<string, unknown> = {}) => {
    const redis = new Redis({
      host: '127.0.0.1',
      port,
      protocol: 2,
      enableReadyCheck: false,
      disableClientInfo: true,
      retryStrategy: () => null,
      ...options,
    });
    const errors: unknown[] = [];
    redis.on('error', (error) => errors.push(error));
    cleanups.push(() => redis.disconnect());
    return { redis, errors };
  };

  const rejection = (promise: Promise<unknown>): Promise<unknown> =>
    promise.then(
      () => {
        throw new Error('expected a rejection');
      },
      (error: unknown) => error,
    );

  it('STREAM_NOT_WRITEABLE before the connection exists, with the offline queue off', async () => {
    const { redis } = client(await refusedPort(), { lazyConnect: true, enableOfflineQueue: false });
    expect(errorKind(await rejection(redis.get('k')))).toBe('STREAM_NOT_WRITEABLE');
  });

  it('ECONNREFUSED on the connection, CONNECTION_CLOSED on the command when it gives up', async () => {
    const { redis, errors } = client(await refusedPort());
    expect(errorKind(await rejection(redis.get('k')))).toBe('CONNECTION_CLOSED');
    expect(errors.map(errorKind)).toContain('ECONNREFUSED');
  });

  it('MAX_RETRIES when it keeps reconnecting past maxRetriesPerRequest', async () => {
    const { redis } = client(await refusedPort(), { retryStrategy: () => 10, maxRetriesPerRequest: 0 });
    expect(errorKind(await rejection(redis.get('k')))).toBe('MAX_RETRIES');
  });

  it('TIMEOUT when the server never answers within commandTimeout', async () => {
    const { redis } = client(await serve(() => {}), { commandTimeout: 30 });
    expect(errorKind(await rejection(redis.get('k')))).toBe('TIMEOUT');
  });

  it('ABORTED for the rest of a pipeline when the connection closes after a partial reply', async () => {
    const port = await serve((socket) => socket.once('data', () => socket.end('+OK\r\n')));
    const { redis } = client(port);
    const results = await redis.pipeline().set('a', '1').set('b', '2').set('c', '3').exec();
    expect(results?.map(([error, value]) => (error ? errorKind(error) : value))).toEqual(['OK', 'ABORTED', 'ABORTED']);
  });

  it('ECONNRESET when the server resets the connection', async () => {
    const port = await serve((socket) => socket.once('data', () => socket.resetAndDestroy()));
    const { redis, errors } = client(port);
    expect(errorKind(await rejection(redis.get('k')))).toBe('CONNECTION_CLOSED');
    expect(errors.map(errorKind)).toContain('ECONNRESET');
  });

  it('the first word of an error reply the client parsed', async () => {
    const port = await serve((socket) => socket.on('data', () => socket.write('-WRONGTYPE Operation against a key holding the wrong kind of value\r\n')));
    const { redis } = client(port);
    const error = await rejection(redis.lpush('k', 'x'));
    expect(errorKind(error)).toBe('WRONGTYPE');
    expect(isReplyError(error)).toBe(true);
  });
});
