// The relay's reader of client commands: RESP arrays split anywhere across chunks, long values
// skipped, and an inline command ends the reading instead of guessing.

import { describe, expect, it } from 'vitest';
import { respRequestReader } from '../../../lab/network/resp-requests.ts';

const command = (...args: string[]) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;

const readAll = (bytes: Buffer, step: number, keep = 6): string[][] => {
  const seen: string[][] = [];
  const read = respRequestReader(keep, (args) => seen.push(args));
  for (let i = 0; i < bytes.length; i += step) read(bytes.subarray(i, i + step));
  return seen;
};

describe('respRequestReader', () => {
  const bytes = Buffer.from(command('eval', 'return 1', '1', 'log', '7', 'incr', 'k') + command('INCR', 'k') + command('SET', 'k', 'x'.repeat(2000)));

  it.each([1, 2, 3, 7, 64, 100_000])('reads every command whatever the chunk size (%i bytes)', (step) => {
    expect(readAll(bytes, step)).toEqual([['eval', 'return 1', '1', 'log', '7', 'incr'], ['INCR', 'k'], ['SET', 'k', '']]);
  });

  it('stops at an inline command', () => {
    expect(readAll(Buffer.from(`PING\r\n${command('INCR', 'k')}`), 5)).toEqual([]);
  });
});
