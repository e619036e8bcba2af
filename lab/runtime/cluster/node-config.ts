// The config file of one cluster node: lab-friendly cluster settings (topologies.md §1, §3)
// and the proxy addresses it announces, so peers, replicas and clients all reach it through
// Toxiproxy. The password (requirepass, and masterauth for replication) lives only in this
// file, mode 0600, never on a command line.

export interface NodeConfigInput {
  name: string;
  host: string;
  port: number;
  busPort: number;
  announcedHost: string;
  announcedPort: number;
  announcedBusPort: number;
  /** The loopback address the node dials out from (bus, replication): what a gate can refuse. */
  sourceAddress: string;
  nodeTimeoutMs: number;
  dataDir: string;
  password: string | undefined;
}

export const nodeConfigText = (input: NodeConfigInput): string =>
  [
    `port ${input.port}`,
    `bind ${input.host}`,
    `cluster-enabled yes`,
    `cluster-port ${input.busPort}`,
    `cluster-config-file nodes-${input.name}.conf`,
    `cluster-node-timeout ${input.nodeTimeoutMs}`,
    // 0: a replica may always take over, however long its link to the primary was down (a
    // partition that first cut replication would otherwise leave the slots without a primary).
    `cluster-replica-validity-factor 0`,
    `cluster-announce-ip ${input.announcedHost}`,
    `cluster-announce-port ${input.announcedPort}`,
    `cluster-announce-bus-port ${input.announcedBusPort}`,
    `bind-source-addr ${input.sourceAddress}`,
    // The first sync starts at once instead of after 5 s.
    `repl-diskless-sync-delay 0`,
    `save ""`,
    `appendonly no`,
    `dir ${input.dataDir}`,
    ...(input.password === undefined ? [] : [`requirepass ${input.password}`, `masterauth ${input.password}`]),
    '',
  ].join('\n');
