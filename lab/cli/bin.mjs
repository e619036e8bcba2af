#!/usr/bin/env node
// The `redis-fault-lab` command. The lab is TypeScript run through tsx, so a checkout needs
// no build step: `npm install` then `npx redis-fault-lab ...`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
