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
    [['run', 'a.yaml', '--runtime', 'kubernetes'], '--runtime "kubernetes" is not a runtime: expected auto, containers, local'],
    [['bench'], 'Unknown command "bench": expected run, validate or schema'],
    [['schema', 'a.yaml'], 'schema takes no arguments, got a.yaml'],
    [['run'], 'run needs at least one scenario file, e.g. scenarios/cross-dc-incr.yaml'],
    [['run', 'a.yaml', 'b.yaml', '--json', 'x.json'], '--json takes one scenario; run several scenarios one at a time to get one JSON file each'],
  ])('rejects %j with a usage error', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(expect.objectContaining({ code: 'E_USAGE', message }));
  });

  it('rejects an unknown option', () => {
    expect(() => parseCommand(['run', 'a.yaml', '--jsn', 'x'])).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
  });
});
