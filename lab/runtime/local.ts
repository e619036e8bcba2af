// The `local` runtime: redis-server and toxiproxy-server as child processes on 127.0.0.1,
// each on a free port, with a proxy from a third free port to Redis.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LabError, errorMessage, interruptedError, isLabError } from '../errors/index.ts';
import { ToxiproxyApi } from '../network/index.ts';
import { LOCAL_DIR_PREFIX, killOnExit, pidAlive, reapLocalOrphans, writeOwner } from './leftovers.ts';
import { REDIS_PROXY_NAME, once, runStopSteps, runtimePassword } from './lifecycle.ts';
import { findBinary, freePort, httpAnswers, redisAnswersPing, startChildServer, type ChildServer } from './local-processes.ts';
import type { StartOptions, StartedRuntime } from './types.ts';
import { howExited, watchParts } from './watch.ts';

const HOST = '127.0.0.1';

export const localBinaries = async (): Promise<{ redis?: string; toxiproxy?: string }> => ({
  redis: await findBinary(process.env.REDIS_FAULT_LAB_REDIS_SERVER ?? 'redis-server'),
  toxiproxy: await findBinary(process.env.REDIS_FAULT_LAB_TOXIPROXY_SERVER ?? 'toxiproxy-server'),
});

export const startLocalRuntime = async (options: StartOptions = {}): Promise<StartedRuntime> => {
  const binaries = await localBinaries();
  if (!binaries.redis || !binaries.toxiproxy) {
    const missing = [!binaries.redis && 'redis-server', !binaries.toxiproxy && 'toxiproxy-server'].filter(Boolean).join(' and ');
    throw new LabError('E_RUNTIME_UNAVAILABLE', `The local runtime needs ${missing} on PATH`, {
      hint: 'Run `bash docker/provision.sh` as root (installs Debian redis-server and builds toxiproxy-server 2.12.0), or set REDIS_FAULT_LAB_REDIS_SERVER / REDIS_FAULT_LAB_TOXIPROXY_SERVER to the binaries.',
    });
  }
  await reapLocalOrphans();
  const started: ChildServer[] = [];
  const pids = () => started.map((s) => s.pid);
  const dataDir = await mkdtemp(join(tmpdir(), LOCAL_DIR_PREFIX));
  const unhookExit = killOnExit(pids);
  const watch = watchParts();
  // Each server, once ready, is watched: an exit that stop() did not cause fires `lost`.
  const watched = (server: ChildServer): ChildServer => {
    void server.exited.then(({ code, signal }) => watch.exited(`the ${server.what} process (pid ${server.pid})`, howExited(code, signal)));
    return server;
  };
  const stop = once(async () => {
    watch.stopping();
    const report = await runStopSteps([...[...started].reverse().map((s) => () => s.stop()), () => rm(dataDir, { recursive: true, force: true })]);
    unhookExit();
    return report;
  });
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
    started.push(
      watched(await startChildServer(
        'redis-server',
        binaries.redis,
        [configFile, '--port', String(redisPort), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', dataDir],
        () => redisAnswersPing(redisDirect),
      )),
    );
    await writeOwner(dataDir, started);
    options.signal?.throwIfAborted();
    const apiPort = await freePort();
    const apiUrl = `http://${HOST}:${apiPort}`;
    options.onNote?.(`starting toxiproxy-server on ${HOST}:${apiPort}`);
    started.push(
      watched(await startChildServer('toxiproxy-server', binaries.toxiproxy, ['-host', HOST, '-port', String(apiPort)], () =>
        httpAnswers(`${apiUrl}/version`),
      )),
    );
    await writeOwner(dataDir, started);
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
      resources: { pids: pids(), containers: [], networks: [] },
      lost: watch.lost,
      // Node learns of a child's exit only through its exit event; kill(0) and /proc see it at once.
      checkParts: async () => {
        for (const server of started) {
          if (pidAlive(server.pid)) continue;
          const ended = await Promise.race([server.exited, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1_000))]);
          watch.exited(`the ${server.what} process (pid ${server.pid})`, ended ? howExited(ended.code, ended.signal) : 'its exit status not yet known');
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    if (options.signal?.aborted) throw interruptedError();
    if (isLabError(error)) throw error;
    throw new LabError('E_RUNTIME_START', `The local runtime failed to start: ${errorMessage(error)}`, { cause: error });
  }
};
