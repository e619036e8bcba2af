// The `local` runtime: redis-server and toxiproxy-server as child processes on 127.0.0.1,
// each on a free port, with a proxy from a third free port to Redis.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LabError, errorMessage, interruptedError, isLabError } from '../errors/index.ts';
import { ToxiproxyApi } from '../network/index.ts';
import { REDIS_PROXY_NAME, runtimePassword } from './lifecycle.ts';
import { LOCAL_HOST as HOST, openLocalGroup } from './local-group.ts';
import { freePort, redisAnswersPing } from './local-processes.ts';
import type { StartOptions, StartedRuntime } from './types.ts';


export const startLocalRuntime = async (options: StartOptions = {}): Promise<StartedRuntime> => {
  const group = await openLocalGroup();
  const { binaries, dataDir, stop } = group;
  try {
    const redisPort = await freePort();
    const password = runtimePassword(options.redisAuth);
    const auth = password === undefined ? {} : { password };
    // The password goes in a config file only the owner can read, not on the command line,
    // which any local user can read from /proc before Redis rewrites its title.
    const configFile = join(dataDir, 'redis.conf');
    await writeFile(configFile, password === undefined ? '' : `requirepass ${password}\n`, { mode: 0o600 });
    const redisDirect = { host: HOST, port: redisPort, ...auth };
    options.onNote?.(`starting redis-server on ${HOST}:${redisPort}`);
    await group.start('redis-server', binaries.redis, [configFile, '--port', String(redisPort), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', dataDir], () =>
      redisAnswersPing(redisDirect),
    );
    options.signal?.throwIfAborted();
    const apiUrl = await group.startToxiproxy(options.onNote);
    options.signal?.throwIfAborted();
    const proxyPort = await freePort();
    const api = new ToxiproxyApi(apiUrl);
    const proxy = await api.createProxy(REDIS_PROXY_NAME, `${HOST}:${proxyPort}`, `${HOST}:${redisPort}`);
    return {
      kind: 'local',
      redisDirect,
      proxied: { host: HOST, port: proxyPort, ...auth },
      toxiproxyApiUrl: apiUrl,
      proxyName: REDIS_PROXY_NAME,
      toxiproxy: { client: api.client, proxy },
      resources: { pids: group.pids(), containers: [], networks: [] },
      lost: group.watch.lost,
      checkParts: group.checkParts,
      stop,
    };
  } catch (error) {
    await stop();
    if (options.signal?.aborted) throw interruptedError();
    if (isLabError(error)) throw error;
    throw new LabError('E_RUNTIME_START', `The local runtime failed to start: ${errorMessage(error)}`, { cause: error });
  }
};
