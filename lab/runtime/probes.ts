// Cheap readiness probes that need no client library.

import { connect } from 'node:net';
import type { Endpoint } from './types.ts';

// True when a RESP server at `endpoint` answers PING with +PONG within `timeoutMs`.
export const redisAnswersPing = (endpoint: Endpoint, timeoutMs = 1_000): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(endpoint.port, endpoint.host);
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });

// True when an HTTP GET of `url` answers 2xx within `timeoutMs`.
export const httpAnswers = async (url: string, timeoutMs = 1_000): Promise<boolean> => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
};
