import { constants } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expandFaultCells, expandMatrix, loadScenarioFile, parseScenario } from '../../../lab/scenario/index.ts';
import { MAX_VALUE_BYTES } from '../../../lab/scenario/defaults.ts';
import { countConfigs, describeWork, estimateWork, MAX_CONFIGS } from '../../../lab/scenario/work.ts';
import { makeValue } from '../../../lab/workload/values.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const hostile = (name: string): string => fileURLToPath(new URL(`../../fixtures/hostile/scenarios/${name}`, import.meta.url));
const list = (n: number, item: (i: number) => string): string => `[${Array.from({ length: n }, (_, i) => item(i)).join(', ')}]`;

describe('the work estimate', () => {
  it('sums configs, runs, commands and the rtt model over the matrix (cross-dc-incr)', () => {
    const s = parseScenario(
      yaml('name: t', 'workload: {command: INCR, commands: 512}', 'modes: [sync, pipeline:8, pipeline:64, pipeline:256]', 'network: {rtt: [0ms, 1ms, 5ms, 10ms, 20ms]}', 'warmup: 1', 'repeat: 3'),
      't.yaml',
    );
    // Round trips per run: 512 + 64 + 8 + 2 = 586 per rtt; rtts sum to 36 ms; 4 runs; 50 PINGs per rtt.
    expect(estimateWork(s)).toStrictEqual({ configs: 20, runs: 80, commands: 80 * 512, valueBytes: 0, linkWaitMs: 4 * 586 * 36 + 50 * 36 });
    expect(describeWork(estimateWork(s))).toBe('20 configs, 80 runs, 40,960 commands, 0 B of values, ~86.2 s waiting on the link (rtt model)');
  });

  it('counts value bytes at the mean of a range, and an open-loop run at its schedule', () => {
    const set = parseScenario(yaml('name: t', 'workload: {command: SET, commands: 100, value: 16B..1KB}', 'modes: [sync]', 'warmup: 0', 'repeat: 2', 'network: {direct: true}'), 't.yaml');
    expect(estimateWork(set)).toMatchObject({ configs: 2, runs: 4, commands: 400, valueBytes: 400 * 508, linkWaitMs: 0 });
    const open = parseScenario(yaml('name: t', 'workload:', '  request: [{command: INCR, key: hits}, {command: GET, key: hits}]', '  arrival: {rate: 100/s, for: 3s}', 'modes: [sync]', 'warmup: 0', 'repeat: 1'), 't.yaml');
    expect(estimateWork(open)).toMatchObject({ configs: 1, runs: 1, commands: 600, linkWaitMs: 3_000 });
    // A rate search runs the config once per probe: at most `probes` of them.
    const search = parseScenario(
      yaml('name: t', 'workload:', '  request: [{command: INCR, key: hits}, {command: GET, key: hits}]', '  arrival: {rate: 100/s, for: 3s, slo: {objective: "request p(99) < 50ms", probes: 6}}', 'modes: [sync]', 'warmup: 0', 'repeat: 1'),
      't.yaml',
    );
    expect(estimateWork(search)).toMatchObject({ configs: 1, runs: 6, commands: 6 * 600, linkWaitMs: 6 * 3_000 });
  });

  it('counts configs from the axis lengths exactly as the expansion makes them', () => {
    const matrix = parseScenario(
      yaml(
        'name: t',
        'workload: [{command: SET, commands: [100, 200], value: [16B, 1KB]}, {command: INCR, commands: 100}]',
        'modes: [sync, pipeline:8, auto:4]',
        'connections: [1, 4]',
        'network: {rtt: [0ms, 5ms], jitter: [0ms, 1ms], direct: true}',
      ),
      't.yaml',
    );
    expect(countConfigs(matrix)).toBe(expandMatrix(matrix).length);
    expect(countConfigs(matrix)).toBe((4 + 1) * 3 * 2 * (4 + 1));
    const faults = parseScenario(
      yaml('name: t', 'workload: {command: INCR, commands: 100}', 'modes: [sync, pipeline:8]', 'network: {rtt: [0ms, 5ms]}', 'faults: [{name: r, after: 48 commands, reset: {}}, {name: s, at: 10ms, for: 100ms, stall: {}}]'),
      't.yaml',
    );
    expect(countConfigs(faults)).toBe(expandFaultCells(faults).length);
    expect(estimateWork(faults).runs).toBe(expandFaultCells(faults).length * faults.repeat);
  });
});

