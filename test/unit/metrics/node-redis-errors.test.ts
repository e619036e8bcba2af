// node-redis's errors (v5) keep `name` "Error": errorKind tells them apart by class, and its
// error replies count as reply errors (the server refused), as ioredis's ReplyError does.

import { ClientClosedError, ClientOfflineError, ConnectionTimeoutError, DisconnectsClientError, ErrorReply, SimpleError, SocketClosedUnexpectedlyError } from 'redis';
import { describe, expect, it } from 'vitest';
import { errorKind, isReplyError } from '../../../lab/metrics/client-errors.ts';

describe('errorKind on node-redis errors', () => {
  it.each([
    [new SimpleError("ERR unknown command 'NOSUCH'"), 'ERR'],
    [new ErrorReply('WRONGTYPE Operation against a key holding the wrong kind of value'), 'WRONGTYPE'],
  ])('a reply %s is its first word, and a reply error', (error, kind) => {
    expect(errorKind(error)).toBe(kind);
    expect(isReplyError(error)).toBe(true);
  });

  it.each([
    [new SocketClosedUnexpectedlyError(), 'CONNECTION_CLOSED'],
    [new ClientClosedError(), 'CLIENT_CLOSED'],
    [new ClientOfflineError(), 'CLIENT_OFFLINE'],
    [new DisconnectsClientError(), 'DISCONNECTED'],
    [new ConnectionTimeoutError(), 'CONNECT_TIMEOUT'],
  ])('%s is %s, not OTHER, and not a reply error', (error, kind) => {
    expect(errorKind(error)).toBe(kind);
    expect(isReplyError(error)).toBe(false);
  });
});
