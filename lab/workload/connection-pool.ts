// A pool of exclusive connections (`clients: {pool: N}`): acquire() hands out a free one or waits,
// first come first served, for the next release(). Used by the open-loop driver and by request
// workloads under a fault (which pool their clients by index).

export interface ConnectionPool<T> {
  /** Requests that had to wait for a connection (a batch of `requests` counts each of them). */
  state: { waited: number };
  /** A connection for `requests` requests (a batch's, with batch:; else 1): all of them wait when none is free. */
  acquire: (requests?: number) => Promise<T>;
  release: (connection: T) => void;
}

export const connectionPool = <T>(connections: readonly T[]): ConnectionPool<T> => {
  const free = [...connections];
  const waiting: ((connection: T) => void)[] = [];
  const state = { waited: 0 };
  return {
    state,
    acquire: (requests = 1) => {
      const connection = free.pop();
      if (connection !== undefined) return Promise.resolve(connection);
      state.waited += requests;
      return new Promise((resolve) => waiting.push(resolve));
    },
    release: (connection) => {
      const next = waiting.shift();
      if (next === undefined) free.push(connection);
      else next(connection);
    },
  };
};
