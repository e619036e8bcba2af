import { describe, expect, it } from 'vitest';
import { EXTERNAL_ENV, formatHostPort, resolveExternalTarget } from '../../../lab/runtime/external-target.ts';

const env = (values: Partial<Record<keyof typeof EXTERNAL_ENV, string>>): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(values).map(([setting, value]) => [EXTERNAL_ENV[setting as keyof typeof EXTERNAL_ENV], value]));

describe('the external runtime target', () => {
  it('reads every setting from the environment when none is given', () => {
    const target = resolveExternalTarget({}, env({ redis: '10.0.0.5:6379', toxiproxy: 'http://10.0.0.6:8474/', password: 's3cret' }));
    expect(target).toEqual({
      redis: { host: '10.0.0.5', port: 6379 },
      apiUrl: 'http://10.0.0.6:8474',
      password: 's3cret',
      listen: { host: '10.0.0.6', port: 0 }, // the API's host, a port Toxiproxy picks
      proxyHost: '10.0.0.6',
      disposable: false,
    });
  });

  it('prefers given settings to the environment', () => {
    const target = resolveExternalTarget({ redis: '127.0.0.1:7000', disposable: true }, env({ redis: '10.0.0.5:6379', toxiproxy: 'http://127.0.0.1:8474', disposable: '0' }));
    expect(target.redis).toEqual({ host: '127.0.0.1', port: 7000 });
    expect(target.disposable).toBe(true);
  });

  it('reaches a proxy listening on every interface at the API host, unless told otherwise', () => {
    const base = { redis: 'redis.internal:6379', toxiproxy: 'http://toxi.internal:8474' };
    expect(resolveExternalTarget({ ...base, proxyListen: '0.0.0.0:26379' }, {})).toMatchObject({ listen: { host: '0.0.0.0', port: 26379 }, proxyHost: 'toxi.internal' });
    expect(resolveExternalTarget({ ...base, proxyListen: '[::]:0', proxyHost: '192.168.1.9' }, {})).toMatchObject({ listen: { host: '::', port: 0 }, proxyHost: '192.168.1.9' });
    expect(resolveExternalTarget({ ...base, proxyListen: '10.1.1.1:0' }, {}).proxyHost).toBe('10.1.1.1');
    expect(formatHostPort({ host: '::1', port: 6379 })).toBe('[::1]:6379');
  });

  it('reads the disposable flag only as an explicit yes', () => {
    const base = { redis: 'r:1', toxiproxy: 'http://t:2' };
    expect(resolveExternalTarget(base, env({ disposable: '1' })).disposable).toBe(true);
    expect(resolveExternalTarget(base, env({ disposable: 'false' })).disposable).toBe(false);
    expect(resolveExternalTarget(base, {}).disposable).toBe(false);
    expect(() => resolveExternalTarget(base, env({ disposable: 'maybe' }))).toThrow(expect.objectContaining({ code: 'E_TARGET_INVALID', message: 'REDIS_FAULT_LAB_EXTERNAL_DISPOSABLE="maybe" is neither true nor false' }));
  });

  it('names every missing setting, its flag and its variable, with an example', () => {
    let error: unknown;
    try {
      resolveExternalTarget({}, {});
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      code: 'E_TARGET_INVALID',
      message: 'The external runtime needs the Redis address --redis (or REDIS_FAULT_LAB_EXTERNAL_REDIS) and the Toxiproxy API URL --toxiproxy (or REDIS_FAULT_LAB_EXTERNAL_TOXIPROXY)',
    });
    expect((error as { hint: string }).hint).toContain('--redis 10.0.0.5:6379 --toxiproxy http://10.0.0.6:8474');
    expect(() => resolveExternalTarget({ redis: '  ' }, env({ toxiproxy: 'http://t:1' }))).toThrow(/needs the Redis address --redis/);
  });

  it.each([
    [{ redis: '10.0.0.5', toxiproxy: 'http://t:1' }, '--redis (or REDIS_FAULT_LAB_EXTERNAL_REDIS) "10.0.0.5" is not host:port with a port from 1 to 65535'],
    [{ redis: 'r:0', toxiproxy: 'http://t:1' }, '--redis (or REDIS_FAULT_LAB_EXTERNAL_REDIS) "r:0" is not host:port with a port from 1 to 65535'],
    [{ redis: 'r:1', toxiproxy: 't:8474' }, '--toxiproxy (or REDIS_FAULT_LAB_EXTERNAL_TOXIPROXY) "t:8474" is not an http:// URL of Toxiproxy\'s API'],
    [{ redis: 'r:1', toxiproxy: 'http://t:1', proxyListen: 'x:99999' }, '--proxy-listen (or REDIS_FAULT_LAB_EXTERNAL_PROXY_LISTEN) "x:99999" is not host:port with a port from 0 to 65535'],
  ])('rejects %j', (given, message) => {
    expect(() => resolveExternalTarget(given, {})).toThrow(expect.objectContaining({ code: 'E_TARGET_INVALID', message }));
  });
});
