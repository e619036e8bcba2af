import { describe, expect, it } from 'vitest';
import { isLabError } from '../../../lab/errors/index.ts';
import { withApiTimeout } from '../../../lab/network/index.ts';

describe('bounded Toxiproxy API calls', () => {
  it('turns a call that never answers into E_TOXIPROXY_API after the bound', async () => {
    const never = new Promise<never>(() => undefined);
    const error = await withApiTimeout('DELETE /proxies/redis/toxics/x', () => never, 20).catch((e: unknown) => e);
    expect(isLabError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'E_TOXIPROXY_API', message: 'Toxiproxy API call timed out after 20 ms: DELETE /proxies/redis/toxics/x' });
  });

  it('wraps a failing call and keeps its cause', async () => {
    const cause = new Error('Request failed with status code 404');
    const error = await withApiTimeout('GET /proxies/nope', () => Promise.reject(cause), 1_000).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_TOXIPROXY_API', cause });
    expect((error as Error).message).toContain('GET /proxies/nope: Request failed with status code 404');
  });

  it('passes a value through', async () => {
    await expect(withApiTimeout('GET /version', () => Promise.resolve('2.12.0'), 1_000)).resolves.toBe('2.12.0');
  });
});
