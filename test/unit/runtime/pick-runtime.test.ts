import { describe, expect, it } from 'vitest';
import { pickRuntime } from '../../../lab/runtime/index.ts';

const both = { redis: '/usr/bin/redis-server', toxiproxy: '/usr/local/bin/toxiproxy-server' };

describe('auto runtime choice', () => {
  it('takes containers when a Docker engine answers, binaries or not', () => {
    expect(pickRuntime({ dockerProblem: undefined, binaries: {} })).toBe('containers');
    expect(pickRuntime({ dockerProblem: undefined, binaries: both })).toBe('containers');
  });

  it('falls back to local binaries when Docker does not answer', () => {
    expect(pickRuntime({ dockerProblem: 'connect ENOENT /var/run/docker.sock', binaries: both })).toBe('local');
  });

  it('says what is missing and what to install when neither is there', () => {
    expect(() => pickRuntime({ dockerProblem: 'connect ENOENT /var/run/docker.sock', binaries: { redis: both.redis } })).toThrow(
      expect.objectContaining({
        code: 'E_RUNTIME_UNAVAILABLE',
        message: 'No runtime is available: no Docker engine answers (connect ENOENT /var/run/docker.sock) and toxiproxy-server is not on PATH',
        hint: expect.stringContaining('bash docker/provision.sh'),
      }),
    );
    expect(() => pickRuntime({ dockerProblem: 'x', binaries: {} })).toThrow(/redis-server and toxiproxy-server are not on PATH/);
  });
});
