// Versions of everything that took part in a run, read from the parts themselves.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Redis } from 'ioredis';
import type { ToxiproxyApi } from '../network/index.ts';
import type { Versions } from '../contracts/index.ts';

// ioredis's installed version, from its package.json (the package exports no version).
const ioredisVersion = async (): Promise<string> => {
  let dir = dirname(createRequire(import.meta.url).resolve('ioredis'));
  for (let depth = 0; depth < 4; depth++, dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'ioredis' && pkg.version) return pkg.version;
    } catch {
      // keep walking up
    }
  }
  return 'unknown';
};

// The `redis_version` line of INFO server.
const redisVersion = async (client: Redis): Promise<string> => {
  const info = await client.info('server');
  return /^redis_version:(.+)$/m.exec(info)?.[1]?.trim() ?? 'unknown';
};

export const readVersions = async (direct: Redis, api: ToxiproxyApi): Promise<Versions> => ({
  redis: await redisVersion(direct),
  toxiproxy: await api.version(),
  node: process.versions.node,
  ioredis: await ioredisVersion(),
});
