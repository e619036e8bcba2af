// Fault runs wrap each operation so that the server itself records which operations it applied:
// a Lua script runs the workload's command and appends the operation's id to a companion list,
// atomically (a script's effects all happen or none do). The reply is the command's own reply,
// so a reply is the same number of bytes as the bare command's and byte-counted cuts still line up.
//
// The idempotent policy's script additionally remembers each operation's reply in a hash keyed
// by operation id and returns the remembered reply on a retry instead of applying it again.
// (A real deployment would use one key per operation with a TTL covering the retry window; one
// hash keeps the lab's cleanup simple.)

/** ARGV[1] = op id, ARGV[2..] = the command and its arguments. KEYS[1] = the log list. */
export const TAGGED_SCRIPT = `local r = redis.call(unpack(ARGV, 2))
redis.call('RPUSH', KEYS[1], ARGV[1])
return r`;

/** As TAGGED_SCRIPT, plus KEYS[2] = the hash of replies by op id (n<number> or s<status>). */
export const IDEMPOTENT_SCRIPT = `local done = redis.call('HGET', KEYS[2], ARGV[1])
if done then
  if string.sub(done, 1, 1) == 'n' then return tonumber(string.sub(done, 2)) end
  return {ok = string.sub(done, 2)}
end
local r = redis.call(unpack(ARGV, 2))
if type(r) == 'number' then
  redis.call('HSET', KEYS[2], ARGV[1], 'n' .. r)
else
  redis.call('HSET', KEYS[2], ARGV[1], 's' .. tostring(r.ok))
end
redis.call('RPUSH', KEYS[1], ARGV[1])
return r`;

/** Where the companion log and the idempotency hash live, next to the workload's key. */
export const tagKeys = (workloadKey: string): { logKey: string; doneKey: string } => ({
  logKey: `lab:log:{${workloadKey}}`,
  doneKey: `lab:done:{${workloadKey}}`,
});

export type OpWrapping = 'bare' | 'tagged' | 'idempotent';

/** The command (name + args) that issues operation `op` under a wrapping. */
export const wrapOp = (
  wrapping: OpWrapping,
  op: number,
  name: string,
  args: readonly string[],
  keys: { logKey: string; doneKey: string },
): { name: string; args: string[] } => {
  switch (wrapping) {
    case 'bare':
      return { name, args: [...args] };
    case 'tagged':
      return { name: 'eval', args: [TAGGED_SCRIPT, '1', keys.logKey, String(op), name, ...args] };
    case 'idempotent':
      return { name: 'eval', args: [IDEMPOTENT_SCRIPT, '2', keys.logKey, keys.doneKey, String(op), name, ...args] };
  }
};
