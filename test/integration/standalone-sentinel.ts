// A Sentinel failover reproduced without the lab (issue 23: the lab's ioredis-default row must
// agree with it). Imports node built-ins, ioredis and toxiproxy-node-client only, never lab/.
// It starts on 127.0.0.1 what the lab's local runtime starts for
// `topology: {primary: 1, replicas: 1, sentinels: 3}`: one toxiproxy-server; a redis-server
// primary and replica, each behind a client proxy of its name, replication through the peer
// proxies `primary->replica-1` and `replica-1->primary`, replicas announcing their client proxy;
// three `redis-server --sentinel` each behind a proxy of its name, monitoring the primary at its
// client proxy as `lab-primary` and announcing their own proxy. Every proxy carries the link of
// `network: {rtt: 1ms}` (a 1 ms downstream latency toxic, none upstream).
//
// The run: `new Redis({sentinels, name, password, sentinelPassword, lazyConnect})` (the lab's
// ioredis-default: the library's defaults) sends INCR on one key, one at a time; 500 ms after the
// first it disables the primary's client proxy and both peer proxies (the lab's
// `partition: {nodes: [primary], from: all}`), re-enables them 6 s later, sends 500 more INCRs,
// waits until one node is master and the other its linked replica (the sentinels demote the old
// primary about 10 s after the heal), WAITs, and reads the counter on that master.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';
import { Toxiproxy } from 'toxiproxy-node-client';

/** What the reproduction does; the test checks each against scenarios/failover-retry-safety.yaml as the lab parses it. */
export const REPRO = {
  masterName: 'lab-primary',
  sentinels: 3,
  quorum: 2,
  downAfterMs: 1_000,
  failoverTimeoutMs: 5_000,
  rttMs: 1,
  command: 'INCR',
  key: 'failover:counter',
  maxOps: 200_000,
  partitionAtMs: 500,
  partitionForMs: 6_000,
  /** INCRs sent after the heal (the lab's TAIL_OPS for a policy across a timeline). */
  tailOps: 500,
  /** Past this the run stops waiting for a reply (the lab's failover deadline). */
  deadlineMs: 60_000,
  /** How long one node gets to be the only master with its replica linked (the lab's settle time). */
  settleMs: 30_000,
} as const;

const HOST = '127.0.0.1';

/** What the run counted, as the lab counts an untagged counter (tags: none). */
export interface ReproCounts {
  issued: number;
  acknowledged: number;
  failed: number;
  /** INCRs whose call had not settled at the deadline. */
  unsettled: number;
  /** The counter read on the settled master. */
  final: number;
  /** acknowledged - final, at least 0: acknowledged increments the counter does not hold. */
  lost: number;
  /** final - issued, at least 0: applications beyond the INCRs sent. */
  duplicated: number;
  /** Applications between two consecutive acknowledged replies that this client was not told of (reply values jump by more than 1). */
  unacknowledgedApplications: number;
  /** The node that was master when the counter was read. */
  readOn: string;
  /** Error messages the INCRs failed with, by message. */
  errors: Record<string, number>;
  /** ms after the first INCR: partition applied, healed, loop done. */
  times: { partitionMs: number; healMs: number; endMs: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });

