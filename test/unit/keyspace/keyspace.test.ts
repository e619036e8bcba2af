// The one place the lab empties a database. A stand-in for the few Redis calls it makes (SCAN,
// UNLINK, FLUSHDB) records them, so what each keyspace may send is checked call by call; the
// real thing runs against a real Redis in test/integration/external-runtime.test.ts.

import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { ownKeyspace, sharedKeyspace } from '../../../lab/keyspace/index.ts';

const PREFIX = 'rfl:0123456789ab:';

// SCAN over `keys` two at a time, matching as the server would, but also returning one key the
// pattern does not match (as a misread pattern might), which must never be deleted.
const fakeRedis = (keys: string[]) => {
  const calls: string[][] = [];
  let store = [...keys];
  const fake = {
    scan: async (cursor: string, ...args: (string | number)[]) => {
      calls.push(['SCAN', cursor, ...args.map(String)]);
      const start = Number(cursor); // a position in the keys as they were, as SCAN's cursor is stable
      const page = keys.slice(start, start + 2).filter((k) => store.includes(k));
      const next = start + 2 >= keys.length ? '0' : String(start + 2);
      return [next, [...page.filter((k) => k.startsWith(String(args[1]).slice(0, -1).replace(/\\/g, ''))), 'someone:else']];
    },
    unlink: async (...names: string[]) => {
      calls.push(['UNLINK', ...names]);
      const before = store.length;
      store = store.filter((k) => !names.includes(k));
      return before - store.length;
    },
    flushdb: async () => {
      calls.push(['FLUSHDB']);
      store = [];
      return 'OK';
    },
  };
  return { redis: fake as unknown as Redis, calls, left: () => store };
};

describe('keyspaces', () => {
  it('a shared keyspace deletes only keys under its prefix and never flushes', async () => {
    const { redis, calls, left } = fakeRedis([`${PREFIX}a`, 'theirs:1', `${PREFIX}b`, `${PREFIX}c`, 'theirs:2']);
    const keyspace = sharedKeyspace(PREFIX);
    expect(keyspace).toMatchObject({ kind: 'shared', prefix: PREFIX });
    await keyspace.reset(redis);
    expect(left()).toEqual(['theirs:1', 'theirs:2']);
    expect(calls.some(([name]) => name === 'FLUSHDB')).toBe(false);
    expect(calls.filter(([name]) => name === 'UNLINK').flat()).not.toContain('someone:else');
    expect(calls[0]).toEqual(['SCAN', '0', 'MATCH', `${PREFIX}*`, 'COUNT', '1000']);
  });

  it('a shared keyspace counts what it removed at the end', async () => {
    const { redis } = fakeRedis([`${PREFIX}a`, 'theirs', `${PREFIX}b`]);
    expect(await sharedKeyspace(PREFIX).cleanup(redis)).toBe(2);
  });

  it('escapes glob characters in a prefix', async () => {
    const { redis, calls } = fakeRedis([]);
    await sharedKeyspace('a*[b]?:').reset(redis);
    expect(calls[0]?.[3]).toBe('a\\*\\[b\\]\\?:*');
  });

  it('each shared keyspace gets a fresh prefix; an empty one is refused', () => {
    const a = sharedKeyspace().prefix;
    expect(a).toMatch(/^rfl:[0-9a-f]{12}:$/);
    expect(sharedKeyspace().prefix).not.toBe(a);
    expect(() => sharedKeyspace('')).toThrow('a shared keyspace needs a non-empty prefix');
  });

  it("the lab's own instance is flushed before a run and needs no cleanup", async () => {
    const { redis, calls } = fakeRedis(['x', 'y']);
    const keyspace = ownKeyspace();
    expect(keyspace).toMatchObject({ kind: 'own', prefix: '' });
    await keyspace.reset(redis);
    expect(calls).toEqual([['FLUSHDB']]);
    expect(await keyspace.cleanup(redis)).toBe(0);
  });
});
