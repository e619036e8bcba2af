// A real cluster run: scenarios/cluster-cross-dc.yaml on the local runtime, 2026-12-02T05:45:34.549Z
// (redis-fault-lab run --json), unchanged: as result version 1 wrote it (`kind: "cluster"`, the
// cluster runner's own record). `clusterResult` is the same run as a LabResult (result version 2),
// through the runner's conversion (lab/run/cluster/cluster-lab-result.ts). Used by the report tests.

import { readFileSync } from 'node:fs';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { clusterLabResult } from '../../../lab/run/cluster/cluster-lab-result.ts';
import type { ClusterRun } from '../../../lab/run/cluster/cluster-run.ts';

export const clusterV1: ClusterRun & { kind: 'cluster' } = {
  "kind": "cluster",
  "scenario": {
    "name": "cluster-cross-dc",
    "description": "3 primaries + 1 replica each; primary-3 and its replica sit 15 ms away, the rest 1 ms. Per-node latency, batches split across primaries (each costs its farthest node), the redirects a client with a stale slot map pays after a failover, and the writes a partitioned primary acknowledges to its own side before it steps down.\n",
    "file": "scenarios/cluster-cross-dc.yaml"
  },
  "runtime": "local",
  "versions": {
    "redis": "7.0.15",
    "toxiproxy": "2.12.0",
    "node": "20.20.2",
    "ioredis": "6.0.0"
  },
  "startedAt": "2026-12-02T05:45:34.549Z",
  "durationMs": 26960.762185,
  "seed": 1,
  "topology": {
    "cluster": {
      "primaries": 3,
      "replicas": 1
    }
  },
  "nodeTimeoutMs": 2000,
  "links": [
    {
      "node": "primary-1",
      "role": "primary",
      "announced": "127.0.0.1:42763",
      "calibration": {
        "requestedRttMs": 1,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 0,
        "downstreamLatencyMs": 1,
        "samples": 40,
        "baselineMs": 0.028493,
        "measuredMs": 1.380066,
        "addedMs": 1.351573,
        "p10Ms": 1.295891,
        "p90Ms": 1.59579
      },
      "flatCalibration": {
        "requestedRttMs": 0,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 0,
        "downstreamLatencyMs": 0,
        "samples": 40,
        "baselineMs": 0.10782,
        "measuredMs": 0.300766,
        "addedMs": 0.19294599999999998,
        "p10Ms": 0.22598,
        "p90Ms": 0.499781
      },
      "busUpstreamLatencyMs": 0,
      "busDownstreamLatencyMs": 1
    },
    {
      "node": "primary-2",
      "role": "primary",
      "announced": "127.0.0.1:33441",
      "calibration": {
        "requestedRttMs": 1,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 0,
        "downstreamLatencyMs": 1,
        "samples": 40,
        "baselineMs": 0.128421,
        "measuredMs": 1.427461,
        "addedMs": 1.2990400000000002,
        "p10Ms": 1.33601,
        "p90Ms": 1.565736
      },
      "flatCalibration": {
        "requestedRttMs": 0,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 0,
        "downstreamLatencyMs": 0,
        "samples": 40,
        "baselineMs": 0.122492,
        "measuredMs": 0.258863,
        "addedMs": 0.13637100000000002,
        "p10Ms": 0.194348,
        "p90Ms": 0.343544
      },
      "busUpstreamLatencyMs": 0,
      "busDownstreamLatencyMs": 1
    },
    {
      "node": "primary-3",
      "role": "primary",
      "announced": "127.0.0.1:39667",
      "calibration": {
        "requestedRttMs": 15,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 7,
        "downstreamLatencyMs": 7,
        "samples": 40,
        "baselineMs": 0.036985,
        "measuredMs": 15.416814,
        "addedMs": 15.379829,
        "p10Ms": 15.242791,
        "p90Ms": 15.82634
      },
      "flatCalibration": {
        "requestedRttMs": 0,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 0,
        "downstreamLatencyMs": 0,
        "samples": 40,
        "baselineMs": 0.065147,
        "measuredMs": 0.145676,
        "addedMs": 0.080529,
        "p10Ms": 0.106337,
        "p90Ms": 0.237472
      },
      "busUpstreamLatencyMs": 7,
      "busDownstreamLatencyMs": 7
    },
    {
      "node": "replica-1-1",
      "role": "replica",
      "announced": "127.0.0.1:35879",
      "calibration": {
        "requestedRttMs": 1,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 0,
        "downstreamLatencyMs": 1,
        "samples": 40,
        "baselineMs": 0.056284,
        "measuredMs": 1.548376,
        "addedMs": 1.492092,
        "p10Ms": 1.411237,
        "p90Ms": 1.98339
      },
      "flatCalibration": {
        "requestedRttMs": 0,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 0,
        "downstreamLatencyMs": 0,
        "samples": 40,
        "baselineMs": 0.066428,
        "measuredMs": 0.218438,
        "addedMs": 0.15200999999999998,
        "p10Ms": 0.108311,
        "p90Ms": 0.271292
      },
      "busUpstreamLatencyMs": 0,
      "busDownstreamLatencyMs": 1
    },
    {
      "node": "replica-2-1",
      "role": "replica",
      "announced": "127.0.0.1:43359",
      "calibration": {
        "requestedRttMs": 1,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 0,
        "downstreamLatencyMs": 1,
        "samples": 40,
        "baselineMs": 0.026439,
        "measuredMs": 1.447611,
        "addedMs": 1.4211719999999999,
        "p10Ms": 1.354372,
        "p90Ms": 1.90868
      },
      "flatCalibration": {
        "requestedRttMs": 0,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 0,
        "downstreamLatencyMs": 0,
        "samples": 40,
        "baselineMs": 0.117734,
        "measuredMs": 0.179336,
        "addedMs": 0.06160199999999999,
        "p10Ms": 0.149531,
        "p90Ms": 0.22934
      },
      "busUpstreamLatencyMs": 0,
      "busDownstreamLatencyMs": 1
    },
    {
      "node": "replica-3-1",
      "role": "replica",
      "announced": "127.0.0.1:37805",
      "calibration": {
        "requestedRttMs": 15,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 7,
        "downstreamLatencyMs": 7,
        "samples": 40,
        "baselineMs": 0.025968,
        "measuredMs": 15.090109,
        "addedMs": 15.064141,
        "p10Ms": 14.874519,
        "p90Ms": 15.67084
      },
      "flatCalibration": {
        "requestedRttMs": 0,
        "jitterMs": 0,
        "bandwidth": {
          "upKBps": null,
          "downKBps": null
        },
        "upstreamLatencyMs": 0,
        "downstreamLatencyMs": 0,
        "samples": 40,
        "baselineMs": 0.099568,
        "measuredMs": 0.20254,
        "addedMs": 0.102972,
        "p10Ms": 0.155721,
        "p90Ms": 0.306063
      },
      "busUpstreamLatencyMs": 7,
      "busDownstreamLatencyMs": 7
    }
  ],
  "configs": [
    {
      "id": "sync@flat",
      "mode": "sync",
      "links": "flat",
      "commands": 300,
      "runsMs": [
        84.36448,
        112.270857,
        103.239659
      ],
      "medianMs": 103.239659,
      "minMs": 84.36448,
      "maxMs": 112.270857,
      "opsPerSec": 2905.860043571047,
      "waits": 300,
      "perNode": [
        {
          "node": "primary-1",
          "commands": 98,
          "waits": 98,
          "p50Us": 259.455,
          "p99Us": 2462.02
        },
        {
          "node": "primary-2",
          "commands": 96,
          "waits": 96,
          "p50Us": 263.571,
          "p99Us": 2922.106
        },
        {
          "node": "primary-3",
          "commands": 106,
          "waits": 106,
          "p50Us": 254.697,
          "p99Us": 2032.984
        }
      ],
      "redirects": 0,
      "modelMs": null,
      "modelRatio": null,
      "errors": 0
    },
    {
      "id": "pipeline:16@flat",
      "mode": "pipeline:16",
      "links": "flat",
      "commands": 300,
      "runsMs": [
        27.008206,
        12.096612,
        13.140654
      ],
      "medianMs": 13.140654,
      "minMs": 12.096612,
      "maxMs": 27.008206,
      "opsPerSec": 22829.913944922377,
      "waits": 19,
      "perNode": [
        {
          "node": "primary-1",
          "commands": 98,
          "waits": 19,
          "p50Us": 370.259,
          "p99Us": 4780.146
        },
        {
          "node": "primary-2",
          "commands": 96,
          "waits": 19,
          "p50Us": 413.644,
          "p99Us": 7175.166
        },
        {
          "node": "primary-3",
          "commands": 106,
          "waits": 19,
          "p50Us": 356.409,
          "p99Us": 7246.522
        }
      ],
      "redirects": 0,
      "modelMs": null,
      "modelRatio": null,
      "errors": 0
    },
    {
      "id": "pipeline:100@flat",
      "mode": "pipeline:100",
      "links": "flat",
      "commands": 300,
      "runsMs": [
        7.260143,
        15.523071,
        7.432768
      ],
      "medianMs": 7.432768,
      "minMs": 7.260143,
      "maxMs": 15.523071,
      "opsPerSec": 40361.81406442391,
      "waits": 3,
      "perNode": [
        {
          "node": "primary-1",
          "commands": 98,
          "waits": 3,
          "p50Us": 1849.331,
          "p99Us": 7067.972
        },
        {
          "node": "primary-2",
          "commands": 96,
          "waits": 3,
          "p50Us": 1579.301,
          "p99Us": 6898.231
        },
        {
          "node": "primary-3",
          "commands": 106,
          "waits": 3,
          "p50Us": 1081.172,
          "p99Us": 7063.335
        }
      ],
      "redirects": 0,
      "modelMs": null,
      "modelRatio": null,
      "errors": 0
    },
    {
      "id": "sync@shaped",
      "mode": "sync",
      "links": "shaped",
      "commands": 300,
      "runsMs": [
        1941.517842,
        1962.65116,
        1982.122042
      ],
      "medianMs": 1962.65116,
      "minMs": 1941.517842,
      "maxMs": 1982.122042,
      "opsPerSec": 152.85446854447636,
      "waits": 300,
      "perNode": [
        {
          "node": "primary-1",
          "commands": 98,
          "waits": 98,
          "p50Us": 1576.207,
          "p99Us": 2216.045
        },
        {
          "node": "primary-2",
          "commands": 96,
          "waits": 96,
          "p50Us": 1582.18,
          "p99Us": 2387.565
        },
        {
          "node": "primary-3",
          "commands": 106,
          "waits": 106,
          "p50Us": 15368.146,
          "p99Us": 16990.1
        }
      ],
      "redirects": 0,
      "modelMs": 1950.1271290000018,
      "modelRatio": 1.0064221613113091,
      "errors": 0
    },
    {
      "id": "pipeline:16@shaped",
      "mode": "pipeline:16",
      "links": "shaped",
      "commands": 300,
      "runsMs": [
        328.763315,
        311.754386,
        320.318666
      ],
      "medianMs": 320.318666,
      "minMs": 311.754386,
      "maxMs": 328.763315,
      "opsPerSec": 936.5673369781078,
      "waits": 19,
      "perNode": [
        {
          "node": "primary-1",
          "commands": 98,
          "waits": 19,
          "p50Us": 2001.607,
          "p99Us": 11528.56
        },
        {
          "node": "primary-2",
          "commands": 96,
          "waits": 19,
          "p50Us": 1959.334,
          "p99Us": 7849.966
        },
        {
          "node": "primary-3",
          "commands": 106,
          "waits": 19,
          "p50Us": 16079.546,
          "p99Us": 35202.052
        }
      ],
      "redirects": 0,
      "modelMs": 303.82735399999996,
      "modelRatio": 1.0542785624233164,
      "errors": 0
    },
    {
      "id": "pipeline:100@shaped",
      "mode": "pipeline:100",
      "links": "shaped",
      "commands": 300,
      "runsMs": [
        54.66913,
        51.287778,
        50.398074
      ],
      "medianMs": 51.287778,
      "minMs": 50.398074,
      "maxMs": 54.66913,
      "opsPerSec": 5849.346797593766,
      "waits": 3,
      "perNode": [
        {
          "node": "primary-1",
          "commands": 98,
          "waits": 3,
          "p50Us": 2631.17,
          "p99Us": 4477.257
        },
        {
          "node": "primary-2",
          "commands": 96,
          "waits": 3,
          "p50Us": 2144.999,
          "p99Us": 3707.846
        },
        {
          "node": "primary-3",
          "commands": 106,
          "waits": 3,
          "p50Us": 16095.749,
          "p99Us": 17593.359
        }
      ],
      "redirects": 0,
      "modelMs": 53.330668,
      "modelRatio": 0.9616938981525602,
      "errors": 0
    }
  ],
  "faults": [
    {
      // Recorded before events carried their scenario's name: named as the runner named them then.
      "fault": { "name": "failover replica-1-1", "atMs": null, "forMs": null, "action": { "kind": "failover", "promote": "replica-1-1", "takeover": false, "mode": { "kind": "sync" } } },
      "timeline": [
        {
          "atMs": 8,
          "event": "CLUSTER FAILOVER sent to replica-1-1"
        },
        {
          "atMs": 111,
          "event": "replica-1-1 is the shard's primary; cluster_state ok on every node"
        },
        {
          "atMs": 2011,
          "event": "one sync run with the stale slot map: 1898.9 ms, 0 error(s)"
        },
        {
          "atMs": 2045,
          "event": "every write read back"
        }
      ],
      "writes": {
        "acknowledged": 300,
        "failed": 0,
        "indeterminate": 0
      },
      "lost": 0,
      "minorityAcknowledged": 0,
      "minorityLost": 0,
      "redirects": {
        "moved": 1,
        "ask": 0
      },
      "redirectCostMs": 1.1586269999999999,
      "retries": {
        "clusterDown": 0,
        "tryAgain": 0,
        "connectionClosed": 0
      },
      "after": {
        "primaryOfShard": "replica-1-1",
        "nodeRole": "master"
      },
      "note": "The run after the failover used the slot map the client had before it; ioredis refreshes the map on the first MOVED, so only the commands sent before the refresh landed are redirected."
    },
    {
      "fault": { "name": "takeover replica-3-1", "atMs": null, "forMs": null, "action": { "kind": "failover", "promote": "replica-3-1", "takeover": true, "mode": { "kind": "pipeline", "batch": 16 } } },
      "timeline": [
        {
          "atMs": 14,
          "event": "CLUSTER FAILOVER TAKEOVER sent to replica-3-1"
        },
        {
          "atMs": 118,
          "event": "replica-3-1 is the shard's primary; cluster_state ok on every node"
        },
        {
          "atMs": 669,
          "event": "one pipeline:16 run with the stale slot map: 551.2 ms, 0 error(s)"
        },
        {
          "atMs": 694,
          "event": "every write read back"
        }
      ],
      "writes": {
        "acknowledged": 300,
        "failed": 0,
        "indeterminate": 0
      },
      "lost": 0,
      "minorityAcknowledged": 0,
      "minorityLost": 0,
      "redirects": {
        "moved": 5,
        "ask": 0
      },
      "redirectCostMs": 76.4965,
      "retries": {
        "clusterDown": 0,
        "tryAgain": 0,
        "connectionClosed": 1
      },
      "after": {
        "primaryOfShard": "replica-3-1",
        "nodeRole": "master"
      },
      "note": "The run after the failover used the slot map the client had before it; ioredis refreshes the map on the first MOVED, so only the commands sent before the refresh landed are redirected."
    },
    {
      "fault": { "name": "partition primary-2", "atMs": null, "forMs": 6000, "action": { "kind": "partition", "nodes": ["primary-2"], "from": "all" } },
      "timeline": [
        {
          "atMs": 241,
          "event": "primary-2 isolated (its proxies disabled, its outbound bus refused)"
        },
        {
          "atMs": 2287,
          "event": "minority side: first refused write (CLUSTERDOWN The cluster is down)"
        },
        {
          "atMs": 3458,
          "event": "replica-2-1 promoted (ROLE master)"
        },
        {
          "atMs": 6273,
          "event": "primary-2 rejoined"
        },
        {
          "atMs": 6378,
          "event": "replica-2-1 is the shard's primary; cluster_state ok on every node"
        },
        {
          "atMs": 7171,
          "event": "every write read back"
        }
      ],
      "window": {
        "onMs": 241,
        "offMs": 6273
      },
      "writes": {
        "acknowledged": 14361,
        "failed": 374,
        "indeterminate": 0
      },
      "lost": 12898,
      "minorityAcknowledged": 13867,
      "minorityLost": 12898,
      "redirects": {
        "moved": 10,
        "ask": 0
      },
      "redirectCostMs": 12.020492,
      "retries": {
        "clusterDown": 4,
        "tryAgain": 0,
        "connectionClosed": 12
      },
      "after": {
        "primaryOfShard": "replica-2-1",
        "nodeRole": "slave"
      },
      "note": "Isolation cuts the node both ways on the bus and cuts its client proxy (so replication from it too); a client connected straight to it stands for clients on its side of the partition. Its connections are refused (the gates close them, like a firewall REJECT): after the heal its links come back at once."
    }
  ],
  "policyRows": [],
  "pass": true,
  "warnings": [
    "partition primary-2: 12898 acknowledged write(s) lost"
  ],
  "notMeasured": [
    "bus links: each carries the same toxics as its node's client link; the cluster bus has no PING a client can time, so they are not calibrated",
    "replication lag: replicas follow their primary across the primary's link; the lag itself is not sampled",
    "per-node latency percentiles are per wait (a command in sync mode, a per-node sub-pipeline in pipeline mode), from every measured run"
  ]
};

/** The cross-dc scenario the run was made from. */
export const clusterPlan = parseScenario(readFileSync(new URL('../../../scenarios/cluster-cross-dc.yaml', import.meta.url), 'utf8'), 'scenarios/cluster-cross-dc.yaml');

/** A cluster run as runScenario returns it (no thresholds: the scenario has none). */
export const clusterLab = (run: ClusterRun): LabResult => ({ ...clusterLabResult(run, clusterPlan), thresholds: [] });

export const clusterResult: LabResult = clusterLab(clusterV1);
