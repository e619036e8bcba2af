// Client errors: a short, stable kind per error a Redis call rejected with, for counting
// (errorsByKind) and for deciding whether a command may have executed. (Not to be confused with
// the ledger's table of kind names in lab/reconcile, which stores these kinds compactly.)
// Strings are ioredis 6's own (node_modules/ioredis/built): utils CONNECTION_CLOSED_ERROR_MSG,
// redis/event_handler abortError(), Command#setTimeout, Redis#sendCommand with
// enableOfflineQueue false, errors/MaxRetriesPerRequestError.

/** Socket error codes counted under their own name. */
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Exact ioredis messages of connection-level failures. */
const BY_MESSAGE = new Map<string, string>([
  ['Connection is closed.', 'CONNECTION_CLOSED'],
  ['Command aborted due to connection close', 'ABORTED'],
  ['Command timed out', 'TIMEOUT'],
  ["Stream isn't writeable and enableOfflineQueue options is false", 'STREAM_NOT_WRITEABLE'],
]);

// A Redis error reply's code, as INFO errorstats counts it: the first word (WRONGTYPE, ERR,
// NOSCRIPT, OOM, EXECABORT, ...). A reply without a word-like first token is REPLY.
const replyKind = (message: string): string => {
  const first = message.trimStart().split(/\s/, 1)[0] ?? '';
  return /^[A-Za-z][A-Za-z0-9_-]{0,31}$/.test(first) ? first : 'REPLY';
};

const field = (error: object, key: string): unknown => (error as Record<string, unknown>)[key];

// node-redis (v5, @redis/client lib/errors) leaves `name` as "Error": its classes are told apart
// by constructor name. Server error replies are ErrorReply and its subclasses.
const NODE_REDIS_REPLIES = new Set(['ErrorReply', 'SimpleError', 'BlobError', 'MultiErrorReply']);
const NODE_REDIS_KINDS = new Map<string, string>([
  ['SocketClosedUnexpectedlyError', 'CONNECTION_CLOSED'],
  ['ClientClosedError', 'CLIENT_CLOSED'],
  ['ClientOfflineError', 'CLIENT_OFFLINE'],
  ['DisconnectsClientError', 'DISCONNECTED'],
  ['ConnectionTimeoutError', 'CONNECT_TIMEOUT'],
  ['SocketTimeoutError', 'SOCKET_TIMEOUT'],
  ['TimeoutError', 'TIMEOUT'],
  ['CommandTimeoutDuringMaintenanceError', 'TIMEOUT'],
  ['SocketTimeoutDuringMaintenanceError', 'SOCKET_TIMEOUT'],
  ['AbortError', 'ABORTED'],
  ['WatchError', 'WATCH'],
  ['ReconnectStrategyError', 'RECONNECT_STRATEGY'],
  ['RootNodesUnavailableError', 'ROOT_NODES_UNAVAILABLE'],
]);

const constructorName = (error: object): string => {
  const ctor = (error as { constructor?: { name?: unknown } }).constructor;
  return typeof ctor?.name === 'string' ? ctor.name : '';
};

/**
 * The kind of anything a Redis call rejected with: a reply error's first word; CONNECTION_CLOSED,
 * ABORTED, MAX_RETRIES, TIMEOUT, STREAM_NOT_WRITEABLE, SOCKET_TIMEOUT for ioredis connection
 * failures; the socket code (ECONNRESET, ECONNREFUSED, EPIPE, ...); node-redis errors by class
 * (CONNECTION_CLOSED, CLIENT_CLOSED, CLIENT_OFFLINE, DISCONNECTED, CONNECT_TIMEOUT, TIMEOUT, ...); else OTHER.
 */
export const errorKind = (error: unknown): string => {
  if (typeof error !== 'object' || error === null) return 'OTHER';
  const name = field(error, 'name');
  const message = field(error, 'message');
  const text = typeof message === 'string' ? message : '';
  const ctor = constructorName(error);
  if (name === 'ReplyError' || NODE_REDIS_REPLIES.has(ctor)) return replyKind(text);
  const nodeRedis = NODE_REDIS_KINDS.get(ctor);
  if (nodeRedis !== undefined) return nodeRedis;
  if (name === 'MaxRetriesPerRequestError') return 'MAX_RETRIES';
  const byMessage = BY_MESSAGE.get(text);
  if (byMessage !== undefined) return byMessage;
  if (name === 'AbortError') return 'ABORTED';
  const code = field(error, 'code');
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return code;
  if (text.startsWith('Socket timeout. Expecting data')) return 'SOCKET_TIMEOUT';
  return 'OTHER';
};

/** A Redis error reply (the server answered and refused), as opposed to a connection failure. */
export const isReplyError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (field(error, 'name') === 'ReplyError' || NODE_REDIS_REPLIES.has(constructorName(error)));
