// The same retry wrapper, made safe with an idempotency key: each operation runs inside a
// small Lua script that first looks up `idem:<operation id>`. The first attempt applies the
// command and stores its reply under that key (atomically: a script runs all or nothing); a
// retry finds the key and gets the stored reply back instead of applying the command again.
// In a service the operation id is the request id the caller sends with each request.
//
// Used by scenarios/retry-your-own.yaml (reconcile.tags: none, so op.command is the bare
// workload command; the script takes it as its ARGV).

import { Redis } from 'ioredis';
import type { Policy, PolicyOperation } from 'redis-fault-lab';

const RETRIES = 3;
const KEY_TTL_SECONDS = 600; // longer than any retry window
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// KEYS[1] = the idempotency key; ARGV[1] = TTL; ARGV[2..] = the command and its arguments.
// Replies are stored as n<integer> or s<status>/<bulk string>.
const ONCE = `local done = redis.call('GET', KEYS[1])
if done then
  if string.sub(done, 1, 1) == 'n' then return tonumber(string.sub(done, 2)) end
  return string.sub(done, 2)
end
local r = redis.call(unpack(ARGV, 2))
if type(r) == 'number' then
  redis.call('SET', KEYS[1], 'n' .. r, 'EX', ARGV[1])
else
  redis.call('SET', KEYS[1], 's' .. tostring(type(r) == 'table' and r.ok or r), 'EX', ARGV[1])
end
return r`;

const policy: Policy<Redis> = {
  client: 'ioredis 6 + retry with idempotency keys',
  async connect({ host, port, password }) {
    const client = new Redis({
      host,
      port,
      ...(password === undefined ? {} : { password }),
      lazyConnect: true,
      autoResendUnfulfilledCommands: false,
      commandTimeout: 1_000,
    });
    client.on('error', () => {});
    await client.connect();
    return client;
  },
  async perform(client, op: PolicyOperation) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await client.eval(ONCE, 1, `idem:${op.id}`, KEY_TTL_SECONDS, op.command, ...op.args);
      } catch (error) {
        if (attempt >= RETRIES) throw error;
        op.retrying(error);
        await sleep(50);
      }
    }
  },
  async close(client) {
    client.disconnect();
  },
};

export default policy;
