// What the lab and its bystander child say to each other over the IPC channel (child.ts, process.ts).

import type { Endpoint } from '../../contracts/index.ts';
import type { BystanderSpan } from './loop.ts';

export type ToChild =
  | { type: 'connect'; endpoint: Endpoint; key: string; ratePerSec: number }
  | { type: 'start' }
  | { type: 'stop' };

export type FromChild =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'started' }
  | { type: 'span'; span: BystanderSpan };