// Until `check` is true, polling every 50 ms; `what` names it in the error after `timeoutMs`.
const until = async (what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> => {
  const deadline = performance.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
};

// One short-lived connection, straight to a server: no reconnects, no queue.
const once = async <T>(port: number, password: string, fn: (client: Redis) => Promise<T>): Promise<T> => {
  const client = new Redis({ host: HOST, port, password, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 1_000, commandTimeout: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await fn(client);
  } finally {
    client.disconnect();
  }
};

interface Child {
  what: string;
  process: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

/** A running Sentinel topology; stop() kills every process it started and removes its directory (once; later calls wait for the first). */
export interface SentinelTopology {
  password: string;
  dir: string;
  pids: number[];
  nodes: { name: string; port: number; proxyPort: number }[];
  sentinels: { name: string; port: number; proxyPort: number }[];
  proxies: Toxiproxy;
  stop(): Promise<void>;
}

const spawnChild = (what: string, command: string, args: string[]): Child => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return { what, process: child, exited, output: () => output };
};

const killChild = async (child: Child): Promise<void> => {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGTERM');
  const gone = await Promise.race([child.exited.then(() => true), sleep(3_000).then(() => false)]);
  if (!gone) {
    child.process.kill('SIGKILL');
    await child.exited;
  }
};

const nodeConfig = (password: string, announcePort: number, replicaOfPort: number | undefined): string =>
  [
    `requirepass ${password}`,
    `masterauth ${password}`,
    'repl-diskless-sync yes',
    'repl-diskless-sync-delay 0',
    'repl-ping-replica-period 1',
    'repl-timeout 5',
    `replica-announce-ip ${HOST}`,
    `replica-announce-port ${announcePort}`,
    ...(replicaOfPort === undefined ? [] : [`replicaof ${HOST} ${replicaOfPort}`]),
    '',
  ].join('\n');

const sentinelConfig = (password: string, port: number, announcePort: number, primaryProxyPort: number): string =>
  [
    `port ${port}`,
    `bind ${HOST}`,
    `requirepass ${password}`,
    `sentinel sentinel-pass ${password}`,
    `sentinel announce-ip ${HOST}`,
    `sentinel announce-port ${announcePort}`,
    `sentinel monitor ${REPRO.masterName} ${HOST} ${primaryProxyPort} ${REPRO.quorum}`,
    `sentinel down-after-milliseconds ${REPRO.masterName} ${REPRO.downAfterMs}`,
    `sentinel failover-timeout ${REPRO.masterName} ${REPRO.failoverTimeoutMs}`,
    `sentinel parallel-syncs ${REPRO.masterName} 1`,
    `sentinel auth-pass ${REPRO.masterName} ${password}`,
    '',
  ].join('\n');

/** Starts the topology; on any failure stops what it started and rethrows. */
export const startSentinelTopology = async (): Promise<SentinelTopology> => {
  const password = randomBytes(24).toString('base64url');
  const dir = await mkdtemp(join(tmpdir(), 'standalone-sentinel-'));
  const children: Child[] = [];
  const killAll = () => children.forEach((c) => c.process.exitCode === null && c.process.signalCode === null && c.process.kill('SIGKILL'));
  process.once('exit', killAll);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const child of [...children].reverse()) await killChild(child);
      process.removeListener('exit', killAll);
      await rm(dir, { recursive: true, force: true });
    })());
  const start = async (what: string, command: string, args: string[], ready: () => Promise<boolean>) => {
    const child = spawnChild(what, command, args);
    children.push(child);
    await until(`${what} ready`, 10_000, async () => {
      if (child.process.exitCode !== null) throw new Error(`${what} exited: ${child.output()}`);
      return ready();
    }).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${child.output()}`);
    });
  };
  try {
    const apiPort = await freePort();
    await start('toxiproxy-server', 'toxiproxy-server', ['-host', HOST, '-port', String(apiPort)], async () => (await fetch(`http://${HOST}:${apiPort}/version`)).ok);
    const proxies = new Toxiproxy(`http://${HOST}:${apiPort}`);
    const proxy = async (name: string, listenPort: number, upstreamPort: number) => {
      const created = await proxies.createProxy({ name, listen: `${HOST}:${listenPort}`, upstream: `${HOST}:${upstreamPort}` });
      // rtt 1 ms as the lab splits it: 0 ms upstream, 1 ms downstream.
      await created.addToxic({ name: 'latency_downstream', type: 'latency', stream: 'downstream', toxicity: 1, attributes: { latency: REPRO.rttMs, jitter: 0 } });
    };
    const nodes = [
      { name: 'primary', port: await freePort(), proxyPort: await freePort() },
      { name: 'replica-1', port: await freePort(), proxyPort: await freePort() },
    ];
    const [primary, replica] = nodes as [(typeof nodes)[number], (typeof nodes)[number]];
    for (const node of nodes) await proxy(node.name, node.proxyPort, node.port);
    const replicaToPrimary = await freePort();
    await proxy('primary->replica-1', await freePort(), replica.port);
    await proxy('replica-1->primary', replicaToPrimary, primary.port);
    for (const node of nodes) {
      const nodeDir = join(dir, node.name);
      await mkdir(nodeDir);
      const config = join(nodeDir, 'redis.conf');
      await writeFile(config, nodeConfig(password, node.proxyPort, node === replica ? replicaToPrimary : undefined), { mode: 0o600 });
      const args = [config, '--port', String(node.port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', nodeDir];
      await start(`redis-server (${node.name})`, 'redis-server', args, () => once(node.port, password, async (c) => (await c.ping()) === 'PONG'));
    }
    await until('replication link up', 15_000, async () => {
      const linked = await once(replica.port, password, (c) => c.info('replication'));
      const listed = await once(primary.port, password, (c) => c.info('replication'));
      return /^master_link_status:up/m.test(linked) && listed.includes(`ip=${HOST},port=${replica.proxyPort},state=online`);
    });
    const sentinels: SentinelTopology['sentinels'] = [];
    for (let i = 1; i <= REPRO.sentinels; i++) {
      const sentinel = { name: `sentinel-${i}`, port: await freePort(), proxyPort: await freePort() };
      await proxy(sentinel.name, sentinel.proxyPort, sentinel.port);
      const sentinelDir = join(dir, sentinel.name);
      await mkdir(sentinelDir);
      const config = join(sentinelDir, 'sentinel.conf');
      await writeFile(config, sentinelConfig(password, sentinel.port, sentinel.proxyPort, primary.proxyPort), { mode: 0o600 });
      await start(`redis-server --sentinel (${sentinel.name})`, 'redis-server', [config, '--sentinel', '--dir', sentinelDir], () => once(sentinel.port, password, async (c) => (await c.ping()) === 'PONG'));
      sentinels.push(sentinel);
    }
    // Every sentinel sees the primary ok at its proxy, its replica and all the sentinels.
    const wanted = new RegExp(`^master0:name=${REPRO.masterName},status=ok,address=${HOST}:${primary.proxyPort},slaves=1,sentinels=${REPRO.sentinels}`, 'm');
    await until('sentinels agree', 20_000, async () => (await Promise.all(sentinels.map((s) => once(s.port, password, (c) => c.info('sentinel'))))).every((info) => wanted.test(info)));
    return { password, dir, pids: children.map((c) => c.process.pid ?? -1), nodes, sentinels, proxies, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

// The lab's control connections: straight to a node, reconnecting (a sentinel kills normal
// clients of the nodes it reconfigures), re-sending what was in flight (ioredis 6.0.0 drops it
// unsettled otherwise, redis/ioredis#2193) and bounded per command.
const CONTROL: RedisOptions = {
  lazyConnect: true,
  connectTimeout: 5_000,
  retryStrategy: () => 100,
  maxRetriesPerRequest: 3,
  enableOfflineQueue: true,
  autoResendUnfulfilledCommands: true,
  commandTimeout: 15_000,
  maxLoadingRetryTime: 1_000,
};

// `work`, or an error naming `what` after `ms`: no step of the run waits forever.
const bounded = <T>(what: string, ms: number, work: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

/** One run of ioredis-default across the partition on a started topology, counted. */
export const runIoredisDefault = async (topology: SentinelTopology): Promise<ReproCounts> => {
  const { password } = topology;
  const [primary, replica] = topology.nodes as [SentinelTopology['nodes'][number], SentinelTopology['nodes'][number]];
  const client = new Redis({
    lazyConnect: true,
    password,
    sentinels: topology.sentinels.map((s) => ({ host: HOST, port: s.proxyPort })),
    name: REPRO.masterName,
    sentinelPassword: password,
  });
  client.on('error', () => undefined);
  const control = new Map(topology.nodes.map((n) => [n.name, new Redis({ host: HOST, port: n.port, password, ...CONTROL })] as const));
  control.forEach((c) => c.on('error', () => undefined));
  try {
    await bounded('ioredis connect through the sentinels', 10_000, client.connect());
    const cut = ['primary', 'primary->replica-1', 'replica-1->primary'];
    const setEnabled = async (enabled: boolean) => {
      for (const name of cut) {
        const proxy = await bounded(`GET proxy ${name}`, 5_000, topology.proxies.get(name));
        await bounded(`${enabled ? 'enable' : 'disable'} proxy ${name}`, 5_000, proxy.update({ enabled, listen: proxy.listen, upstream: proxy.upstream }));
      }
    };
    const errors: Record<string, number> = {};
    const counts = { issued: 0, acknowledged: 0, failed: 0, unsettled: 0, unacknowledgedApplications: 0 };
    const times = { partitionMs: -1, healMs: -1, endMs: -1 };
    let startMs = 0;
    let limit: number = REPRO.maxOps;
    let lastReply: number | undefined;
    let healed = false;
    let timeline: Promise<void> = Promise.resolve();
    const deadline = performance.now() + REPRO.deadlineMs;
    while (counts.issued < limit) {
      counts.issued++;
      if (counts.issued === 1) {
        startMs = performance.now();
        timeline = (async () => {
          await sleep(REPRO.partitionAtMs);
          await setEnabled(false);
          times.partitionMs = performance.now() - startMs;
          await sleep(startMs + REPRO.partitionAtMs + REPRO.partitionForMs - performance.now());
          await setEnabled(true);
          times.healMs = performance.now() - startMs;
        })().finally(() => {
          healed = true;
          limit = Math.min(REPRO.maxOps, counts.issued + REPRO.tailOps);
        });
      }
      const reply = client.call(REPRO.command, REPRO.key).then(
        (value) => ({ ok: true as const, value: Number(value) }),
        (error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : String(error) }),
      );
      const settled = await Promise.race([reply, sleep(Math.max(0, deadline - performance.now())).then(() => undefined)]);
      if (settled === undefined) {
        counts.unsettled++;
        break;
      }
      if (settled.ok) {
        counts.acknowledged++;
        if (lastReply !== undefined) counts.unacknowledgedApplications += Math.max(0, settled.value - lastReply - 1);
        lastReply = settled.value;
      } else {
        counts.failed++;
        errors[settled.message] = (errors[settled.message] ?? 0) + 1;
      }
    }
    times.endMs = performance.now() - startMs;
    client.disconnect();
    await bounded('the partition and heal', 30_000, timeline);
    if (!healed) throw new Error('the partition never healed');
    // One master, the other node its linked replica; then WAIT and read.
    let readOn = '';
    await until('roles settled', REPRO.settleMs, async () => {
      const roles = await Promise.all(topology.nodes.map(async (n) => String(((await control.get(n.name)!.call('ROLE')) as unknown[])[0])));
      const masters = topology.nodes.filter((_, i) => roles[i] === 'master');
      if (masters.length !== 1) return false;
      const other = masters[0] === primary ? replica : primary;
      if (!/^master_link_status:up/m.test(await control.get(other.name)!.info('replication'))) return false;
      readOn = masters[0]!.name;
      return true;
    });
    const master = control.get(readOn)!;
    await master.call('WAIT', '1', '5000');
    const final = Number((await master.get(REPRO.key)) ?? 0);
    return {
      ...counts,
      final,
      lost: Math.max(0, counts.acknowledged - final),
      duplicated: Math.max(0, final - counts.issued),
      readOn,
      errors,
      times,
    };
  } finally {
    client.disconnect();
    control.forEach((c) => c.disconnect());
  }
};
