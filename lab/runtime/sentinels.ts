// What every runtime (local processes, containers) does for the sentinels of a Sentinel topology:
// each sentinel's config file (it rewrites it at run time, so each has a writable one of its own)
// and the wait until every sentinel watches the primary, knows its replicas and the other
// sentinels. A sentinel monitors the primary at the primary's announced address (its client
// proxy as the nodes reach it), announces its own client proxy (`sentinel announce-ip/port`), so
// the sentinels find each other through their proxies, and authenticates to the nodes and to the
// other sentinels with the runtime's password (which it requires of its own clients too).

import { LabError } from '../errors/index.ts';
import { SENTINEL_MASTER_NAME, type SentinelOptions } from '../contracts/index.ts';
import { redisInfo } from './redis-info.ts';
import type { StartedSentinel } from './types.ts';

/** The port a sentinel listens on inside its container (Sentinel's usual one). */
export const SENTINEL_PORT = 26379;

/** How long the sentinels get to find the replicas and each other after start (hellos go out every 2 s). */
const SENTINELS_READY_TIMEOUT_MS = 20_000;

/** One sentinel's config file. `primary` is the primary's announced address (its client proxy). */
export const sentinelConfig = (input: {
  port: number;
  bind: string;
  password: string | undefined;
  announce: { host: string; port: number };
  primary: { host: string; port: number };
  options: SentinelOptions;
}): string => {
  const { password, options } = input;
  const name = SENTINEL_MASTER_NAME;
  return [
    `port ${input.port}`,
    `bind ${input.bind}`,
    ...(password === undefined ? ['protected-mode no'] : [`requirepass ${password}`, `sentinel sentinel-pass ${password}`]),
    `sentinel announce-ip ${input.announce.host}`,
    `sentinel announce-port ${input.announce.port}`,
    `sentinel monitor ${name} ${input.primary.host} ${input.primary.port} ${options.quorum}`,
    `sentinel down-after-milliseconds ${name} ${options.downAfterMs}`,
    `sentinel failover-timeout ${name} ${options.failoverTimeoutMs}`,
    `sentinel parallel-syncs ${name} 1`,
    ...(password === undefined ? [] : [`sentinel auth-pass ${name} ${password}`]),
    '',
  ].join('\n');
};

/** What a sentinel's INFO sentinel says of the monitored primary: `master0:name=..,status=ok,address=..,slaves=1,sentinels=3`. */
const masterLine = (info: string): { status: string; address: string; slaves: number; sentinels: number } | undefined => {
  const match = new RegExp(`^master\\d+:name=${SENTINEL_MASTER_NAME},status=([^,]+),address=([^,]+),slaves=(\\d+),sentinels=(\\d+)`, 'm').exec(info);
  return match ? { status: match[1] as string, address: match[2] as string, slaves: Number(match[3]), sentinels: Number(match[4]) } : undefined;
};

/**
 * Waits until every sentinel (asked straight) reports the primary `ok` at `primaryAddress`, all
 * `replicas` and all the sentinels (itself included): only then can they agree on a failover.
 */
export const awaitSentinels = async (sentinels: readonly StartedSentinel[], primaryAddress: string, replicas: number, signal: AbortSignal | undefined): Promise<void> => {
  const deadline = performance.now() + SENTINELS_READY_TIMEOUT_MS;
  for (;;) {
    signal?.throwIfAborted();
    const seen = await Promise.all(sentinels.map(async (s) => masterLine((await redisInfo(s.direct, 'sentinel')) ?? '')));
    const ready = (line: (typeof seen)[number]) => line !== undefined && line.status === 'ok' && line.address === primaryAddress && line.slaves === replicas && line.sentinels === sentinels.length;
    if (seen.every(ready)) return;
    if (performance.now() > deadline) {
      const said = seen.map((line, i) => `${sentinels[i]?.name}: ${line === undefined ? 'no answer' : `${line.status} ${line.address}, ${line.slaves} replica(s), ${line.sentinels} sentinel(s)`}`);
      throw new LabError('E_RUNTIME_START', `The sentinels did not all see the primary (${primaryAddress}), its ${replicas} replica(s) and ${sentinels.length} sentinel(s) within ${SENTINELS_READY_TIMEOUT_MS / 1000} s: ${said.join('; ')}`, {
        hint: 'Run `redis-server sentinel.conf --sentinel` by hand with the config the lab writes (sentinel monitor, announce-ip/port) to see why they do not find each other.',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