describe('work limits at validation', () => {
  it(`accepts ${MAX_CONFIGS} configs and refuses one axis entry more, at the widest axis`, () => {
    const at = (rtts: number) => yaml('name: t', 'workload: {command: INCR, commands: 100}', `connections: ${list(100, (i) => String(i + 1))}`, 'modes: [sync]', `network: {rtt: ${list(rtts, (i) => `${i}ms`)}}`);
    expect(countConfigs(parseScenario(at(100), 't.yaml'))).toBe(MAX_CONFIGS);
    const error = failure(at(101));
    expect(lines(error)).toStrictEqual(['5:11: network.rtt: the scenario expands to 10,100 configs (rtt 101 × connections 100); at most 10,000']);
    expect(hints(error)).toStrictEqual(['every list is an axis and axes multiply: shorten the lists, or split the scenario into several files']);
  });

  it('refuses a file that expands to 10^10 configs from the axis lengths alone, at once', async () => {
    const started = performance.now();
    const error = await loadScenarioFile(hostile('work-ten-billion-configs.yaml')).catch((e: unknown) => e);
    expect(String(error)).toContain('network.rtt: the scenario expands to 10,000,000,000 configs (rtt 100 × jitter 100 × modes 100 × connections 100 × commands × values × rates 100); at most 10,000');
    // A hostile-input time budget, generous: expanding would take hours and the heap.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses rate × for beyond the 10M-request limit, and accepts it at the limit', async () => {
    const error = await loadScenarioFile(hostile('work-rate-for-over-limit.yaml')).catch((e: unknown) => e);
    expect(String(error)).toContain('work-rate-for-over-limit.yaml:6:35: workload.arrival.for: rate 1,000,000/s × for 3600s schedules 3,600,000,000 requests per run; at most 10,000,000');
    const atLimit = yaml('name: t', 'workload:', '  request: [{command: INCR, key: hits}]', '  arrival: {rate: 1000000/s, for: 10s}', 'modes: [sync]');
    expect(estimateWork(parseScenario(atLimit, 't.yaml')).commands).toBe(4 * 10_000_000); // warmup 1 + repeat 3
    const ramp = failure(yaml('name: t', 'workload:', '  - request: [{command: INCR, key: hits}]', '    arrival: {rate: [10/s, 100/s..1000000/s], for: 30s}', 'modes: [sync]'));
    expect(lines(ramp)).toStrictEqual(['4:52: workload[0].arrival.for: rate 500,050/s × for 30s schedules 15,001,500 requests per run; at most 10,000,000']);
  });

  it('takes 100M commands in pipeline and multi modes, and refuses above 10M where something is kept per command', () => {
    const long = (commands: string, modes: string, keys = 'one') => yaml('name: t', `workload: {command: INCR, commands: ${commands}, keys: ${keys}}`, `modes: ${modes}`);
    expect(estimateWork(parseScenario(long('100_000_000', '[{pipeline: 1000}, {multi: 1000}]'), 't.yaml')).commands).toBe(4 * 2 * 100_000_000);
    expect(() => parseScenario(long('100_000_001', '[{pipeline: 1000}]'), 't.yaml')).toThrow(/from 1 to 100000000/);
    expect(parseScenario(long('10_000_000', '[sync]'), 't.yaml').workloads[0]?.commands).toEqual([10_000_000]);
    const sync = failure(long('10_000_001', '[sync, {pipeline: 1000}]'));
    expect(lines(sync)).toStrictEqual(['2:37: workload.commands: 10,000,001 commands per run; sync and auto modes (one wait of 12 bytes per command) take at most 10,000,000']);
    expect(hints(sync)).toStrictEqual(['above 10,000,000 commands use modes pipeline or multi without faults, whose memory does not grow with the run']);
    const keys = failure(long('20_000_000', '[{pipeline: 1000}]', 'sequential'));
    expect(lines(keys)).toStrictEqual(['2:37: workload.commands: 20,000,000 commands on sequential(commands) keys: 20,000,000 distinct keys, at most 10,000,000']);
  });

  it('refuses a value V8 cannot hold with its command: Redis\'s 512MiB maximum no longer passes validation', async () => {
    const error = await loadScenarioFile(hostile('work-value-512mib.yaml')).catch((e: unknown) => e);
    expect(String(error)).toContain('workload.value: "512MiB" is above 256MiB, the largest value the lab can hold');
    // What the old maximum did at run time: no string that long.
    expect(() => makeValue(0, 512 * 1024 * 1024)).toThrow(RangeError);
    // The new one, with a SET's RESP framing and the longest key, fits one V8 string with room to spare.
    const framing = '*3\r\n$3\r\nSET\r\n$10000\r\n\r\n$268435456\r\n\r\n'.length + 10_000;
    expect(MAX_VALUE_BYTES + framing).toBeLessThan(constants.MAX_STRING_LENGTH / 1.9);
  });
});
