import { describe, expect, it } from 'vitest';
import { failure, hints, lines, yaml } from './helpers.ts';

// A file whose workload mapping is `workload` (lines 3 onwards), with modes on the last line.
const withWorkload = (...workload: string[]) => yaml('name: t', 'workload:', ...workload.map((l) => `  ${l}`), 'modes: [sync]');

describe('parseScenario: workload keys and placeholders', () => {
  it('a distribution without its count, a misspelt placeholder, a lowercase size unit', () => {
    const error = failure(withWorkload('command: SET', 'commands: 10', 'keys: uniform', 'key: "k:{idx}"', 'value: 16b'));
    expect(lines(error)).toStrictEqual([
      '5:9: workload.keys: uniform needs a key count',
      '6:11: workload.key: unknown placeholder {idx}; did you mean {i}?',
      '7:10: workload.value: "16b": the unit "b" is not one the lab reads',
    ]);
    expect(hints(error)).toStrictEqual([
      'write keys: {uniform: 1000}; N is the number of distinct keys, a whole number from 1 to 10000000',
      'placeholders in key: {i} (the index); other braces are kept as written (Redis hash tags)',
      'write 16B (B is bytes; sizes are never bits)',
    ]);
  });

  it('a key without {i} under a distribution over many keys, and a range written backwards', () => {
    const error = failure(withWorkload('command: SET', 'commands: 10', 'keys: {uniform: 100}', 'key: k:counter', 'value: "1KB..16B"'));
    expect(lines(error)).toStrictEqual([
      '6:8: workload.key: "k:counter" has no {i}, so every operation would touch the same key',
      '7:10: workload.value: "1KB..16B": the smaller size comes first',
    ]);
    expect(hints(error)).toStrictEqual(['put {i} where the key index goes, e.g. key: "k:counter:{i}"; or use keys: one', 'write 16B..1KB']);
  });

  it.each([
    ['{zipfian: 100, theta: 1.2}', '2:68: workload.keys.theta: 1.2 is out of range', /^theta is the zipfian skew, a number above 0 and below 1/],
    ['{uniform: 100, theta: 0.5}', '2:61: workload.keys.theta: theta applies to zipfian only, not uniform', /^theta is the zipfian skew/],
    ['100', '2:46: workload.keys: expected a distribution, got 100', /^for 100 distinct keys write keys: \{uniform: 100\} or \{sequential: 100\}$/],
    ['sequental', '2:46: workload.keys: unknown key distribution "sequental"; did you mean sequential?', /^keys is one \(default\), sequential/],
    ['{uniform: 0}', '2:56: workload.keys.uniform: 0 is out of range; expected a whole number from 1 to 10000000', /^the number of distinct keys/],
  ])('keys: %s', (keys, line, hint) => {
    const error = failure(yaml('name: t', `workload: {command: GET, commands: 10, keys: ${keys}}`, 'modes: [sync]'));
    expect(lines(error)).toStrictEqual([line]);
    expect(error.hint).toMatch(hint);
  });
});

describe('parseScenario: value sizes', () => {
  it('every way a size can be wrong, each at its own list item', () => {
    const error = failure(yaml('name: t', 'workload: {command: SET, commands: 10, value: [16B, 600MB, 1GB, 1.5B, 16 B, 16kb, -1KB]}', 'modes: [sync]'));
    expect(lines(error)).toStrictEqual([
      '2:53: workload.value[1]: "600MB" is above 256MiB, the largest value the lab can hold',
      '2:60: workload.value[2]: "1GB": the unit "GB" is not one the lab reads',
      '2:65: workload.value[3]: "1.5B" is not a whole number of bytes',
      '2:71: workload.value[4]: "16 B" has a space before its unit',
      '2:77: workload.value[5]: "16kb": the unit "kb" is not one the lab reads',
      '2:83: workload.value[6]: "-1KB" is negative',
    ]);
    expect(hints(error)).toStrictEqual([
      'value sizes go up to 256MiB: a value and its command travel as one JavaScript string, and V8 strings stop just short of 512MiB',
      'sizes go up to MB and MiB; values are at most 256MiB',
      'use 1B or 2B',
      'write 16B',
      'write 16KB (1000 bytes) or 16KiB (1024 bytes)',
      'sizes are 0B or more',
    ]);
  });

  it('a value size without a unit shows the spelling with one', () => {
    const error = failure(withWorkload('command: SET', 'commands: 10', 'value: 1024'));
    expect(error.message).toBe('scenarios/x.yaml:5:10: workload.value: 1024 has no unit');
    expect(error.hint).toBe('sizes carry a unit: write 1024B (or KB, KiB, MB, MiB)');
  });

  it('a value for a command that has none', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 10, value: 16B}', 'modes: [sync]'));
    expect(error.message).toBe('scenarios/x.yaml:2:41: workload.value: INCR takes no value');
    expect(error.hint).toBe('remove value; values apply to SET, GET, HSET and MGET');
  });

  it('a value for a script whose args do not use it, and a missing script', () => {
    const error = failure(yaml('name: t', 'workload: {command: EVAL, commands: 10, value: 1KB}', 'modes: [sync]'));
    expect(lines(error)).toStrictEqual(['2:1: workload.script: required key is missing', '2:41: workload.value: value is only used where args contain {value}']);
    expect(hints(error)).toStrictEqual([
      `the Lua body, called with 1 key and ARGV from args, e.g. script: "return redis.call('INCR', KEYS[1])"`,
      'add "{value}" to args, e.g. args: ["{value}"], or remove value',
    ]);
  });
});

