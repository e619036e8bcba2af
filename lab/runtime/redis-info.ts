// INFO on a raw socket, for the runtime's own readiness checks (the runtime knows no client
// library): AUTH when there is a password, then INFO <section>, and the bulk reply as text.

import { connect } from 'node:net';
import type { Endpoint } from './types.ts';

const command = (...args: string[]): string => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;

// The text of INFO `section`, or undefined when the server does not answer within `timeoutMs`.
export const redisInfo = (endpoint: Endpoint, section: string, timeoutMs = 1_000): Promise<string | undefined> =>
  new Promise((resolve) => {
    const socket = connect(endpoint.port, endpoint.host);
    let buffer = Buffer.alloc(0);
    const done = (text: string | undefined) => {
      socket.destroy();
      resolve(text);
    };
    socket.setTimeout(timeoutMs, () => done(undefined));
    socket.once('error', () => done(undefined));
    const auth = endpoint.password === undefined ? '' : command('AUTH', endpoint.password);
    socket.once('connect', () => socket.write(`${auth}${command('INFO', section)}`));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      let at = 0;
      if (auth !== '') {
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        if (buffer[0] !== 0x2b) return done(undefined); // not +OK
        at = end + 2;
      }
      const header = buffer.indexOf('\r\n', at);
      if (header < 0) return;
      if (buffer[at] !== 0x24) return done(undefined); // not a bulk string
      const length = Number(buffer.subarray(at + 1, header).toString());
      const body = header + 2;
      if (buffer.length >= body + length) done(buffer.subarray(body, body + length).toString());
    });
  });

/** One `field:value` line of an INFO text. */
export const infoField = (info: string, field: string): string | undefined => new RegExp(`^${field}:(.*)$`, 'm').exec(info)?.[1]?.trim();
