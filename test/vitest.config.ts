// Two tiers: `unit` (pure logic, no Docker, fast, parallel) and `integration` (a real Redis
// and a real Toxiproxy started by the code under test; one file at a time, since timings are
// compared within a run and the machine has 2 cores).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

// The package's own name resolves to the sources, as in tsconfig.json's paths: package.json's
// exports point at the build (dist/), which the tests never need.
const alias = [
  { find: /^redis-fault-lab$/, replacement: fileURLToPath(new URL('../lab/index.ts', import.meta.url)) },
  { find: /^redis-fault-lab\/vitest$/, replacement: fileURLToPath(new URL('../lab/vitest/index.ts', import.meta.url)) },
];

export default defineConfig({
  root,
  test: {
    projects: [
      {
        root,
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
        },
      },
      {
        root,
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
