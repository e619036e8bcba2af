import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../lab/cli/args.ts';

describe('command-line parsing', () => {
  it('parses run with its options', () => {
    expect(parseCommand(['run', 'a.yaml', '--runtime', 'local', '--json', 'out.json'])).toEqual({
      name: 'run',
      files: ['a.yaml'],
      runtime: 'local',
      jsonFile: 'out.json',
      quiet: false,
    });
  });

  it('parses the external runtime and its target flags (the rest come from the environment)', () => {
    expect(
      parseCommand(['run', 'a.yaml', '--runtime', 'external', '--redis', '10.0.0.5:6379', '--toxiproxy', 'http://10.0.0.6:8474', '--proxy-listen', '0.0.0.0:0', '--proxy-host', '10.0.0.6', '--disposable', '--redis-password-file', 'pw']),
    ).toEqual({
      name: 'run',
      files: ['a.yaml'],
      runtime: 'external',
      external: { redis: '10.0.0.5:6379', toxiproxy: 'http://10.0.0.6:8474', proxyListen: '0.0.0.0:0', proxyHost: '10.0.0.6', disposable: true },
      passwordFile: 'pw',
      quiet: false,
    });
    expect(parseCommand(['run', 'a.yaml', '--runtime', 'external'])).toEqual({ name: 'run', files: ['a.yaml'], runtime: 'external', quiet: false });
  });

  it('defaults the runtime to auto', () => {
    expect(parseCommand(['run', 'a.yaml'])).toMatchObject({ runtime: 'auto' });
  });

  it('parses validate with several files', () => {
    expect(parseCommand(['validate', 'a.yaml', 'b.yaml'])).toEqual({ name: 'validate', files: ['a.yaml', 'b.yaml'] });
  });

  it('parses schema', () => {
    expect(parseCommand(['schema'])).toEqual({ name: 'schema' });
  });

  it.each([
    [['run', 'a.yaml', '--runtime', 'kubernetes'], '--runtime "kubernetes" is not a runtime: expected auto, containers, local, external'],
    [['bench'], 'Unknown command "bench": expected run, validate, report, compare or schema'],
    [['schema', 'a.yaml'], 'schema takes no arguments, got a.yaml'],
    [['run'], 'run needs at least one scenario file, e.g. scenarios/cross-dc-incr.yaml'],
    [['run', 'a.yaml', '--redis', '10.0.0.5:6379', '--disposable'], '--redis, --disposable only apply to --runtime external (got --runtime auto)'],
    [['run', 'a.yaml', 'b.yaml', '--json', 'x.json'], '--json takes one scenario; run several scenarios one at a time to get one JSON file each'],
  ])('rejects %j with a usage error', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(expect.objectContaining({ code: 'E_USAGE', message }));
  });

  it('parses report and compare, with the threshold as a percentage (default 10%)', () => {
    expect(parseCommand(['report', 'a.json', 'b.json', '--html', 'r.html'])).toEqual({ name: 'report', files: ['a.json', 'b.json'], htmlFile: 'r.html' });
    expect(parseCommand(['compare', 'a.json', 'b.json'])).toEqual({ name: 'compare', base: 'a.json', next: 'b.json', thresholdPct: 10 });
    expect(parseCommand(['compare', 'a.json', 'b.json', '--threshold', '2.5%'])).toMatchObject({ thresholdPct: 2.5 });
    expect(parseCommand(['compare', 'a.json', 'b.json', '--allow-missing'])).toMatchObject({ name: 'compare', allowMissing: true });
    expect(parseCommand(['compare', 'a.json', 'b.json', '--match', 'rtt=10ms->12ms', '--markdown', 's.md'])).toMatchObject({ name: 'compare', match: 'rtt=10ms->12ms', markdownFile: 's.md' });
    expect(parseCommand(['run', 'a.yaml', '--html', 'r.html'])).toMatchObject({ name: 'run', htmlFile: 'r.html' });
  });

  it.each([
    [['compare', 'a.json'], 'compare takes exactly two result files (base, then new), got 1'],
    [['compare', 'a.json', 'b.json', '--threshold', 'ten'], '--threshold "ten" is not a percentage: write it like 10% or 2.5%'],
    [['report'], 'report needs at least one result file, e.g. results/cross-dc-incr.json'],
    [['run', 'a.yaml', '--threshold', '5%'], '--threshold belongs to compare'],
    [['report', 'a.json', '--allow-missing'], '--allow-missing belongs to compare'],
    [['report', 'a.json', '--match', 'rtt=1ms->2ms'], '--match belongs to compare'],
    [['run', 'a.yaml', '--markdown', 's.md'], '--markdown belongs to compare'],
  ])('rejects %j with a usage error', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(expect.objectContaining({ code: 'E_USAGE', message }));
  });

  it('rejects an unknown option', () => {
    expect(() => parseCommand(['run', 'a.yaml', '--jsn', 'x'])).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
  });
});
