// The external runtime against servers the lab did not start: this file starts a redis-server
// and a toxiproxy-server itself (plain child processes, none of the lab's runtime code), puts
// "someone else's" keys and proxy there first, and checks that runs through the CLI and the
// library verify, calibrate through that Toxiproxy, leave every foreign key as it was (value
// and expiry) and no key or proxy of the lab behind; that only a target declared disposable
// is flushed; and that bad input is exit 2 with a code and a hint.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, type LabResult, type ProgressEvent } from '../../lab/index.ts';
import { expectCalibratedHonestly, inlineScenario } from './support.ts';

const BIN = new URL('../../lab/cli/bin.mjs', import.meta.url).pathname;
const HOST = '127.0.0.1';
const PASSWORD = 'someone-elses-password';
const FOREIGN_PROXY = 'their-proxy';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const children: ChildProcess[] = [];
let dir = '';
let redisPort = 0;
let apiUrl = '';
let admin: Redis;

const startChild = (command: string, args: string[]): ChildProcess => {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  return child;
};

const waitFor = async (what: string, ready: () => Promise<boolean>): Promise<void> => {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not start`);
};

const proxies = async (): Promise<Record<string, { listen: string; upstream: string; toxics: unknown[] }>> =>
  (await fetch(`${apiUrl}/proxies`)).json() as Promise<Record<string, { listen: string; upstream: string; toxics: unknown[] }>>;

// Someone else's data: strings, a hash, a list and a set, some with an expiry, including keys
// named exactly as the scenarios' own patterns and the reconcile log would be without a prefix.
const FOREIGN: [string, (r: Redis) => Promise<unknown>][] = [
  ['bench:counter', (r) => r.set('bench:counter', '41')],
  ['ext:counter', (r) => r.set('ext:counter', '1000', 'EX', 3600)],
  ['ext:key:0', (r) => r.set('ext:key:0', 'theirs', 'PX', 7_200_000)],
  ['ext:key:1', (r) => r.set('ext:key:1', 'also theirs')],
  ['lab:log:{ext:counter}', (r) => r.rpush('lab:log:{ext:counter}', '7', '8')],
  ['user:42', (r) => r.hset('user:42', 'name', 'Ada', 'visits', '3')],
  ['queue', (r) => r.rpush('queue', 'a', 'b', 'c')],
  ['tags', (r) => r.sadd('tags', 'x', 'y')],
];

interface KeyState {
  dump: string;
  expireAtMs: number;
}

// Each key's serialized value (DUMP) and absolute expiry (PEXPIRETIME: -1 for none), which do
// not change with the passing of time as a remaining TTL does.
const snapshot = async (): Promise<Map<string, KeyState>> => {
  const state = new Map<string, KeyState>();
  for (const key of await admin.keys('*')) {
    const dump = await admin.dumpBuffer(key);
    const expireAtMs = Number(await admin.call('PEXPIRETIME', key));
    state.set(key, { dump: dump?.toString('base64') ?? '', expireAtMs });
  }
  return state;
};

let before: Map<string, KeyState>;

const expectTargetUntouched = async (): Promise<void> => {
  expect(await snapshot()).toEqual(before); // same keys (none of the lab's left), same values and expiries
  const left = await proxies();
  expect(Object.keys(left)).toEqual([FOREIGN_PROXY]); // the lab's proxy is gone, theirs is untouched
  expect(left[FOREIGN_PROXY]).toMatchObject({ listen: `${HOST}:${await theirProxyPort}`, upstream: `${HOST}:${redisPort}` });
  expect(left[FOREIGN_PROXY]!.toxics).toHaveLength(1);
};

let theirProxyPort: Promise<number>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'external-runtime-test-'));
  redisPort = await freePort();
  startChild('redis-server', ['--port', String(redisPort), '--bind', HOST, '--requirepass', PASSWORD, '--save', '', '--appendonly', 'no', '--dir', dir]);
  const apiPort = await freePort();
  apiUrl = `http://${HOST}:${apiPort}`;
  startChild('toxiproxy-server', ['-host', HOST, '-port', String(apiPort)]);
  admin = new Redis({ host: HOST, port: redisPort, password: PASSWORD, lazyConnect: true, retryStrategy: () => null });
  admin.on('error', () => undefined);
  await waitFor('redis-server', async () => {
    await admin.connect().catch(() => undefined);
    return (await admin.ping()) === 'PONG';
  });
  await waitFor('toxiproxy-server', async () => (await fetch(`${apiUrl}/version`)).ok);
  for (const [, write] of FOREIGN) await write(admin);
  // Their own proxy, with a toxic of theirs, which the lab must neither touch nor reuse.
  theirProxyPort = freePort();
  const port = await theirProxyPort;
  const created = await fetch(`${apiUrl}/proxies`, { method: 'POST', body: JSON.stringify({ name: FOREIGN_PROXY, listen: `${HOST}:${port}`, upstream: `${HOST}:${redisPort}` }) });
  expect(created.status).toBe(201);
  await fetch(`${apiUrl}/proxies/${FOREIGN_PROXY}/toxics`, { method: 'POST', body: JSON.stringify({ name: 'theirs', type: 'latency', stream: 'downstream', attributes: { latency: 1 } }) });
  before = await snapshot();
  expect([...before.keys()].sort()).toEqual(FOREIGN.map(([key]) => key).sort());
  expect(before.get('ext:counter')!.expireAtMs).toBeGreaterThan(0);
}, 30_000);

