// The `external` runtime: a Redis and a Toxiproxy the lab did not start (a staging pair, a
// real cross-datacenter link). The lab starts nothing; it checks that both answer, creates one
// proxy of its own on that Toxiproxy (a fresh name, never one that exists there) from the
// listen address it was given to the Redis address, checks that this machine reaches Redis
// through it, and deletes that proxy on stop, on error and on Ctrl-C. Whether the lab may
// empty the database is the target's `disposable` flag; see lab/keyspace.

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { LabError, errorMessage, withTimeout } from '../errors/index.ts';
import { topologyLabel, topologyNodes, type Topology } from '../contracts/index.ts';
import { ToxiproxyApi, ToxiproxyHttpError, withApiTimeout } from '../network/index.ts';
import { EXTERNAL_ENV, formatHostPort, resolveExternalTarget, type ResolvedTarget } from './external-target.ts';
import { failedStart, once, runStopSteps } from './lifecycle.ts';
import { assembleRuntime } from './started.ts';
import type { Endpoint, StartOptions, StartedRuntime } from './types.ts';
import { watchParts } from './watch.ts';

const PROBE_TIMEOUT_MS = 5_000;

// PING with the target's password; the error text (ECONNREFUSED, NOAUTH, WRONGPASS) or undefined.
const redisProblem = async (endpoint: Endpoint): Promise<string | undefined> => {
  const client = new Redis({
    host: endpoint.host,
    port: endpoint.port,
    ...(endpoint.password === undefined ? {} : { password: endpoint.password }),
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  // A refused AUTH closes the connection: connect then fails with "Connection is closed", and
  // the reason (WRONGPASS, NOAUTH, ECONNREFUSED) is in the first 'error' event.
  let firstError: string | undefined;
  client.on('error', (error: Error) => {
    firstError ??= error.message;
  });
  try {
    await withTimeout('PING', PROBE_TIMEOUT_MS, async () => {
      await client.connect();
      await client.ping();
    }, (_, ms) => new Error(`no answer within ${ms} ms`));
    return undefined;
  } catch (error) {
    return firstError ?? errorMessage(error);
  } finally {
    client.disconnect();
  }
};

const unavailable = (message: string, hint: string) => new LabError('E_RUNTIME_UNAVAILABLE', message, { hint });

// A proxy name of the lab's own: the pid and random bits, so it is new on any Toxiproxy.
const newProxyName = (): string => `redis-fault-lab-${process.pid}-${randomBytes(4).toString('hex')}`;

const nameTaken = (name: string, apiUrl: string) =>
  new LabError('E_TARGET_INVALID', `A proxy named ${name} already exists on the Toxiproxy at ${apiUrl}; the lab never reuses or replaces a proxy it did not create`, {
    hint: `Give another name with --proxy-name (${EXTERNAL_ENV.proxyName}), or leave it out for a fresh one; if the proxy is left from a lab run that was killed, delete it: curl -X DELETE ${apiUrl}/proxies/${name}`,
  });

// Creates the lab's proxy, refusing a name that exists (checked first, and a 409 from a race).
const createOwnProxy = async (api: ToxiproxyApi, target: ResolvedTarget, name: string) => {
  const existing = await withApiTimeout('GET /proxies', () => api.client.getAll());
  if (existing[name] !== undefined) throw nameTaken(name, target.apiUrl);
  try {
    return await withApiTimeout('POST /proxies', () =>
      api.client.createProxy({ name, listen: formatHostPort(target.listen), upstream: formatHostPort(target.redis), enabled: true }),
    );
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof ToxiproxyHttpError && cause.status === 409) throw nameTaken(name, target.apiUrl);
    throw new LabError('E_TARGET_INVALID', `Toxiproxy at ${target.apiUrl} could not create a proxy listening on ${formatHostPort(target.listen)}: ${errorMessage(error)}`, {
      hint: `${EXTERNAL_ENV.proxyListen} / --proxy-listen must be an address of the Toxiproxy machine with a free port (port 0: Toxiproxy picks one), e.g. 0.0.0.0:0`,
      cause: error,
    });
  }
};

// Deletes the lab's proxy; one that is already gone is not a problem.
const deleteOwnProxy = async (api: ToxiproxyApi, name: string): Promise<void> => {
  try {
    await withApiTimeout(`DELETE /proxies/${name}`, async (signal) => {
      const response = await fetch(`${api.apiUrl}/proxies/${encodeURIComponent(name)}`, { method: 'DELETE', signal });
      await response.arrayBuffer();
      if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
    });
  } catch (error) {
    throw new Error(`could not delete the lab's proxy ${name} from ${api.apiUrl} (${errorMessage(error)}); delete it with: curl -X DELETE ${api.apiUrl}/proxies/${name}`);
  }
};

const cannot = (what: string) => async (): Promise<never> => {
  throw unavailable(`The external runtime cannot ${what} a node: the lab did not start it`, 'Run the scenario with --runtime containers or --runtime local, whose nodes the lab starts.');
};

/** Starts nothing: checks the target, puts the lab's own proxy in front of its Redis. One node only. */
export const startExternalRuntime = async (topology: Topology, options: StartOptions = {}): Promise<StartedRuntime> => {
  if (topology.kind !== 'single') {
    throw unavailable(`The external runtime does not run topology ${topologyLabel(topology)}: it takes one Redis`, 'Run it with --runtime containers or --runtime local (or auto), which start every node behind its proxy.');
  }
  const target = resolveExternalTarget(options.external);
  const redisAddress = formatHostPort(target.redis);
  const api = new ToxiproxyApi(target.apiUrl);
  options.onNote?.(`checking Toxiproxy at ${target.apiUrl}`);
  await api.version().catch((error: unknown) => {
    throw unavailable(`No Toxiproxy API answers at ${target.apiUrl}: ${errorMessage(error)}`, `Start toxiproxy-server there, or give the URL its API answers on with --toxiproxy (or ${EXTERNAL_ENV.toxiproxy}), e.g. http://10.0.0.6:8474.`);
  });
  const auth = target.password === undefined ? {} : { password: target.password };
  const redisDirect: Endpoint = { ...target.redis, ...auth };
  options.onNote?.(`checking Redis at ${redisAddress}`);
  const directProblem = await redisProblem(redisDirect);
  if (directProblem !== undefined) {
    throw unavailable(`The external Redis at ${redisAddress} does not answer PING: ${directProblem}`, `Give the address this machine and Toxiproxy both reach Redis at with --redis (or ${EXTERNAL_ENV.redis}), and its password in ${EXTERNAL_ENV.password} or a file named by --redis-password-file (NOAUTH: a password is needed; WRONGPASS: it is wrong).`);
  }
  options.signal?.throwIfAborted();
  const proxyName = target.proxyName ?? newProxyName();
  const watch = watchParts();
  let created = false;
  const stop = once(async () => {
    watch.stopping();
    return runStopSteps(created ? [() => deleteOwnProxy(api, proxyName)] : []);
  });
  try {
    options.onNote?.(`creating proxy ${proxyName} on ${target.apiUrl}: ${formatHostPort(target.listen)} -> ${redisAddress}`);
    const proxy = await createOwnProxy(api, target, proxyName);
    created = true;
    // The address Toxiproxy listens on (port 0 resolved to the one it picked).
    const listenPort = Number(/:(\d+)$/.exec(proxy.listen)?.[1] ?? Number.NaN);
    if (!Number.isInteger(listenPort) || listenPort === 0) throw new Error(`Toxiproxy reported the listen address "${proxy.listen}", which has no port`);
    const proxied: Endpoint = { host: target.proxyHost, port: listenPort, ...auth };
    const proxiedProblem = await redisProblem(proxied);
    if (proxiedProblem !== undefined) {
      throw unavailable(
        `Redis does not answer through the lab's proxy: this machine connects to ${formatHostPort(proxied)} (the proxy listens on ${proxy.listen} on Toxiproxy's machine, upstream ${redisAddress}): ${proxiedProblem}`,
        `This machine must reach the proxy's port at --proxy-host (${EXTERNAL_ENV.proxyHost}; now ${target.proxyHost}), and Toxiproxy must reach Redis at ${redisAddress}. For a Toxiproxy on another machine, listen on an interface this machine reaches: --proxy-listen 0.0.0.0:0 or <its address>:0.`,
      );
    }
    options.signal?.throwIfAborted();
    return await assembleRuntime({
      kind: 'external',
      topology,
      nodes: topologyNodes(topology).map((node) => ({ ...node, direct: redisDirect, proxied, announced: formatHostPort(proxied), clientProxy: proxyName, listedAs: null })),
      peers: [],
      api,
      password: target.password,
      external: { redis: redisAddress, disposable: target.disposable },
      resources: { pids: [], containers: [], networks: [] },
      lost: watch.lost,
      // Nothing here is the lab's to watch but its proxy: if it vanished, the run has no link.
      checkParts: async () => {
        const gone = await api.proxy(proxyName).then(
          () => false,
          (error: unknown) => {
            const cause = (error as { cause?: unknown }).cause;
            return cause instanceof ToxiproxyHttpError && cause.status === 404;
          },
        );
        if (gone) watch.exited(`the lab's proxy ${proxyName} on ${target.apiUrl}`, 'it was deleted by someone else');
      },
      words: { isolatedOut: 'its proxy disabled', freeze: 'not available', thaw: 'not available', afterHeal: 'Its proxy is enabled again: its link comes back at once.' },
      handles: { freeze: cannot('freeze'), thaw: cannot('thaw') },
      stop,
    });
  } catch (error) {
    return failedStart(stop, error, options.signal, 'The external runtime');
  }
};
