// A Sentinel topology's failover, as a client learns it: the sentinels (through their proxies)
// name the primary. The watch subscribes to `+switch-master` on every sentinel and asks
// `SENTINEL get-master-addr-by-name` every POLL_MS, maps the address back to a node (every address
// a sentinel gives is a node's announced client proxy), and reports the first switch, whichever
// showed it first. After the run, settle() waits until every node's ROLE agrees with the sentinels:
// the old primary stays primary after a partition heals until a sentinel reads its INFO (every
// 10 s) and demotes it, and reading back before that would count its writes as kept.

import type { Redis } from 'ioredis';
import { closeClient, connectClient } from '../client/index.ts';
import { withTimeout } from '../errors/index.ts';
import type { StartedRuntime } from '../runtime/index.ts';
import type { SentinelOptions } from '../contracts/index.ts';

const POLL_MS = 100;
const SETTLE_POLL_MS = 100;
const ROLE_TIMEOUT_MS = 2_000;
/** A sentinel reads each replica's INFO every 10 s: the demotion of a healed old primary waits for it. */
const SENTINEL_INFO_PERIOD_MS = 10_000;

/** How long settle() waits for every ROLE to agree: Sentinel's INFO period, its failover timeout, and 5 s more. */
export const settleBoundMs = (options: SentinelOptions): number => SENTINEL_INFO_PERIOD_MS + options.failoverTimeoutMs + 5_000;

interface SentinelSwitch {
  /** The node the sentinels named. */
  node: string;
  /** ms after the watch's start. */
  atMs: number;
  via: '+switch-master' | 'poll';
}

