import { describe, expect, it } from 'vitest';
import { failure, hints, lines, yaml } from './helpers.ts';

// Two workloads, two modes, two connection counts, two rtts and jitters; thresholds from line 7.
const withExpect = (...items: string[]) =>
  yaml(
    'name: t',
    'workload: [{label: a, command: SET, commands: [10, 100], value: [16B, 16B..1KB]}, {label: b, command: INCR, commands: 10}]',
    'modes: [sync, pipeline:8]',
    'connections: [1, 5]',
    'network: {rtt: [0ms, 10ms], jitter: [0ms, 1ms]}',
    'expect:',
    ...items.map((i) => `  - "${i}"`),
  );

describe('parseScenario: threshold scopes', () => {
  it('labels, modes and word order, each at its own column', () => {
    const error = failure(withExpect('c sync: median < 1ms', 'sync a: median < 1ms', 'a sync extra: median < 1ms', 'sinc: median < 1ms', 'multi:8: median < 1ms'));
    expect(lines(error)).toStrictEqual([
      '7:6: expect[0]: "c sync: median < 1ms": unknown workload "c"',
      '8:6: expect[1]: "sync a: median < 1ms": the workload comes before the mode',
      '9:13: expect[2]: "a sync extra: median < 1ms": too many words before the selectors: "extra"',
      '10:6: expect[3]: "sinc: median < 1ms": unknown workload or mode "sinc"; did you mean sync?',
      '11:6: expect[4]: "multi:8: median < 1ms": multi:8 is not one of the scenario\'s modes',
    ]);
    expect(hints(error)).toStrictEqual([
      'workloads: a, b (or leave it out to cover every workload)',
      'write "a sync"',
      'the scope is [<workload>] [<mode>] [at <selector>, …]: e.g. "SET sync at n=1000: p(99) < 25ms"',
      'workloads: a, b (or leave it out to cover every workload); valid modes: sync, pipeline:8 (or leave the mode out to cover every mode)',
      'valid modes: sync, pipeline:8 (or leave the mode out to cover every mode)',
    ]);
  });

  it('selector values the scenario does not run: n and value narrowed to the named workload', () => {
    const error = failure(withExpect('a sync at n=50: median < 1ms', 'b at value=16B: median < 1ms', 'a at value=1KB: median < 1ms', 'at conns=7, jitter=2ms: errors == 1.5'));
    expect(lines(error)).toStrictEqual([
      '7:18: expect[0]: "a sync at n=50: median < 1ms": n=50 is not one of a\'s commands values',
      '8:17: expect[1]: "b at value=16B: median < 1ms": value=16B: no workload b writes or reads values',
      '9:17: expect[2]: "a at value=1KB: median < 1ms": value=1KB is not one of a\'s value sizes',
      '10:15: expect[3]: "at conns=7, jitter=2ms: errors == 1.5": conns=7 is not one of the scenario\'s connection counts',
      '10:25: expect[3]: "at conns=7, jitter=2ms: errors == 1.5": jitter=2ms is not one of the scenario\'s jitters',
      '10:40: expect[3]: "at conns=7, jitter=2ms: errors == 1.5": errors takes a whole number, got "1.5"',
    ]);
    expect(hints(error)).toStrictEqual([
      'valid: n=10, n=100',
      'leave value= out',
      'valid: value=16B (only fixed sizes can be selected, not ranges)',
      'valid: conns=1, conns=5',
      'valid: jitter=0ms, jitter=1ms',
      'e.g. "errors == 0"',
    ]);
  });

  it('selector syntax: a missing "at", spaces for commas, repeats, stray commas, nothing after "at"', () => {
    const error = failure(
      withExpect('rtt=10ms: median < 1ms', 'at rtt=10ms conns=5: median < 1ms', 'at rtt=10ms, rtt=0ms: median < 1ms', 'at rtt=10ms,: median < 1ms', 'at: median < 1ms'),
    );
    expect(lines(error)).toStrictEqual([
      '7:6: expect[0]: "rtt=10ms: median < 1ms": missing "at" before "rtt=10ms"',
      '8:9: expect[1]: "at rtt=10ms conns=5: median < 1ms": separate selectors with commas: "rtt=10ms conns=5"',
      '9:19: expect[2]: "at rtt=10ms, rtt=0ms: median < 1ms": rtt is given twice',
      '10:17: expect[3]: "at rtt=10ms,: median < 1ms": an empty selector (a stray comma?)',
      '11:5: expect[4]: "at: median < 1ms": nothing after "at"',
    ]);
    expect(hints(error).slice(0, 3)).toStrictEqual(['write "at rtt=10ms:"', 'write "at rtt=10ms, conns=5"', 'select each axis once; write two thresholds for two values']);
  });

  it('bw= selects a cap the scenario runs, the same both ways', () => {
    const text = (...items: string[]) =>
      yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync]', 'network: {rtt: 1ms, bandwidth: [unlimited, 1MB/s, {up: 1MB/s}]}', 'expect:', ...items.map((i) => `  - "${i}"`));
    const error = failure(text('at bw=2MB/s: median < 1s', 'at bw=fast: median < 1s'));
    expect(lines(error)).toStrictEqual([
      '6:12: expect[0]: "at bw=2MB/s: median < 1s": bw=2MB/s is not one of the scenario\'s bandwidths (the same cap both ways)',
      '7:12: expect[1]: "at bw=fast: median < 1s": bw "fast" is not a rate',
    ]);
    expect(hints(error)[0]).toBe('valid: bw=unlimited, bw=1MB/s');
  });

  it('unknown selectors name what to write instead', () => {
    const error = failure(withExpect('pipeline:8 at rtt=10ms, connections=5: median < 60ms', 'at bandwidth=1MB/s: median < 1ms', 'at rtts=10ms: median < 1ms'));
    expect(lines(error)).toStrictEqual([
      '7:30: expect[0]: "pipeline:8 at rtt=10ms, connections=5: median < 60ms": unknown selector "connections"',
      '8:9: expect[1]: "at bandwidth=1MB/s: median < 1ms": unknown selector "bandwidth"',
      '9:9: expect[2]: "at rtts=10ms: median < 1ms": unknown selector "rtts"; did you mean rtt?',
    ]);
    const list =
      'selectors after "at", separated by commas: rtt=<duration>, jitter=<duration>, bw=<rate>|unlimited, conns=<N>, n=<commands> (commands per run, a request workload\'s too), ' +
      'requests=<N> (requests per run), value=<size>, rate=<requests/s> (open-loop), clients=shared|pool:<N> (open-loop), batch=none|auto|<window>/<size> (batched open-loop), workload=<label>, mode=<mode>, ' +
      'wait=none|<replicas>/<timeout>ms, node=<name>, policy=<name> (topology configs), direct';
    expect(hints(error)).toStrictEqual([`write conns=<N>; ${list}`, `write bw=<rate> (the same cap both ways) or bw=unlimited; ${list}`, list]);
  });

  it('direct only where the scenario measures direct configs, and never with an rtt', () => {
    expect(lines(failure(withExpect('at direct: median < 1ms')))).toStrictEqual(['7:9: expect[0]: "at direct: median < 1ms": direct: this scenario does not measure direct configs']);
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync]', 'network: {rtt: [0ms, 10ms], direct: true}', 'expect: ["at direct, rtt=0ms: median < 1ms"]'));
    expect(lines(error)).toStrictEqual(['5:22: expect[0]: "at direct, rtt=0ms: median < 1ms": direct configs have no rtt']);
    expect(error.hint).toBe('drop rtt=0ms to select direct configs, or drop direct');
  });
});

