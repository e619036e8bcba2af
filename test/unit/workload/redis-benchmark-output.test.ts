// redis-benchmark 7.0.15's own output, captured on this machine (test/unit/workload/fixtures/
// redis-benchmark/): full reports of a custom command line, of `-t set -P 3`, of an EVAL with
// -r; and what it prints when it fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { benchmarkComplaint, parseBenchmarkReport } from '../../../lab/workload/index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/redis-benchmark/${name}`, import.meta.url), 'utf8');

describe('parseBenchmarkReport', () => {
  it('reads the summary of a custom command line, past the \\r-redrawn progress lines', () => {
    expect(parseBenchmarkReport(fixture('set-p8.stdout.txt'))).toStrictEqual({
      title: 'SET key:__rand_int__ v0:',
      completed: 100_000,
      rps: 246_913.58,
      avgMs: 1.168,
      minMs: 0.288,
      p50Ms: 1.095,
      p95Ms: 1.919,
      p99Ms: 2.831,
      maxMs: 7.279,
      count: 100_000,
    });
  });

  it('-t set -P 3 -n 20000: it completed 20001 (a last whole pipeline) but timed 20000', () => {
    expect(parseBenchmarkReport(fixture('set-t-p3.stdout.txt'))).toMatchObject({ title: 'SET', completed: 20_001, count: 20_000, rps: 163_942.62, p50Ms: 0.431, p99Ms: 1.663, maxMs: 6.319 });
  });

  it('a title with spaces and quotes (EVAL) is kept whole', () => {
    expect(parseBenchmarkReport(fixture('eval-r.stdout.txt'))).toMatchObject({
      title: "EVAL return redis.call('INCR', KEYS[1]) 1 c:__rand_int__",
      completed: 2000,
      count: 2000,
      rps: 60_606.06,
      minMs: 0.016,
    });
  });

  it.each(['errreply.stdout.txt', 'badopt.stdout.txt', 'refused.stderr.txt'])('no summary in %s: undefined', (name) => {
    expect(parseBenchmarkReport(fixture(name))).toBeUndefined();
  });

  it('a summary cut short is not a report', () => {
    const full = fixture('set-p8.stdout.txt');
    expect(parseBenchmarkReport(full.slice(0, full.indexOf('latency summary')))).toBeUndefined();
    expect(parseBenchmarkReport(full.replace('1.168', 'nan'))).toBeUndefined();
  });
});

describe('benchmarkComplaint', () => {
  it.each([
    ['refused.stderr.txt', '', 'Could not connect to Redis at 127.0.0.1:1: Connection refused'],
    ['wrongpass.stderr.txt', '', 'Node 127.0.0.1:16399 replied with error:'],
    ['noauth.stderr.txt', '', 'Node 127.0.0.1:16399 replied with error:'],
    ['errreply.stderr.txt', 'errreply.stdout.txt', 'Error from server: ERR value is not an integer or out of range'],
    ['', 'badopt.stdout.txt', 'Invalid option "--bogus" or option argument missing'],
  ])('%s %s: the first line that says what went wrong', (stderr, stdout, line) => {
    expect(benchmarkComplaint(stdout === '' ? '' : fixture(stdout), stderr === '' ? '' : fixture(stderr))).toBe(line);
  });

  it('nothing printed', () => {
    expect(benchmarkComplaint('', '')).toBe('no output');
  });
});