describe('parseScenario: command options', () => {
  it('every option another command takes is reported at its own key, with the command that takes it', () => {
    const error = failure(withWorkload('command: SET', 'commands: 10', 'by: 5', 'field: f', 'mget-keys: 2', 'script: "return 1"', 'args: [x]', 'reply: ok'));
    expect(lines(error)).toStrictEqual([
      '5:3: workload.by: by applies to INCRBY only, not SET',
      '6:3: workload.field: field applies to HSET only, not SET',
      '7:3: workload.mget-keys: mget-keys applies to MGET only, not SET',
      '8:3: workload.script: script applies to EVAL and EVALSHA only, not SET',
      '9:3: workload.args: args applies to EVAL, EVALSHA and CUSTOM only, not SET',
      '10:3: workload.reply: reply applies to EVAL, EVALSHA and CUSTOM only, not SET',
    ]);
    expect(hints(error)[0]).toBe('remove by, or use command: INCRBY');
  });

  it('CUSTOM needs args, and cannot issue commands that change the connection', () => {
    expect(lines(failure(yaml('name: t', 'workload: {command: CUSTOM, commands: 10}', 'modes: [sync]')))).toStrictEqual(['2:1: workload.args: required key is missing']);
    const error = failure(yaml('name: t', 'workload: {command: CUSTOM, commands: 10, args: [SUBSCRIBE, "{key}"], reply: OK}', 'modes: [sync]'));
    expect(lines(error)).toStrictEqual(['2:50: workload.args[0]: CUSTOM cannot issue SUBSCRIBE', '2:78: workload.reply: unknown reply check "OK"; did you mean ok?']);
    expect(hints(error)[0]).toBe('it turns the connection into a subscriber or a monitor, which answers no further commands');
  });

  it('a placeholder as the command name, a boolean argument, a misspelt reply key', () => {
    const error = failure(yaml('name: t', 'workload: {command: CUSTOM, commands: 10, args: ["{key}", true], reply: {equal: x}}', 'modes: [sync]'));
    expect(lines(error)).toStrictEqual([
      '2:50: workload.args[0]: "{key}" is not a command name',
      '2:59: workload.args[1]: expected an argument (text or a number), got true',
      '2:74: workload.reply.equal: unknown key "equal"; did you mean "equals"?',
    ]);
    expect(hints(error)[1]).toBe('quote it: "true"');
  });

  it('a misspelt placeholder inside an argument points at the placeholder', () => {
    const error = failure(yaml('name: t', 'workload: {command: CUSTOM, commands: 10, args: [SET, "k:{I}", "{valu}"]}', 'modes: [sync]'));
    expect(lines(error)).toStrictEqual([
      '2:58: workload.args[1]: unknown placeholder {I}; did you mean {i}?',
      '2:65: workload.args[2]: unknown placeholder {valu}; did you mean {value}?',
    ]);
  });
});

describe('parseScenario: several workloads', () => {
  it('labels must be distinct, single words, and not words thresholds use', () => {
    const error = failure(
      yaml(
        'name: t',
        'workload:',
        '  - {command: SET, commands: 10}',
        '  - {command: SET, commands: 10, value: 1KB}',
        '  - {label: "my label", command: GET, commands: 10}',
        '  - {label: sync, command: GET, commands: 10}',
        'modes: [sync]',
      ),
    );
    expect(lines(error)).toStrictEqual([
      '4:5: workload[1]: the label SET is also the label of workload[0]',
      '5:13: workload[2].label: "my label" is not a valid label',
      '6:13: workload[3].label: "sync" is a word thresholds already use',
    ]);
    expect(hints(error)[0]).toBe('labels default to the command; add a distinct one, e.g. label: SET-2');
  });
});
