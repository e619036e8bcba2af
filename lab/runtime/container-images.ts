// Which images the containers runtime runs. The upstream images are pinned in
// docker/redis.Dockerfile and docker/toxiproxy.Dockerfile (FROM lines only). Where a machine
// cannot reach a registry, docker/provision.sh builds offline images from the host's
// binaries under the project's own names, with the upstream entrypoints and arguments, so
// the same code runs either; a local build is never tagged with an upstream name.

import { readFile } from 'node:fs/promises';
import { LabError } from '../errors/index.ts';
import type { ImageInfo } from '../contracts/index.ts';

export const OFFLINE_IMAGES = {
  redis: 'redis-fault-lab/redis:offline',
  toxiproxy: 'redis-fault-lab/toxiproxy:offline',
} as const;

const dockerDir = new URL('../../docker/', import.meta.url);

// The image named by the FROM line of docker/<name>.Dockerfile.
export const pinnedImage = async (name: 'redis' | 'toxiproxy'): Promise<string> => {
  const file = new URL(`${name}.Dockerfile`, dockerDir);
  const text = await readFile(file, 'utf8').catch(() => '');
  const from = /^\s*FROM\s+(\S+)/im.exec(text)?.[1];
  if (!from) {
    throw new LabError('E_RUNTIME_START', `No FROM line in ${file.pathname}`, {
      hint: 'docker/redis.Dockerfile and docker/toxiproxy.Dockerfile each pin an image with one `FROM image:tag` line.',
    });
  }
  return from;
};

// Upstream images when both are present locally; else the offline builds when both are
// present; else upstream (Testcontainers will pull them). Env vars override either.
export const chooseImages = async (exists: (image: string) => Promise<boolean>): Promise<ImageInfo> => {
  const overrideRedis = process.env.REDIS_FAULT_LAB_REDIS_IMAGE;
  const overrideToxiproxy = process.env.REDIS_FAULT_LAB_TOXIPROXY_IMAGE;
  const upstream = { redis: overrideRedis ?? (await pinnedImage('redis')), toxiproxy: overrideToxiproxy ?? (await pinnedImage('toxiproxy')) };
  if ((await exists(upstream.redis)) && (await exists(upstream.toxiproxy))) return { ...upstream, source: 'upstream' };
  const offline = { redis: overrideRedis ?? OFFLINE_IMAGES.redis, toxiproxy: overrideToxiproxy ?? OFFLINE_IMAGES.toxiproxy };
  if ((await exists(offline.redis)) && (await exists(offline.toxiproxy))) return { ...offline, source: 'offline' };
  return { ...upstream, source: 'upstream' };
};
