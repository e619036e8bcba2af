import { afterEach, describe, expect, it } from 'vitest';
import { chooseImages, OFFLINE_IMAGES, pinnedImage } from '../../../lab/runtime/index.ts';

const present = (...images: string[]) => async (image: string) => images.includes(image);

describe('image choice', () => {
  afterEach(() => {
    delete process.env.REDIS_FAULT_LAB_REDIS_IMAGE;
  });

  it('reads the pins from docker/*.Dockerfile', async () => {
    expect(await pinnedImage('toxiproxy')).toBe('ghcr.io/shopify/toxiproxy:2.12.0');
    expect(await pinnedImage('redis')).toMatch(/^redis:\d/);
  });

  it('prefers the upstream images when both are present', async () => {
    const redis = await pinnedImage('redis');
    const toxiproxy = await pinnedImage('toxiproxy');
    expect(await chooseImages(present(redis, toxiproxy, OFFLINE_IMAGES.redis, OFFLINE_IMAGES.toxiproxy))).toEqual({ redis, toxiproxy, source: 'upstream' });
  });

  it('uses the offline builds, under their own names, when upstream is missing', async () => {
    expect(await chooseImages(present(OFFLINE_IMAGES.redis, OFFLINE_IMAGES.toxiproxy))).toEqual({ ...OFFLINE_IMAGES, source: 'offline' });
    expect(OFFLINE_IMAGES.redis.startsWith('redis-fault-lab/')).toBe(true);
  });

  it('falls back to upstream (to be pulled) when neither pair is complete', async () => {
    expect(await chooseImages(present(OFFLINE_IMAGES.redis))).toMatchObject({ source: 'upstream' });
  });

  it('lets an environment variable override an image', async () => {
    process.env.REDIS_FAULT_LAB_REDIS_IMAGE = 'my/redis:1';
    expect(await chooseImages(present('my/redis:1', await pinnedImage('toxiproxy')))).toMatchObject({ redis: 'my/redis:1', source: 'upstream' });
  });
});
