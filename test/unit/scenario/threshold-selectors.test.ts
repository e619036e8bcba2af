// Threshold selectors over every axis (issue 26): rate=, clients=, requests=, workload=, mode=
// on open-loop request configs, each checked against what the scenario runs; wait=, node= and
// policy= accepted and refused, with a reason, where no config can have them; n= still counts
// commands. Selection is the registry's: a parsed selector picks exactly the configs it names.

import { describe, expect, it } from 'vitest';
import { selectsConfig, type ConfigResult } from '../../../lab/contracts/index.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { config } from '../metrics/fixtures.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

// An open-loop request workload on two rates and two clients modes; thresholds from line 6.
const openLoop = (...items: string[]) =>
  yaml(
    'name: t',
    'workload:',
    '  request: [{command: GET, key: "k:{r}"}, {command: INCR, key: hits}]',
    '  arrival: {rate: [100/s, 400/s], for: 1s}',
    '  clients: [shared, {pool: 4}]',
    'modes: [sync]',
    'expect:',
    ...items.map((i) => `  - "${i}"`),
  );

const selectOf = (text: string, index = 0) => {
  const t = parseScenario(text, 'x.yaml').expect[index];
  if (t?.kind !== 'config') throw new Error('expected a config threshold');
  return t.select;
};

const openConfig = (id: string, rate: number, clients: ConfigResult['clients'], requests: number): ConfigResult => ({
  ...config({ id, rttMs: 0, mode: 'sync', batch: 1, workload: 'request' }),
  requests,
  clients,
  schedule: {
    offeredPerSec: rate, achievedPerSec: rate, scheduled: requests, completed: requests, unfinished: 0,
    worstLateMs: 0, lateStarts: 0, eventLoopDelayP99Ms: 0, eventLoopDelayMaxMs: 0, generatorBound: false,
  },
});

describe('threshold selectors on open-loop request configs', () => {
  it('reads rate=, clients=, requests=, workload= and mode= into the selector', () => {
    const text = openLoop('at rate=400/s, clients=pool:4: request p(99) < 50ms', 'at clients=shared, requests=100: achieved/s > 90', 'at workload=request, mode=sync, clients={pool:4}: late-starts == 0');
    expect(selectOf(text, 0)).toStrictEqual({ rate: '400/s', clients: 'pool:4' });
    expect(selectOf(text, 1)).toStrictEqual({ clients: 'shared', requests: 100 });
    expect(selectOf(text, 2)).toStrictEqual({ workload: 'request', mode: { kind: 'sync' }, clients: 'pool:4' });
  });

  it('selects exactly the configs it names', () => {
    const configs = [
      openConfig('a', 100, 'shared', 100),
      openConfig('b', 400, 'shared', 400),
      openConfig('c', 100, { pool: 4 }, 100),
      openConfig('d', 400, { pool: 4 }, 400),
      config({ id: 'closed', rttMs: 0, mode: 'sync', batch: 1 }),
    ];
    const ids = (select: ReturnType<typeof selectOf>) => configs.filter((c) => selectsConfig(select, c)).map((c) => c.id);
    const text = openLoop('at rate=400/s, clients=pool:4: request p(99) < 50ms', 'at clients=shared: request p(99) < 50ms', 'at requests=100: request p(99) < 50ms', 'at rate=100/s: request p(99) < 50ms');
    expect(ids(selectOf(text, 0))).toStrictEqual(['d']);
    expect(ids(selectOf(text, 1))).toStrictEqual(['a', 'b']);
    expect(ids(selectOf(text, 2))).toStrictEqual(['a', 'c']);
    expect(ids(selectOf(text, 3))).toStrictEqual(['a', 'c']);
  });

  it('names the values the scenario runs when one is not among them', () => {
    const error = failure(openLoop('at rate=200/s: request p(99) < 50ms', 'at clients=pool:8: request p(99) < 50ms', 'at requests=7: request p(99) < 50ms', 'at clients=pooled: request p(99) < 50ms'));
    expect(lines(error)).toStrictEqual([
      '8:14: expect[0]: "at rate=200/s: request p(99) < 50ms": rate=200/s is not one of the scenario\'s offered rates',
      '9:17: expect[1]: "at clients=pool:8: request p(99) < 50ms": clients=pool:8 is not one of the scenario\'s clients modes',
      '10:18: expect[2]: "at requests=7: request p(99) < 50ms": requests=7 is not one of the scenario\'s requests per run',
      '11:17: expect[3]: "at clients=pooled: request p(99) < 50ms": clients=pooled: expected shared or pool:<N>',
    ]);
    expect(hints(error)).toStrictEqual([
      'valid: rate=100/s, rate=400/s',
      'valid: clients=shared, clients=pool:4',
      'valid: requests=100, requests=400',
      'valid: clients=shared, clients=pool:4',
    ]);
  });

  it('refuses the workload or the mode given twice', () => {
    const error = failure(openLoop('sync at mode=sync: request p(99) < 50ms'));
    expect(lines(error)).toStrictEqual(['8:5: expect[0]: "sync at mode=sync: request p(99) < 50ms": the mode is given twice: before "at" and as mode=']);
  });
});

describe('selectors that match nothing in this scenario are errors, with the reason', () => {
  const closed = (...items: string[]) => yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync]', 'expect:', ...items.map((i) => `  - "${i}"`));

  it('rate=, clients= and requests= on a command workload; wait=, node= and policy= on one Redis', () => {
    const error = failure(closed('at rate=100/s: median < 1s', 'at clients=shared: median < 1s', 'at requests=10: median < 1s', 'at wait=1: median < 1s', 'at node=primary: median < 1s', 'at policy=none: median < 1s'));
    expect(lines(error).map((l) => l.replace(/^\d+:\d+: /, ''))).toStrictEqual([
      'expect[0]: "at rate=100/s: median < 1s": rate=100/s: no workload here has an open-loop arrival: rate= selects open-loop configs by their offered rate',
      'expect[1]: "at clients=shared: median < 1s": clients=shared: no workload here has an open-loop arrival: clients= selects open-loop configs',
      'expect[2]: "at requests=10: median < 1s": requests=10: no workload here is a request workload: requests= counts requests (n= counts commands)',
      'expect[3]: "at wait=1: median < 1s": wait=1: wait= selects configs by the WAIT after each write, and only a primary with replicas runs WAIT settings',
      'expect[4]: "at node=primary: median < 1s": node=primary: node= selects the configs of one node of a topology, and this scenario runs one Redis',
      'expect[5]: "at policy=none: median < 1s": policy=none: policy= selects topology configs run under a retry policy, and this scenario has none (a fault verdict is selected as "policy <name>: SAFE")',
    ]);
  });

  it('n= still counts commands: a request workload\'s n= is its commands per run, and the hint says so', () => {
    const error = failure(closed('at nn=10: median < 1s'));
    expect(hints(error)[0]).toContain('n=<commands> (commands per run, a request workload\'s too), requests=<N> (requests per run)');
    expect(selectOf(closed('at n=10: median < 1s'))).toStrictEqual({ commands: 10 });
  });
});
