// What the local runtime does around its servers, whatever the topology, in one place: it finds
// the binaries, reaps the servers of owners that died, keeps a data dir with the owner file (see
// leftovers.ts), kills its children if this process exits without stopping them, watches each
// server's exit (one that stop() did not cause fires `lost`), and stops them in reverse order of
// start, then removes the data dir. A layout (local.ts, cluster/local-cluster.ts) starts the
// nodes of one topology kind in it.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LabError } from '../errors/index.ts';
import { LOCAL_DIR_PREFIX, killOnExit, pidAlive, reapLocalOrphans, writeOwner } from './leftovers.ts';
import { once, runStopSteps } from './lifecycle.ts';
import { findBinary, freePort, httpAnswers, startChildServer, type ChildServer } from './local-processes.ts';
import type { ToxiproxyApi } from '../network/index.ts';
import type { Topology } from '../contracts/index.ts';
import type { FaultWords, PeerProxy, StartOptions, StartedNode, StartedSentinel, StopReport } from './types.ts';
import { howExited, watchParts, type PartWatch } from './watch.ts';

export const LOCAL_HOST = '127.0.0.1';

export const localBinaries = async (): Promise<{ redis?: string; toxiproxy?: string }> => ({
  redis: await findBinary(process.env.REDIS_FAULT_LAB_REDIS_SERVER ?? 'redis-server'),
  toxiproxy: await findBinary(process.env.REDIS_FAULT_LAB_TOXIPROXY_SERVER ?? 'toxiproxy-server'),
});


export interface LocalGroup {
  readonly binaries: { redis: string; toxiproxy: string };
  /** A fresh directory for configs and data, removed by stop(). */
  readonly dataDir: string;
  readonly watch: PartWatch;
  /** Pids of the servers started so far, in order. */
  pids(): number[];
  /** Starts a child server and takes it into the group: watched, in the owner file, stopped by stop(). */
  start(what: string, binary: string, args: string[], ready: () => Promise<boolean>): Promise<ChildServer>;
  /** toxiproxy-server on a free port of 127.0.0.1; resolves to its API URL. */
  startToxiproxy(onNote?: (note: string) => void): Promise<string>;
  /** Looks at each server now and fires `lost` for one that has exited (its exit event may lag). */
  checkParts(): Promise<void>;
  /** Runs `first` (e.g. close clients, continue a stopped process), stops the servers in reverse
   * order, removes the data dir. Once: later calls return the same report. */
  stop: () => Promise<StopReport>;
}

/** Opens a group, or E_RUNTIME_UNAVAILABLE naming the missing binaries. `first` runs at stop(). */
export type Step = () => Promise<unknown>;

/** What a layout gets to start its nodes with, and what it hands back. */
export interface LocalLayoutInput {
  group: LocalGroup;
  api: ToxiproxyApi;
  topology: Topology;
  password: string | undefined;
  options: StartOptions;
  /** Each node's server, by node name, as the layout starts it. */
  servers: Map<string, ChildServer>;
  /** Steps stop() runs before it stops the servers (close admin clients, gates). */
  atStop: Step[];
}

export interface LocalLayout {
  nodes: StartedNode[];
  peers: PeerProxy[];
  sentinels?: StartedSentinel[];
  words: Pick<FaultWords, 'isolatedOut' | 'afterHeal'>;
  cutOut?(name: string, off: boolean): Promise<void>;
}

export const openLocalGroup = async (first: () => Step[] = () => []): Promise<LocalGroup> => {
  const found = await localBinaries();
  if (!found.redis || !found.toxiproxy) {
    const missing = [!found.redis && 'redis-server', !found.toxiproxy && 'toxiproxy-server'].filter(Boolean).join(' and ');
    throw new LabError('E_RUNTIME_UNAVAILABLE', `The local runtime needs ${missing} on PATH`, {
      hint: 'Run `bash docker/provision.sh` as root (installs Debian redis-server and builds toxiproxy-server 2.12.0), or set REDIS_FAULT_LAB_REDIS_SERVER / REDIS_FAULT_LAB_TOXIPROXY_SERVER to the binaries.',
    });
  }
  const binaries = { redis: found.redis, toxiproxy: found.toxiproxy };
  await reapLocalOrphans();
  const started: ChildServer[] = [];
  const pids = () => started.map((s) => s.pid);
  const dataDir = await mkdtemp(join(tmpdir(), LOCAL_DIR_PREFIX));
  const unhookExit = killOnExit(pids);
  const watch = watchParts();
  const stop = once(async () => {
    watch.stopping();
    const report = await runStopSteps([...first(), ...[...started].reverse().map((s) => () => s.stop()), () => rm(dataDir, { recursive: true, force: true })]);
    unhookExit();
    return report;
  });
  const start = async (what: string, binary: string, args: string[], ready: () => Promise<boolean>): Promise<ChildServer> => {
    const server = await startChildServer(what, binary, args, ready, { removeOnOrphan: dataDir });
    void server.exited.then(({ code, signal }) => watch.exited(`the ${server.what} process (pid ${server.pid})`, howExited(code, signal)));
    started.push(server);
    await writeOwner(dataDir, started);
    return server;
  };
  return {
    binaries,
    dataDir,
    watch,
    pids,
    start,
    startToxiproxy: async (onNote) => {
      const apiPort = await freePort();
      const apiUrl = `http://${LOCAL_HOST}:${apiPort}`;
      onNote?.(`starting toxiproxy-server on ${LOCAL_HOST}:${apiPort}`);
      await start('toxiproxy-server', binaries.toxiproxy, ['-host', LOCAL_HOST, '-port', String(apiPort)], () => httpAnswers(`${apiUrl}/version`));
      return apiUrl;
    },
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
};
