// Which traced commands a replay may send, and where their keys are: the replay puts the run's
// keyspace prefix in front of every key, so only commands whose keys are known by position are
// replayed. Connection set-up commands a client library sends on connect are left out (counted);
// commands that act beyond their keys, run code, or change the server are refused.

/** Where a command's keys are, by argument position (after the name). */
type KeySpec = 'first' | 'first-two' | 'all' | 'pairs' | 'none';

const FIRST = [
  'GET', 'SET', 'SETEX', 'PSETEX', 'SETNX', 'GETSET', 'GETDEL', 'GETEX', 'GETRANGE', 'SETRANGE', 'APPEND', 'STRLEN',
  'INCR', 'INCRBY', 'INCRBYFLOAT', 'DECR', 'DECRBY', 'GETBIT', 'SETBIT', 'BITCOUNT',
  'EXPIRE', 'PEXPIRE', 'EXPIREAT', 'PEXPIREAT', 'PERSIST', 'TTL', 'PTTL', 'TYPE',
  'HGET', 'HSET', 'HSETNX', 'HMSET', 'HMGET', 'HGETALL', 'HDEL', 'HINCRBY', 'HINCRBYFLOAT', 'HEXISTS', 'HLEN', 'HKEYS', 'HVALS', 'HSTRLEN',
  'LPUSH', 'RPUSH', 'LPUSHX', 'RPUSHX', 'LPOP', 'RPOP', 'LRANGE', 'LLEN', 'LINDEX', 'LSET', 'LREM', 'LTRIM', 'LINSERT', 'LPOS',
  'SADD', 'SREM', 'SMEMBERS', 'SISMEMBER', 'SMISMEMBER', 'SCARD', 'SPOP', 'SRANDMEMBER',
  'ZADD', 'ZREM', 'ZRANGE', 'ZREVRANGE', 'ZRANGEBYSCORE', 'ZREVRANGEBYSCORE', 'ZSCORE', 'ZMSCORE', 'ZINCRBY', 'ZCARD', 'ZRANK', 'ZREVRANK', 'ZCOUNT',
  'ZREMRANGEBYSCORE', 'ZREMRANGEBYRANK', 'ZPOPMIN', 'ZPOPMAX',
  'XADD', 'XLEN', 'XRANGE', 'XREVRANGE', 'XTRIM', 'XDEL', 'PFADD',
];
const KEY_SPECS = new Map<string, KeySpec>([
  ...FIRST.map((name): [string, KeySpec] => [name, 'first']),
  ...['DEL', 'UNLINK', 'EXISTS', 'MGET', 'TOUCH', 'PFCOUNT', 'SINTER', 'SUNION', 'SDIFF'].map((name): [string, KeySpec] => [name, 'all']),
  ...['RENAME', 'RENAMENX', 'SMOVE', 'LMOVE', 'RPOPLPUSH'].map((name): [string, KeySpec] => [name, 'first-two']),
  ['MSET', 'pairs'],
  ['MSETNX', 'pairs'],
  ['PING', 'none'],
  ['ECHO', 'none'],
]);

/** Sent by client libraries when they connect (ioredis's INFO ready check, redis-cli's COMMAND DOCS): not replayed. */
const SETUP_COMMANDS = new Set(['AUTH', 'HELLO', 'CLIENT', 'INFO', 'COMMAND', 'READONLY', 'READWRITE', 'QUIT', 'RESET']);

// Refused with a reason of their own (everything else unknown is refused as unknown).
const REFUSED: Record<string, string> = {
  FLUSHALL: 'empties every database', FLUSHDB: 'empties the database', SWAPDB: 'swaps databases', MOVE: 'moves a key to another database',
  SELECT: 'switches database', KEYS: 'scans the whole keyspace', SCAN: 'scans the whole keyspace', RANDOMKEY: 'reads a key outside the replay\'s prefix',
  CONFIG: 'changes or reads the server configuration', DEBUG: 'is an administrative command', SHUTDOWN: 'stops the server', ACL: 'changes users',
  MODULE: 'loads code into the server', SAVE: 'blocks the server to write a snapshot', BGSAVE: 'writes a snapshot', BGREWRITEAOF: 'rewrites the AOF',
  REPLICAOF: 'changes replication', SLAVEOF: 'changes replication', MIGRATE: 'sends keys to another server', FAILOVER: 'changes replication',
  EVAL: 'runs a script whose keys are not known by position (KEYS[] may be refused or prefixed wrongly)', EVALSHA: 'runs a script whose keys are not known by position',
  EVAL_RO: 'runs a script', EVALSHA_RO: 'runs a script', FCALL: 'runs a function', FCALL_RO: 'runs a function', FUNCTION: 'loads code into the server', SCRIPT: 'loads or flushes scripts',
  MULTI: 'starts a transaction (the replay sends each command on its own)', EXEC: 'ends a transaction', WATCH: 'is part of a transaction', DISCARD: 'is part of a transaction',
  SUBSCRIBE: 'turns the connection into a subscriber', PSUBSCRIBE: 'turns the connection into a subscriber', SSUBSCRIBE: 'turns the connection into a subscriber',
  PUBLISH: 'publishes to channels outside the replay\'s prefix', MONITOR: 'is the capture itself', SYNC: 'is replication', PSYNC: 'is replication',
  BLPOP: 'blocks', BRPOP: 'blocks', BLMOVE: 'blocks', BZPOPMIN: 'blocks', BZPOPMAX: 'blocks', XREAD: 'may block', XREADGROUP: 'may block', WAIT: 'blocks',
  OBJECT: 'reads internals', MEMORY: 'reads internals', SLOWLOG: 'is administrative', LATENCY: 'is administrative', CLUSTER: 'is administrative',
  SORT: 'can read keys named by patterns', DUMP: 'reads internals', RESTORE: 'writes a serialized value',
};

export type TraceCommandCheck = { kind: 'replay'; keyArgs: number[] } | { kind: 'skip' } | { kind: 'refuse'; reason: string };

/** What the replay does with one traced command: replay it (with its key positions), skip it, or refuse it and why. */
export const checkTraceCommand = (args: readonly string[]): TraceCommandCheck => {
  const name = (args[0] ?? '').toUpperCase();
  if (SETUP_COMMANDS.has(name)) return { kind: 'skip' };
  const refused = REFUSED[name];
  if (refused !== undefined) return { kind: 'refuse', reason: `${name} ${refused}` };
  const spec = KEY_SPECS.get(name);
  if (spec === undefined) return { kind: 'refuse', reason: `${name.slice(0, 40) || '(empty)'} is not a command the replay knows the keys of` };
  const rest = args.length - 1;
  const need = spec === 'first' ? 1 : spec === 'first-two' ? 2 : spec === 'all' || spec === 'pairs' ? 1 : 0;
  if (rest < need) return { kind: 'refuse', reason: `${name} has ${rest} argument(s), fewer than its ${need} key(s)` };
  if (spec === 'pairs' && rest % 2 !== 0) return { kind: 'refuse', reason: `${name} needs key value pairs, got ${rest} arguments` };
  const keyArgs =
    spec === 'first' ? [0]
    : spec === 'first-two' ? [0, 1]
    : spec === 'all' ? Array.from({ length: rest }, (_, i) => i)
    : spec === 'pairs' ? Array.from({ length: rest / 2 }, (_, i) => 2 * i)
    : [];
  return { kind: 'replay', keyArgs };
};
