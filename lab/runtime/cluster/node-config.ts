// One cluster node's settings: lab-friendly cluster settings (topologies.md §1, §3) and the
// proxy addresses it announces, so peers, replicas and clients all reach it through Toxiproxy.
// As `[name, value...]` pairs, written by the local runtime as a config file (mode 0600: the
// password never on a command line) and by the containers runtime as `--name value` arguments
// (the upstream image's style).

export interface ClusterNodeSettings {
  /** The node's own cluster-config-file name (one per node when several share a directory). */
  name: string;
  busPort: number;
  announcedHost: string;
  announcedPort: number;
  announcedBusPort: number;
  nodeTimeoutMs: number;
  password: string | undefined;
}

export const clusterSettings = (input: ClusterNodeSettings): string[][] => [
  ['cluster-enabled', 'yes'],
  ['cluster-port', String(input.busPort)],
  ['cluster-config-file', `nodes-${input.name}.conf`],
  ['cluster-node-timeout', String(input.nodeTimeoutMs)],
  // 0: a replica may always take over, however long its link to the primary was down (a
  // partition that first cut replication would otherwise leave the slots without a primary).
  ['cluster-replica-validity-factor', '0'],
  ['cluster-announce-ip', input.announcedHost],
  ['cluster-announce-port', String(input.announcedPort)],
  ['cluster-announce-bus-port', String(input.announcedBusPort)],
  // The first sync starts at once instead of after 5 s.
  ['repl-diskless-sync-delay', '0'],
  ...(input.password === undefined ? [] : [['masterauth', input.password]]),
];

export interface LocalNodeConfig extends ClusterNodeSettings {
  host: string;
  port: number;
  /** The loopback address the node dials out from (bus, replication): what a gate can refuse. */
  sourceAddress: string;
  dataDir: string;
}

/** The local runtime's config file for one node. */
export const nodeConfigText = (input: LocalNodeConfig): string =>
  [
    ['port', String(input.port)],
    ['bind', input.host],
    ...clusterSettings(input),
    ['bind-source-addr', input.sourceAddress],
    ['save', '""'],
    ['appendonly', 'no'],
    ['dir', input.dataDir],
    ...(input.password === undefined ? [] : [['requirepass', input.password]]),
    [''],
  ]
    .map((words) => words.join(' '))
    .join('\n');
