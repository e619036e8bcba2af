// What every phase of one scenario run shares: the scenario, the proxy's API, the two control
// connections, progress and Ctrl-C; the calibration of a link shape, which measured configs and
// fault cells alike do once per shape; and the versions of the parts that took part.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Redis } from 'ioredis';
import { interruptedError } from '../errors/index.ts';
import { calibrateLink, type ToxiproxyApi } from '../network/index.ts';
import type { Calibration, LinkShape, ProgressListener, Scenario, Versions } from '../contracts/index.ts';
import type { Keyspace } from '../keyspace/index.ts';

export interface RunSession {
  scenario: Scenario;
  api: ToxiproxyApi;
  proxyName: string;
  /** Straight to Redis: baseline PINGs, state resets, prefill, INFO and read-backs. */
  direct: Redis;
  /** The keys the lab may touch and the one way it empties them (never FLUSHDB on a shared target). */
  keyspace: Keyspace;
  /** Through the proxy: calibration PINGs. */
  proxied: Redis;
  emit: ProgressListener;
  signal?: AbortSignal;
}

/** Throws E_INTERRUPTED once Ctrl-C was pressed: checked between runs. */
export const checkAborted = (signal: AbortSignal | undefined): void => {
  if (signal?.aborted) throw interruptedError();
};

/** Applies and calibrates the link (leaving it applied) and reports the calibration. */
export const calibrateShape = async (session: RunSession, link: LinkShape): Promise<Calibration> => {
  const { api, proxyName, direct, proxied, scenario } = session;
  const profile = { rttMs: link.rttMs, jitterMs: link.jitterMs, bandwidth: link.bandwidth };
  const calibration = await calibrateLink({ api, proxyName, profile, direct, proxied, pings: scenario.calibrationPings });
  session.emit({ type: 'calibrated', calibration });
  return calibration;
};

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

/** Versions of everything that took part in a run, read from the parts themselves. */
export const readVersions = async (direct: Redis, api: ToxiproxyApi): Promise<Versions> => ({
  redis: await redisVersion(direct),
  toxiproxy: await api.version(),
  node: process.versions.node,
  ioredis: await ioredisVersion(),
});