export interface SentinelWatch {
  /** The first switch seen, or null. */
  readonly switched: SentinelSwitch | null;
  /** The primary the sentinels named last. */
  current(): string;
  /** Waits until every node's ROLE agrees with the sentinels (one primary, every other node its
   * connected replica) or `boundMs` passed; when the old primary was first seen demoted (ms after
   * the start), and a problem text if it did not settle. Control connections the sentinels closed
   * are opened again in `control`. */
  settle(control: Map<string, Redis>, boundMs: number): Promise<{ oldDemotedMs: number | null; problem?: string }>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts watching now; `startMs` is the run's t = 0 (performance.now()); `onSwitch` moves the writer. */
export const watchSentinels = async (topology: StartedRuntime, startMs: number, onSwitch: (node: string) => void): Promise<SentinelWatch> => {
  const masterName = topology.masterName as string;
  const initial = topology.nodes.find((n) => n.role === 'primary')?.name ?? 'primary';
  const nodeAt = (address: string) => topology.nodes.find((n) => n.announced === address)?.name;
  let current = initial;
  let switched: SentinelSwitch | null = null;
  let running = true;
  const saw = (address: string, via: SentinelSwitch['via']) => {
    const node = nodeAt(address);
    if (node === undefined || node === current) return;
    current = node;
    if (switched === null) {
      switched = { node, atMs: performance.now() - startMs, via };
      onSwitch(node);
    }
  };
  const subscribers: Redis[] = [];
  for (const sentinel of topology.sentinels) {
    const subscriber = await connectClient(sentinel.proxied, `${sentinel.name} through its proxy`).catch(() => undefined);
    if (subscriber === undefined) continue;
    subscriber.on('error', () => undefined);
    // `+switch-master <name> <old ip> <old port> <new ip> <new port>`
    subscriber.on('message', (_channel: string, message: string) => {
      const [name, , , ip, port] = message.split(' ');
      if (name === masterName && ip !== undefined && port !== undefined) saw(`${ip}:${port}`, '+switch-master');
    });
    await subscriber.subscribe('+switch-master').catch(() => undefined);
    subscribers.push(subscriber);
  }
  let asker: Redis | undefined;
  let next = 0;
  // The primary as one sentinel names it now (the next one when that one does not answer).
  const ask = async (): Promise<string | undefined> => {
    const sentinel = topology.sentinels[next % topology.sentinels.length];
    if (sentinel === undefined) return undefined;
    try {
      asker ??= await connectClient(sentinel.proxied, `${sentinel.name} through its proxy`);
      const client = asker;
      const reply = (await withTimeout('SENTINEL get-master-addr-by-name', ROLE_TIMEOUT_MS, () => client.call('SENTINEL', 'get-master-addr-by-name', masterName), () => new Error('no answer'))) as [string, string] | null;
      return reply === null ? undefined : `${reply[0]}:${reply[1]}`;
    } catch {
      if (asker !== undefined) await closeClient(asker);
      asker = undefined;
      next += 1;
      return undefined;
    }
  };
  const poller = (async () => {
    while (running) {
      const address = await ask();
      if (address !== undefined) saw(address, 'poll');
      await sleep(POLL_MS);
    }
  })();

  // Sentinel ends every normal client of a node it promotes or re-points (CLIENT KILL TYPE
  // normal), the lab's control connections included: those are opened again.
  const reopen = async (control: Map<string, Redis>) => {
    for (const node of topology.nodes) {
      const client = control.get(node.name);
      if (client !== undefined && client.status !== 'end' && client.status !== 'close') continue;
      const fresh = await connectClient(node.direct, `${node.name} directly`).catch(() => undefined);
      if (fresh !== undefined) control.set(node.name, fresh);
    }
  };
  // ROLE, bounded: a control connection that never answers counts as no answer, not a wait forever.
  const roleOf = async (client: Redis): Promise<unknown[] | undefined> =>
    (await withTimeout('ROLE', ROLE_TIMEOUT_MS, () => client.call('ROLE'), () => new Error('no answer to ROLE')).catch(() => undefined)) as unknown[] | undefined;
  return {
    get switched() {
      return switched;
    },
    current: () => current,
    settle: async (control, boundMs) => {
      running = false;
      await poller;
      const deadline = performance.now() + boundMs;
      let oldDemotedMs: number | null = null;
      for (;;) {
        const address = await ask();
        if (address !== undefined) saw(address, 'poll');
        const primary = topology.nodes.find((n) => n.name === current);
        await reopen(control);
        const roles = await Promise.all(topology.nodes.map(async (n) => ({ node: n, role: await roleOf(control.get(n.name) as Redis) })));
        const old = roles.find((r) => r.node.name === initial);
        if (initial !== current && oldDemotedMs === null && old?.role?.[0] === 'slave') oldDemotedMs = performance.now() - startMs;
        // A replica follows the primary at its client proxy (where the sentinels point it) or, as
        // started, through its peer proxy to it.
        const follows = (node: string, master: string) => [primary?.announced, ...topology.peers.filter((p) => p.from === node && p.to === current).map((p) => `${p.dial.host}:${p.dial.port}`)].includes(master);
        const settled = roles.every(({ node, role }) =>
          node.name === current ? role?.[0] === 'master' : role?.[0] === 'slave' && follows(node.name, `${String(role[1])}:${String(role[2])}`) && role[3] === 'connected',
        );
        if (settled) {
          // The sentinels may still be ending clients of the nodes they just re-pointed.
          await sleep(SETTLE_POLL_MS);
          await reopen(control);
          return { oldDemotedMs };
        }
        if (performance.now() > deadline) {
          const said = roles.map(({ node, role }) => `${node.name} ${role === undefined ? 'no answer' : role.slice(0, 4).map(String).join(' ')}`).join('; ');
          return { oldDemotedMs, problem: `the nodes' ROLE had not settled on ${current} (the sentinels' primary) ${(boundMs / 1000).toFixed(0)} s after the run (${said}); the state was read anyway` };
        }
        await sleep(SETTLE_POLL_MS);
      }
    },
    stop: async () => {
      running = false;
      await poller;
      for (const client of [...subscribers, ...(asker ? [asker] : [])]) await closeClient(client);
    },
  };
};
