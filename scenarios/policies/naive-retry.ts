// A naive retry wrapper, as many services write one: ioredis reconnects, and when a command
// fails the wrapper simply sends it again, up to 3 times. It cannot tell "the server never got
// it" from "the server ran it but the reply was lost", so a lost reply becomes a second write.
//
// Used by scenarios/retry-your-own.yaml. A policy module exports connect, perform and close
// (see the Policy type in redis-fault-lab).

import { Redis } from 'ioredis';
import type { Policy, PolicyOperation } from 'redis-fault-lab';

const RETRIES = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const policy: Policy<Redis> = {
  client: 'ioredis 6 + naive retry wrapper',
  async connect({ host, port, password }) {
    const client = new Redis({
      host,
      port,
      ...(password === undefined ? {} : { password }),
      lazyConnect: true,
      // Our wrapper retries, so ioredis must not re-send on its own; ioredis 6.0.0 then leaves
      // commands that were in flight at a disconnect unsettled, so a timeout ends them.
      autoResendUnfulfilledCommands: false,
      commandTimeout: 1_000,
    });
    client.on('error', () => {}); // failures surface through the commands
    await client.connect();
    return client;
  },
  async perform(client, op: PolicyOperation) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await client.call(op.command, [...op.args]);
      } catch (error) {
        if (attempt >= RETRIES) throw error;
        op.retrying(error); // lets the lab count the retry; the wrapper itself needs nothing
        await sleep(50);
      }
    }
  },
  async close(client) {
    client.disconnect();
  },
};

export default policy;
