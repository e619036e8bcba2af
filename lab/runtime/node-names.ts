// What a node's parts are called, on every runtime: its client proxy, its network alias and
// container role, and the words an E_RUNTIME_DIED message names it by. The single node keeps the
// names it has always had (proxy and alias `redis`, "the redis-server process", "the Redis
// container"); a node of a larger topology is named by its node name.

import type { Topology } from '../contracts/index.ts';
import { REDIS_PROXY_NAME } from './lifecycle.ts';

export interface NodeNames {
  /** The client proxy, and on the containers runtime the node's network alias. */
  proxy: string;
  /** What its process is called ("redis-server (replica-1)"). */
  process: string;
  /** Its container's role (the end of the container's name) and what a death message calls it. */
  containerRole: string;
  container: string;
}

export const nodeNames = (topology: Topology, node: string): NodeNames =>
  topology.kind === 'single'
    ? { proxy: REDIS_PROXY_NAME, process: 'redis-server', containerRole: 'redis', container: 'the Redis container' }
    : { proxy: node, process: `redis-server (${node})`, containerRole: `redis-${node}`, container: `the Redis container of ${node}` };