describe('parseScenario: threshold metrics and bounds', () => {
  it('sizes need units, ratios are plain, != is no comparison, reconcile counts belong to policies', () => {
    const error = failure(withExpect('rss < 100', 'ratio < 1.5x', 'median != 1ms', 'lost == 0'));
    expect(lines(error)).toStrictEqual([
      '7:12: expect[0]: "rss < 100": rss is a size: "100" has no unit',
      '8:14: expect[1]: "ratio < 1.5x": ratio takes a plain number (measured / model), got "1.5x"',
      '9:13: expect[2]: "median != 1ms": "!=" is not a comparison',
      '10:6: expect[3]: "lost == 0": lost is a reconcile count, not a config metric',
    ]);
    expect(hints(error)).toStrictEqual([
      'sizes carry a unit: write 100B (or KB, KiB, MB, MiB)',
      'e.g. "ratio < 1.5"',
      'a threshold is a bound or an equality: use <, <=, >, >= or ==',
      'counts of a fault run are bounded per policy: write "policy <name>: lost == 0"',
    ]);
  });
});

describe('parseScenario: reconcile thresholds', () => {
  const faultExpect = (...items: string[]) =>
    yaml(
      'name: t',
      'workload: {command: INCR, commands: 100}',
      'modes: [sync]',
      'faults: [{name: cut, after: 10 commands, reset: {}}]',
      'policies: [none, idempotent]',
      'expect:',
      ...items.map((i) => `  - "${i}"`),
    );

  it('only in a fault scenario', () => {
    const error = failure(withExpect('policy none: SAFE'));
    expect(error.message).toBe('scenarios/x.yaml:7:6: expect[0]: "policy none: SAFE": reconcile thresholds need faults, and this scenario has none');
    expect(error.hint).toBe('add faults: (a fault scenario), or bound a config figure such as "median < 60ms"');
  });

  it('a policy the scenario does not run, a misspelt policy or fault, a selector other than fault', () => {
    const error = failure(
      faultExpect('policy app-retry: SAFE', 'policy idempotnt: SAFE', 'policy none at fault=cutt: lost == 0', 'policy none at rtt=1ms: lost == 0', 'policy: SAFE'),
    );
    expect(lines(error)).toStrictEqual([
      '7:13: expect[0]: "policy app-retry: SAFE": policy app-retry is not one of the scenario\'s policies',
      '8:13: expect[1]: "policy idempotnt: SAFE": unknown policy "idempotnt"; did you mean idempotent?',
      '9:27: expect[2]: "policy none at fault=cutt: lost == 0": fault=cutt is not one of the scenario\'s faults; did you mean cut?',
      '10:21: expect[3]: "policy none at rtt=1ms: lost == 0": policy thresholds select by fault only, not "rtt=1ms"',
      '11:6: expect[4]: "policy: SAFE": which policy?',
    ]);
    expect(hints(error)[0]).toBe('valid: policy none, policy idempotent (add app-retry to policies: to judge it)');
    expect(hints(error)[2]).toBe('valid: fault=cut');
  });

  it('what follows the colon: capitals, counts, comparisons and whole numbers', () => {
    const error = failure(faultExpect('policy none: safe', 'policy none: lostt =< x', 'policy none'));
    expect(lines(error)).toStrictEqual([
      '7:19: expect[0]: "policy none: safe": write SAFE in capitals',
      '8:19: expect[1]: "policy none: lostt =< x": unknown count "lostt"; did you mean lost?',
      '8:25: expect[1]: "policy none: lostt =< x": "=<" is not a comparison',
      '8:28: expect[1]: "policy none: lostt =< x": lostt is a count: expected a whole number, got "x"',
      '9:5: expect[2]: "policy none": missing ":" after the policy',
    ]);
    expect(hints(error)[4]).toBe('the shape is policy <name> [at fault=<name>]: SAFE | UNSAFE | <count> <op> <n>, e.g. "policy idempotent: SAFE"');
  });
});