afterAll(async () => {
  admin?.disconnect();
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

const runCli = (args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('REDIS_FAULT_LAB_EXTERNAL_')));
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...clean, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });

const MEASURED = `
name: external-measured
workload:
  - { label: INCR, command: INCR, key: "ext:counter", commands: 200 }
  - { label: SET, command: SET, key: "ext:key:{i}", keys: sequential, commands: 100, value: 32B }
  - { label: GET, command: GET, key: "ext:key:{i}", keys: {sequential: 20}, commands: 100 }
modes: [sync, pipeline:50]
network: { rtt: [0ms, 5ms] }
warmup: 1
repeat: 2
`;

const FAULT = `
name: external-fault
workload: { command: INCR, key: "ext:counter", commands: 64 }
modes: [pipeline:16]
faults:
  - { name: cut, after: 16 commands, cut-after: { down: "8 replies + 2B" } }
policies: [none, idempotent]
repeat: 1
`;

const expectMeasuredRun = (result: LabResult) => {
  expect(result.runtime).toBe('external');
  expect(result.pass).toBe(true);
  expect(result.configs.every((c) => c.runs.length === 2 && c.runs.every((r) => r.verified))).toBe(true);
  expect(result.versions.toxiproxy).toBe('2.12.0');
  // Calibrated through the given Toxiproxy: the only one there is, and its link added ~5 ms.
  expect(result.calibration.map((c) => c.requestedRttMs)).toEqual([0, 5]);
  expectCalibratedHonestly(result);
  expect(result.calibration[1]!.addedMs).toBeGreaterThan(result.calibration[0]!.addedMs + 3);
  expect(result.target).toMatchObject({ redis: `${HOST}:${redisPort}`, toxiproxyApiUrl: apiUrl, disposable: false, keyPrefix: expect.stringMatching(/^rfl:[0-9a-f]{12}:$/) });
  expect(result.target!.keysRemoved).toBeGreaterThan(0);
};

