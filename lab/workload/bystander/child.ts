// The other-process bystander (issue 27): a child Node process that runs the same open loop as
// the in-process one (loop.ts) on its own connection, started and stopped by the lab over IPC.
// It waits behind the server, never behind the lab's event loop. It ends when the lab says so,
// and by itself when the IPC channel closes (the lab ended or died): it is never left behind.

import type { Redis } from 'ioredis';
import { closeClient, connectClient } from '../../client/index.ts';
import { startGetLoop, type RunningLoop } from './loop.ts';
import type { FromChild, ToChild } from './messages.ts';

const tell = (message: FromChild): void => {
  process.send?.(message);
};

let client: Redis | undefined;
let key = '';
let ratePerSec = 1;
let running: RunningLoop | undefined;

const handle = async (message: ToChild): Promise<void> => {
  if (message.type === 'connect') {
    ({ key, ratePerSec } = message);
    client = await connectClient(message.endpoint, 'the bystander, through the proxy');
    tell({ type: 'ready' });
  } else if (message.type === 'start') {
    if (client === undefined) throw new Error('start before connect');
    running = startGetLoop(client, ratePerSec, key);
    tell({ type: 'started' });
  } else {
    const span = (await running?.stop()) ?? { latenciesUs: [], sent: 0, errors: 0 };
    running = undefined;
    tell({ type: 'span', span });
  }
};

process.on('message', (message: ToChild) => {
  handle(message).catch((error: unknown) => tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
});
process.on('disconnect', () => {
  const closing = client === undefined ? Promise.resolve() : closeClient(client);
  void closing.finally(() => process.exit(0));
});
