// A trace on a Redis Cluster (lab/workload/trace-slots.ts, lab/scenario/trace/trace-slots.ts): a
// round's commands split into one pipeline per slot, keyless commands beside the first keyed
// one; a command naming keys of several slots refused when the trace is read, with its line; the
// keyspace prefix keeps a hash tag's slot; and the scenario grammar that lets a trace, and an rtt
// axis, run on a cluster.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keySlot } from '../../../lab/client/index.ts';
import { clusterOnSinglePath } from '../../../lab/contracts/index.ts';
import { loadScenarioFile } from '../../../lab/scenario/index.ts';
import { parseTrace } from '../../../lab/scenario/trace/trace-file.ts';
import { crossSlotKeys } from '../../../lab/scenario/trace/trace-slots.ts';
import { firstKeySlot, slotGroups } from '../../../lab/workload/trace-slots.ts';
import { failure, lines, yaml } from '../scenario/helpers.ts';

const send = (name: string, key?: string) => ({ name, args: key === undefined ? [] : [key], slot: key === undefined ? null : keySlot(key) });
const names = (groups: { name: string }[][]) => groups.map((g) => g.map((c) => c.name));

describe('a trace round on a cluster', () => {
  it('goes as one pipeline per slot, in traced order within each slot', () => {
    // user:1 and user:2 differ in slot; {u}:a and {u}:b share the tag's.
    expect(keySlot('user:1')).not.toBe(keySlot('user:2'));
    const round = [send('get', 'user:1'), send('get', '{u}:a'), send('incr', 'user:1'), send('set', '{u}:b'), send('get', 'user:2')];
    expect(names(slotGroups(round))).toEqual([['get', 'incr'], ['get', 'set'], ['get']]);
    expect(slotGroups(round).flat()).toHaveLength(round.length);
  });

  it('keeps a round in one slot whole, and puts a keyless command with the first keyed one', () => {
    expect(names(slotGroups([send('get', '{u}:a'), send('set', '{u}:b')]))).toEqual([['get', 'set']]);
    expect(names(slotGroups([send('ping'), send('get', 'user:1'), send('echo'), send('get', 'user:2')]))).toEqual([['ping', 'get', 'echo'], ['get']]);
    expect(names(slotGroups([send('ping'), send('echo')]))).toEqual([['ping', 'echo']]);
    expect(slotGroups([])).toEqual([]);
  });

  it('takes a command’s slot from its first key, none without a key', () => {
    expect(firstKeySlot(['item', 'rfl:x:cart:1'], [1])).toBe(keySlot('rfl:x:cart:1'));
    expect(firstKeySlot(['hello'], [])).toBeNull();
  });
});

describe('keys under the keyspace prefix', () => {
  it('keep their hash tag’s slot; an untagged key hashes whole, prefix included', () => {
    expect(keySlot('rfl:abc123:{user:1}:cart')).toBe(keySlot('user:1'));
    expect(keySlot('rfl:abc123:{user:1}:cart')).toBe(keySlot('rfl:other:{user:1}:views'));
    expect(keySlot('rfl:abc123:cart:1')).not.toBe(keySlot('cart:1'));
  });

  it('refuse a command naming two different keys unless one hash tag (or tags of one slot) holds them all', () => {
    expect(crossSlotKeys(['a'])).toBe(false);
    expect(crossSlotKeys(['a', 'a'])).toBe(false);
    expect(crossSlotKeys(['{user:1}:cart', '{user:1}:views'])).toBe(false);
    expect(crossSlotKeys(['a', 'b'])).toBe(true);
    expect(crossSlotKeys(['{user:1}:cart', 'views'])).toBe(true);
    expect(crossSlotKeys(['{user:1}:cart', '{user:2}:cart'])).toBe(keySlot('user:1') !== keySlot('user:2'));
    expect(crossSlotKeys(['{}a', '{}b'])).toBe(true); // an empty tag is no tag
  });
});

const TRACE = ['1700000000.000100 [0 127.0.0.1:5555] "mget" "{u}:a" "{u}:b"', '1700000000.000200 [0 127.0.0.1:5555] "ping"', '1700000000.000300 [0 127.0.0.1:5555] "del" "cart:1" "cart:2"', ''].join('\n');

describe('a trace read for a cluster', () => {
  it('names the line of a command across slots (CROSSSLOT); on one node it is replayed', () => {
    expect(() => parseTrace(TRACE, 'cap.monitor', { format: 'monitor', gapMs: 2, timeUnit: 's', cluster: true })).toThrow(/^cap\.monitor:3: DEL names keys of several slots once prefixed \(cart:1, cart:2\): a cluster refuses that \(CROSSSLOT\)$/);
    expect(parseTrace(TRACE, 'cap.monitor', { format: 'monitor', gapMs: 2, timeUnit: 's' }).commands).toBe(3);
    expect(parseTrace(TRACE.split('\n').slice(0, 2).join('\n'), 'cap.monitor', { format: 'monitor', gapMs: 2, timeUnit: 's', cluster: true }).commands).toBe(2);
  });
});

describe('a trace workload on a cluster, in the scenario grammar', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rfl-trace-slots-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const scenarioFile = (name: string, trace: string, ...rest: string[]): string => {
    writeFileSync(join(dir, `${name}.monitor`), trace);
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, yaml('name: t', 'topology: {cluster: {primaries: 3}}', `workload: {label: cart, trace: {file: ${name}.monitor}}`, 'modes: [sync]', ...rest));
    return file;
  };

  it('runs on the single-node path with an rtt axis and a slower primary', async () => {
    const scenario = await loadScenarioFile(scenarioFile('ok', TRACE.split('\n').slice(0, 2).join('\n'), 'network: {rtt: [0ms, 5ms], nodes: {primary-3: {rtt: 10ms}}}'));
    expect(clusterOnSinglePath(scenario.workloads, scenario.timeline)).toBe(true);
    expect(scenario.network.rttMs).toEqual([0, 5]);
    expect(scenario.workloads[0]?.trace?.replay?.commands).toBe(2);
  });

  it('refuses a command across slots at load, with the trace’s line', async () => {
    await expect(loadScenarioFile(scenarioFile('cross', TRACE))).rejects.toThrow(/cross\.monitor:3: DEL names keys of several slots/);
  });

  it('keeps one link per node where the axis would be ambiguous, and no jitter list', () => {
    const api = 'workload: {requests: 20, request: [{command: GET, key: "user:{r}"}]}';
    const named = failure(yaml('name: c', 'topology: {cluster: {primaries: 3}}', 'network: {rtt: [1ms, 5ms], nodes: {primary-1: {rtt: 10ms}}}', api, 'modes: [sync]'));
    expect(lines(named)[0]).toMatch(/network.rtt: is a list, and network.nodes.primary-1 gives primary-1's client link its rtt too/);
    expect(lines(failure(yaml('name: c', 'topology: {cluster: {primaries: 3}}', 'network: {jitter: [0ms, 1ms]}', api, 'modes: [sync]')))).toContainEqual(expect.stringMatching(/network.jitter: is a list; a cluster run has one link shape per node/));
  });
});
