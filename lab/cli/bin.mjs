#!/usr/bin/env node
// The `redis-fault-lab` command. One source, two copies:
// - lab/cli/bin.mjs, in a checkout: runs the TypeScript sources through tsx, so development
//   (`npm run lab`, `npm run demo`, the CLI tests) needs no build and never runs a stale one.
// - dist/cli/bin.mjs, emitted by the build (tsconfig.build.json) and named by package.json's
//   `bin`: where the sources are beside the package (a checkout, e.g. `npx redis-fault-lab`
//   there), it runs them the same way; in an installed package (no lab/ shipped) it imports
//   the built ./main.js, since the build rewrites the literal './main.ts' below.
import { existsSync } from 'node:fs';

const sources = new URL('../../lab/cli/main.ts', import.meta.url);
let main;
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(sources.href));
} else {
  ({ main } = await import('./main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