describe('external runtime', () => {
  it('runs a scenario through the CLI and leaves the target as it found it', async () => {
    const file = join(dir, 'measured.yaml');
    const json = join(dir, 'measured.json');
    await writeFile(file, MEASURED);
    const { code, stdout, stderr } = await runCli(['run', file, '--runtime', 'external', '--redis', `${HOST}:${redisPort}`, '--toxiproxy', apiUrl, '--json', json, '--quiet'], {
      REDIS_FAULT_LAB_EXTERNAL_PASSWORD: PASSWORD,
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(stdout).toMatch(/runtime: external \(Redis 127\.0\.0\.1:\d+, Toxiproxy http:\/\/127\.0\.0\.1:\d+; shared: keys under rfl:[0-9a-f]{12}: only, \d+ deleted at the end\)/);
    expect(stdout).toContain('images: none (an external target the lab did not start)');
    expect(stdout).not.toContain(PASSWORD);
    const result = JSON.parse(await readFile(json, 'utf8')) as LabResult;
    expectMeasuredRun(result);
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
    await expectTargetUntouched();
  });

  it('runs measured and fault scenarios through the library, its proxy and keys visible only during the run', async () => {
    const external = { redis: `${HOST}:${redisPort}`, toxiproxy: apiUrl, password: PASSWORD };
    const seen: string[][] = [];
    const onProgress = (event: ProgressEvent) => {
      if (event.type === 'calibrated') void proxies().then((all) => seen.push(Object.keys(all)));
    };
    const measured = await runScenario(inlineScenario(MEASURED), { runtime: 'external', external, onProgress });
    expectMeasuredRun(measured);
    expect(seen.flat().some((name) => /^redis-fault-lab-\d+-[0-9a-f]{8}$/.test(name))).toBe(true); // calibrated through a proxy the lab made there
    await expectTargetUntouched();

    const fault = await runScenario(inlineScenario(FAULT), { runtime: 'external', external });
    expect(fault.reconcile!.map((e) => [e.policy, e.verdict])).toEqual([
      ['none', expect.stringMatching(/SAFE|UNSAFE|UNKNOWN/)],
      ['idempotent', 'SAFE'],
    ]);
    expect(fault.reconcile!.every((e) => e.verdict !== 'NOT-TESTED')).toBe(true);
    expect(fault.target!.keysRemoved).toBeGreaterThan(0); // its counter and tag log, under the prefix
    await expectTargetUntouched();
  });

  it('refuses a scenario that would reach past its prefix on a shared target, before touching it', async () => {
    const external = { redis: `${HOST}:${redisPort}`, toxiproxy: apiUrl, password: PASSWORD };
    const flush = inlineScenario(`
name: flush
workload: { command: CUSTOM, args: [FLUSHDB], reply: ok, commands: 1 }
modes: [sync]
`);
    await expect(runScenario(flush, { runtime: 'external', external })).rejects.toMatchObject({ code: 'E_TARGET_UNSAFE', message: expect.stringContaining("CUSTOM FLUSHDB is in Redis's @dangerous ACL category"), hint: expect.stringContaining('--disposable') });
    const literal = inlineScenario(`
name: literal
workload: { command: CUSTOM, args: [RENAME, "{key}", "user:42"], commands: 1 }
modes: [sync]
`);
    await expect(runScenario(literal, { runtime: 'external', external })).rejects.toMatchObject({ code: 'E_TARGET_UNSAFE', message: expect.stringContaining('names the key "user:42", outside the lab\'s prefix') });
    await expectTargetUntouched();
  });

  it('on Ctrl-C (an aborted run) deletes its keys and its proxy all the same', async () => {
    const external = { redis: `${HOST}:${redisPort}`, toxiproxy: apiUrl, password: PASSWORD };
    const abort = new AbortController();
    let keysDuringRun = 0;
    const onProgress = (event: ProgressEvent) => {
      if (event.type !== 'run-done') return;
      void admin.dbsize().then((n) => {
        keysDuringRun = Math.max(keysDuringRun, n);
        abort.abort();
      });
    };
    const slow = inlineScenario(`
name: interrupted
workload: { command: SET, key: "ext:key:{i}", keys: sequential, commands: 1000 }
modes: [sync]
network: { rtt: [5ms] }
warmup: 1
repeat: 3
`);
    await expect(runScenario(slow, { runtime: 'external', external, signal: abort.signal, onProgress })).rejects.toMatchObject({ code: 'E_INTERRUPTED' });
    expect(keysDuringRun).toBeGreaterThan(before.size); // the run had keys of its own there
    await expectTargetUntouched();
  });

  it('refuses to reuse or replace a proxy that exists on the Toxiproxy, and leaves it alone', async () => {
    const external = { redis: `${HOST}:${redisPort}`, toxiproxy: apiUrl, password: PASSWORD, proxyName: FOREIGN_PROXY };
    await expect(runScenario(inlineScenario(MEASURED), { runtime: 'external', external })).rejects.toMatchObject({
      code: 'E_TARGET_INVALID',
      message: `A proxy named ${FOREIGN_PROXY} already exists on the Toxiproxy at ${apiUrl}; the lab never reuses or replaces a proxy it did not create`,
      hint: expect.stringContaining('--proxy-name'),
    });
    await expectTargetUntouched();
  });

  it('flushes only a target declared disposable', async () => {
    const file = join(dir, 'flush.yaml');
    await writeFile(file, `
name: flush-disposable
workload: { command: INCR, key: "ext:counter", commands: 50 }
modes: [sync]
warmup: 0
repeat: 1
`);
    const { code, stdout } = await runCli(['run', file, '--runtime', 'external', '--redis', `${HOST}:${redisPort}`, '--toxiproxy', apiUrl, '--disposable', '--quiet'], {
      REDIS_FAULT_LAB_EXTERNAL_PASSWORD: PASSWORD,
    });
    expect(code).toBe(0);
    expect(stdout).toContain('declared disposable (FLUSHDB before each run)');
    // FLUSHDB ran: their keys are gone, and the run's counter, unprefixed, is what it left.
    expect(await admin.keys('*')).toEqual(['ext:counter']);
    expect(await admin.get('ext:counter')).toBe('50');
    expect(Object.keys(await proxies())).toEqual([FOREIGN_PROXY]);
  });

  it.each([
    ['no Redis address', ['--toxiproxy', 'http://127.0.0.1:1'], 'E_TARGET_INVALID', 'needs the Redis address --redis (or REDIS_FAULT_LAB_EXTERNAL_REDIS)', '--redis 10.0.0.5:6379'],
    ['a malformed address', ['--redis', 'redis-host', '--toxiproxy', 'http://127.0.0.1:1'], 'E_TARGET_INVALID', '"redis-host" is not host:port', 'e.g. 10.0.0.5:6379'],
  ])('exits 2 on %s, naming the setting and a valid value', async (_, flags, code, message, hint) => {
    const result = await runCli(['run', 'scenarios/cross-dc-incr.yaml', '--runtime', 'external', ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error [${code}]:`);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toMatch(new RegExp(`hint: .*${hint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('exits 2 when the Toxiproxy API does not answer, or Redis refuses the password, creating nothing', async () => {
    const nothing = `http://${HOST}:${await freePort()}`;
    const unreachable = await runCli(['run', 'scenarios/cross-dc-incr.yaml', '--runtime', 'external', '--redis', `${HOST}:${redisPort}`, '--toxiproxy', nothing]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toContain(`error [E_RUNTIME_UNAVAILABLE]: No Toxiproxy API answers at ${nothing}`);
    expect(unreachable.stderr).toMatch(/hint: .*--toxiproxy \(or REDIS_FAULT_LAB_EXTERNAL_TOXIPROXY\), e\.g\. http:\/\/10\.0\.0\.6:8474/);
    const wrongPassword = await runCli(['run', 'scenarios/cross-dc-incr.yaml', '--runtime', 'external', '--redis', `${HOST}:${redisPort}`, '--toxiproxy', apiUrl], {
      REDIS_FAULT_LAB_EXTERNAL_PASSWORD: 'not-it',
    });
    expect(wrongPassword.code).toBe(2);
    expect(wrongPassword.stderr).toContain(`error [E_RUNTIME_UNAVAILABLE]: The external Redis at ${HOST}:${redisPort} does not answer PING: WRONGPASS`);
    expect(wrongPassword.stderr).not.toContain('not-it');
    expect(Object.keys(await proxies())).toEqual([FOREIGN_PROXY]);
  });
});
