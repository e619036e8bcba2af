// A real result of scenarios/cross-dc-incr.yaml (local runtime, this project's 2-core machine),
// with each config's HDR histogram left out (hdr: ''): the demo table's unit tests render it.

import type { LabResult } from '../../../lab/contracts/index.ts';

export const demoResult: LabResult = {
 "scenario": {
  "name": "cross-dc-incr",
  "description": "Seed 000: INCR one round trip at a time vs pipelines of 8, 64 and 256, across datacenter round-trip times from 0 to 20 ms (512 commands per run, trimmed from 2048).",
  "file": "scenarios/cross-dc-incr.yaml"
 },
 "runtime": "local",
 "versions": {
  "redis": "7.0.15",
  "toxiproxy": "2.12.0",
  "node": "20.20.2",
  "ioredis": "6.0.0"
 },
 "startedAt": "2026-12-01T03:53:36.080Z",
 "durationMs": 138793.67238,
 "seed": 1,
 "calibration": [
  {
   "requestedRttMs": 0,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "upstreamLatencyMs": 0,
   "downstreamLatencyMs": 0,
   "samples": 50,
   "baselineMs": 0.126926,
   "measuredMs": 0.25695,
   "addedMs": 0.130024,
   "p10Ms": 0.216173,
   "p90Ms": 0.331398
  },
  {
   "requestedRttMs": 1,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "upstreamLatencyMs": 0,
   "downstreamLatencyMs": 1,
   "samples": 50,
   "baselineMs": 0.144379,
   "measuredMs": 1.424828,
   "addedMs": 1.280449,
   "p10Ms": 1.365828,
   "p90Ms": 1.650428
  },
  {
   "requestedRttMs": 5,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "upstreamLatencyMs": 2,
   "downstreamLatencyMs": 2,
   "samples": 50,
   "baselineMs": 0.150571,
   "measuredMs": 5.11983,
   "addedMs": 4.969259,
   "p10Ms": 5.011879,
   "p90Ms": 5.348696
  },
  {
   "requestedRttMs": 10,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "upstreamLatencyMs": 4,
   "downstreamLatencyMs": 5,
   "samples": 50,
   "baselineMs": 0.099526,
   "measuredMs": 10.087896,
   "addedMs": 9.98837,
   "p10Ms": 9.798055,
   "p90Ms": 17.945814
  },
  {
   "requestedRttMs": 20,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "upstreamLatencyMs": 9,
   "downstreamLatencyMs": 10,
   "samples": 50,
   "baselineMs": 0.083837,
   "measuredMs": 20.080495,
   "addedMs": 19.996658,
   "p10Ms": 19.978174,
   "p90Ms": 23.131395
  }
 ],
 "configs": [
  {
   "id": "sync@rtt=0ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 0,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "sync",
   "batch": 1,
   "batchLabel": "1",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 512,
   "runs": [
    {
     "order": 0,
     "totalMs": 153.93274199999962,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 7,
     "totalMs": 474.84004099999925,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 10,
     "totalMs": 174.73196700000017,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 174.73196700000017,
   "minMs": 153.93274199999962,
   "maxMs": 474.84004099999925,
   "opsPerSec": 2930.202233687437,
   "modelMs": 174.73196700000017,
   "modelRatio": null,
   "latencyUs": {
    "p50": 234,
    "p90": 424,
    "p99": 5655,
    "p999": 56479,
    "max": 76775,
    "count": 1536,
    "hdr": "",
    "waits": 1536
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 129953792,
   "clientPeakHeapBytes": 16697152,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 2571272,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19905,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 10,
    "wallMs": 174.73196700000017,
    "linkWaitMs": 66.572288,
    "serverMs": 1.579,
    "clientCpuMs": 92.487,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 14.09367900000018,
    "explainedPct": 91.93411529557144,
    "explainedPctMin": 38.596005428278595,
    "explainedPctMax": 101.94406073790358,
    "runs": 3
   }
  },
  {
   "id": "pipeline:8@rtt=0ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 0,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 8,
   "batchLabel": "8",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 64,
   "runs": [
    {
     "order": 1,
     "totalMs": 43.55432899999991,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 4,
     "totalMs": 47.58211200000066,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 11,
     "totalMs": 437.55729900000057,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 47.58211200000066,
   "minMs": 43.55432899999991,
   "maxMs": 437.55729900000057,
   "opsPerSec": 10760.346241041021,
   "modelMs": 47.58211200000066,
   "modelRatio": null,
   "latencyUs": {
    "p50": 499,
    "p90": 7939,
    "p99": 31519,
    "p999": 45087,
    "max": 45077,
    "count": 1536,
    "hdr": "",
    "waits": 192
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 130347008,
   "clientPeakHeapBytes": 16246984,
   "clientRssGrowthBytes": 262144,
   "clientHeapGrowthBytes": 1995248,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 4,
    "wallMs": 47.58211200000066,
    "linkWaitMs": 8.321536,
    "serverMs": 0.338,
    "clientCpuMs": 29.695,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 9.227576000000667,
    "explainedPct": 80.60704829579541,
    "explainedPctMin": 14.218374631661652,
    "explainedPctMax": 85.40031921970392,
    "runs": 3
   }
  },
  {
   "id": "pipeline:64@rtt=0ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 0,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 64,
   "batchLabel": "64",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 8,
   "runs": [
    {
     "order": 2,
     "totalMs": 38.8804709999999,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 5,
     "totalMs": 16.31681500000041,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 8,
     "totalMs": 20.46090499999933,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 20.46090499999933,
   "minMs": 16.31681500000041,
   "maxMs": 38.8804709999999,
   "opsPerSec": 25023.331079442323,
   "modelMs": 20.46090499999933,
   "modelRatio": null,
   "latencyUs": {
    "p50": 1229,
    "p90": 6779,
    "p99": 23247,
    "p999": 23247,
    "max": 23234,
    "count": 1536,
    "hdr": "",
    "waits": 24
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 129822720,
   "clientPeakHeapBytes": 15805952,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1601800,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19907,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 8,
    "wallMs": 20.46090499999933,
    "linkWaitMs": 1.040192,
    "serverMs": 0.094,
    "clientCpuMs": 9.986,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 9.340712999999328,
    "explainedPct": 54.34848556307927,
    "explainedPctMin": 43.42332169792913,
    "explainedPctMax": 94.73167404300172,
    "runs": 3
   }
  },
  {
   "id": "pipeline:256@rtt=0ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 0,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 256,
   "batchLabel": "256",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 2,
   "runs": [
    {
     "order": 3,
     "totalMs": 55.90895399999991,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 6,
     "totalMs": 41.755413999999874,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 9,
     "totalMs": 102.86113100000098,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 55.90895399999991,
   "minMs": 41.755413999999874,
   "maxMs": 102.86113100000098,
   "opsPerSec": 9157.746002545511,
   "modelMs": 55.90895399999991,
   "modelRatio": null,
   "latencyUs": {
    "p50": 18047,
    "p90": 90047,
    "p99": 90047,
    "p999": 90047,
    "max": 90005,
    "count": 1536,
    "hdr": "",
    "waits": 6
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 129953792,
   "clientPeakHeapBytes": 15774584,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1570336,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19911,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 3,
    "wallMs": 55.90895399999991,
    "linkWaitMs": 0.260048,
    "serverMs": 0.079,
    "clientCpuMs": 13.765,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 41.80490599999991,
    "explainedPct": 25.226814295255863,
    "explainedPctMin": 17.40020533120507,
    "explainedPctMax": 34.69262213517999,
    "runs": 3
   }
  },
  {
   "id": "sync@rtt=1ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 1,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "sync",
   "batch": 1,
   "batchLabel": "1",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 512,
   "runs": [
    {
     "order": 0,
     "totalMs": 1100.9701040000002,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 7,
     "totalMs": 830.6038649999983,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 10,
     "totalMs": 1140.8965250000003,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 1100.9701040000002,
   "minMs": 830.6038649999983,
   "maxMs": 1140.8965250000003,
   "opsPerSec": 465.0444168645654,
   "modelMs": 763.7495670000002,
   "modelRatio": 1.4415328683256718,
   "latencyUs": {
    "p50": 1417,
    "p90": 1828,
    "p99": 8055,
    "p999": 100095,
    "max": 196598,
    "count": 1536,
    "hdr": "",
    "waits": 1536
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 131002368,
   "clientPeakHeapBytes": 17217032,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 2518984,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19934,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 0,
    "wallMs": 1100.9701040000002,
    "linkWaitMs": 655.589888,
    "serverMs": 1.255,
    "clientCpuMs": 128.599,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 315.5262160000002,
    "explainedPct": 71.34107321773378,
    "explainedPctMin": 70.66993985278374,
    "explainedPctMax": 95.24033312799497,
    "runs": 3
   }
  },
  {
   "id": "pipeline:8@rtt=1ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 1,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 8,
   "batchLabel": "8",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 64,
   "runs": [
    {
     "order": 1,
     "totalMs": 165.03744400000014,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 4,
     "totalMs": 171.8547809999995,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 11,
     "totalMs": 120.71193700000084,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 165.03744400000014,
   "minMs": 120.71193700000084,
   "maxMs": 171.8547809999995,
   "opsPerSec": 3102.326281786087,
   "modelMs": 121.20931200000066,
   "modelRatio": 1.3615904692207084,
   "latencyUs": {
    "p50": 1570,
    "p90": 3817,
    "p99": 16447,
    "p999": 16943,
    "max": 16939,
    "count": 1536,
    "hdr": "",
    "waits": 192
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 131002368,
   "clientPeakHeapBytes": 16665944,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1912664,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19935,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 1,
    "wallMs": 165.03744400000014,
    "linkWaitMs": 81.948736,
    "serverMs": 0.481,
    "clientCpuMs": 35.973,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 46.634708000000145,
    "explainedPct": 71.7429530719101,
    "explainedPctMin": 66.55720331690995,
    "explainedPctMax": 99.94432944937263,
    "runs": 3
   }
  },
  {
   "id": "pipeline:64@rtt=1ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 1,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 64,
   "batchLabel": "64",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 8,
   "runs": [
    {
     "order": 2,
     "totalMs": 28.527129999998955,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 5,
     "totalMs": 30.053797999998555,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 8,
     "totalMs": 35.50237099999934,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 30.053797999998555,
   "minMs": 28.527129999998955,
   "maxMs": 35.50237099999934,
   "opsPerSec": 17036.11636705699,
   "modelMs": 29.66430499999933,
   "modelRatio": 1.0131300227663933,
   "latencyUs": {
    "p50": 2645,
    "p90": 7451,
    "p99": 10399,
    "p999": 10399,
    "max": 10398,
    "count": 1536,
    "hdr": "",
    "waits": 24
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 130871296,
   "clientPeakHeapBytes": 16500696,
   "clientRssGrowthBytes": 131072,
   "clientHeapGrowthBytes": 1775104,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19935,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 5,
    "wallMs": 30.053797999998555,
    "linkWaitMs": 10.243592,
    "serverMs": 0.114,
    "clientCpuMs": 15.122,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 4.574205999998554,
    "explainedPct": 84.77994029240905,
    "explainedPctMin": 72.31233091446336,
    "explainedPctMax": 96.47515189926574,
    "runs": 3
   }
  },
  {
   "id": "pipeline:256@rtt=1ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 1,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 256,
   "batchLabel": "256",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 2,
   "runs": [
    {
     "order": 3,
     "totalMs": 39.25520999999903,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 6,
     "totalMs": 17.937737999999896,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 9,
     "totalMs": 36.194520999997856,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 36.194520999997856,
   "minMs": 17.937737999999896,
   "maxMs": 39.25520999999903,
   "opsPerSec": 14145.787424567114,
   "modelMs": 58.209803999999906,
   "modelRatio": 0.6217942427704776,
   "latencyUs": {
    "p50": 10615,
    "p90": 27855,
    "p99": 27855,
    "p999": 27855,
    "max": 27840,
    "count": 1536,
    "hdr": "",
    "waits": 6
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 131002368,
   "clientPeakHeapBytes": 16260960,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1536016,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19935,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 9,
    "wallMs": 36.194520999997856,
    "linkWaitMs": 2.560898,
    "serverMs": 0.094,
    "clientCpuMs": 15.428,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 18.111622999997856,
    "explainedPct": 49.960318579712855,
    "explainedPctMin": 43.81303271591319,
    "explainedPctMax": 98.6908048272313,
    "runs": 3
   }
  },
  {
   "id": "sync@rtt=5ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 5,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "sync",
   "batch": 1,
   "batchLabel": "1",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 512,
   "runs": [
    {
     "order": 0,
     "totalMs": 2899.1170120000056,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 7,
     "totalMs": 4064.0722820000015,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 10,
     "totalMs": 5036.662059,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 4064.0722820000015,
   "minMs": 2899.1170120000056,
   "maxMs": 5036.662059,
   "opsPerSec": 125.98201126187544,
   "modelMs": 2652.4202870000004,
   "modelRatio": 1.5322127876636924,
   "latencyUs": {
    "p50": 5027,
    "p90": 9719,
    "p99": 76159,
    "p999": 113919,
    "max": 121028,
    "count": 1536,
    "hdr": "",
    "waits": 1536
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 132182016,
   "clientPeakHeapBytes": 17732592,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 2677536,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19939,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 7,
    "wallMs": 4064.0722820000015,
    "linkWaitMs": 2544.260608,
    "serverMs": 5.878,
    "clientCpuMs": 226.113,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 1287.8206740000014,
    "explainedPct": 68.31206276266715,
    "explainedPctMin": 56.0936504157862,
    "explainedPctMax": 96.03315756059571,
    "runs": 3
   }
  },
  {
   "id": "pipeline:8@rtt=5ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 5,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 8,
   "batchLabel": "8",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 64,
   "runs": [
    {
     "order": 1,
     "totalMs": 438.7869990000017,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 4,
     "totalMs": 662.4787600000017,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 11,
     "totalMs": 481.43066699999946,
     "verified": true,
     "clientGcMs": 2.6138450000435114
    }
   ],
   "medianMs": 481.43066699999946,
   "minMs": 438.7869990000017,
   "maxMs": 662.4787600000017,
   "opsPerSec": 1063.4968544702213,
   "modelMs": 357.2931520000007,
   "modelRatio": 1.347438830845542,
   "latencyUs": {
    "p50": 5071,
    "p90": 9583,
    "p99": 85951,
    "p999": 152703,
    "max": 152587,
    "count": 1536,
    "hdr": "",
    "waits": 192
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 132313088,
   "clientPeakHeapBytes": 16821736,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1759200,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19935,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 11,
    "wallMs": 481.43066699999946,
    "linkWaitMs": 318.032576,
    "serverMs": 0.385,
    "clientCpuMs": 52.979,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 110.03409099999948,
    "explainedPct": 77.14435358144736,
    "explainedPctMin": 55.42722245162985,
    "explainedPctMax": 82.77856381975404,
    "runs": 3
   }
  },
  {
   "id": "pipeline:64@rtt=5ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 5,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 64,
   "batchLabel": "64",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 8,
   "runs": [
    {
     "order": 2,
     "totalMs": 118.62712799999863,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 5,
     "totalMs": 57.225640000000595,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 8,
     "totalMs": 90.11669900000467,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 90.11669900000467,
   "minMs": 57.225640000000595,
   "maxMs": 118.62712799999863,
   "opsPerSec": 5681.52191193747,
   "modelMs": 59.17478499999933,
   "modelRatio": 1.5228901803361972,
   "latencyUs": {
    "p50": 6651,
    "p90": 26527,
    "p99": 40639,
    "p999": 40639,
    "max": 40632,
    "count": 1536,
    "hdr": "",
    "waits": 24
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 132182016,
   "clientPeakHeapBytes": 16646016,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1582088,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19936,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 8,
    "wallMs": 90.11669900000467,
    "linkWaitMs": 39.754072,
    "serverMs": 0.13,
    "clientCpuMs": 17.411,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 32.82162700000467,
    "explainedPct": 63.57875136992871,
    "explainedPctMin": 44.85067867444335,
    "explainedPctMax": 88.77676510039812,
    "runs": 3
   }
  },
  {
   "id": "pipeline:256@rtt=5ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 5,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 256,
   "batchLabel": "256",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 2,
   "runs": [
    {
     "order": 3,
     "totalMs": 65.12112700000033,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 6,
     "totalMs": 39.15808900000155,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 9,
     "totalMs": 52.11888499999792,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 52.11888499999792,
   "minMs": 39.15808900000155,
   "maxMs": 65.12112700000033,
   "opsPerSec": 9823.694424775596,
   "modelMs": 65.58742399999991,
   "modelRatio": 0.7946475379182141,
   "latencyUs": {
    "p50": 24431,
    "p90": 38463,
    "p99": 38463,
    "p999": 38463,
    "max": 38441,
    "count": 1536,
    "hdr": "",
    "waits": 6
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 132182016,
   "clientPeakHeapBytes": 16456792,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1410496,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19940,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 9,
    "wallMs": 52.11888499999792,
    "linkWaitMs": 9.938518,
    "serverMs": 0.081,
    "clientCpuMs": 8.666,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 33.433366999997915,
    "explainedPct": 35.8517224610633,
    "explainedPctMin": 35.8517224610633,
    "explainedPctMax": 69.26159752075472,
    "runs": 3
   }
  },
  {
   "id": "sync@rtt=10ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 10,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "sync",
   "batch": 1,
   "batchLabel": "1",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 512,
   "runs": [
    {
     "order": 0,
     "totalMs": 6145.685347000003,
     "verified": true,
     "clientGcMs": 105.97886599972844
    },
    {
     "order": 7,
     "totalMs": 6048.9269960000065,
     "verified": true,
     "clientGcMs": 0.8735090000554919
    },
    {
     "order": 10,
     "totalMs": 5817.775062000006,
     "verified": true,
     "clientGcMs": 1.367861000355333
    }
   ],
   "medianMs": 6048.9269960000065,
   "minMs": 5817.775062000006,
   "maxMs": 6145.685347000003,
   "opsPerSec": 84.64311113997108,
   "modelMs": 5222.205119,
   "modelRatio": 1.158308963007243,
   "latencyUs": {
    "p50": 10103,
    "p90": 13351,
    "p99": 30415,
    "p999": 157183,
    "max": 166413,
    "count": 1536,
    "hdr": "",
    "waits": 1536
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 113610752,
   "clientPeakHeapBytes": 17418040,
   "clientRssGrowthBytes": 131072,
   "clientHeapGrowthBytes": 2228424,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19955,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 7,
    "wallMs": 6048.9269960000065,
    "linkWaitMs": 5114.04544,
    "serverMs": 2.955,
    "clientCpuMs": 284.708,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 647.2185560000071,
    "explainedPct": 89.30027496731246,
    "explainedPctMin": 87.66512009323665,
    "explainedPctMax": 92.77709059697563,
    "runs": 3
   }
  },
  {
   "id": "pipeline:8@rtt=10ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 10,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 8,
   "batchLabel": "8",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 64,
   "runs": [
    {
     "order": 1,
     "totalMs": 708.0041259999946,
     "verified": true,
     "clientGcMs": 3.254430000204593
    },
    {
     "order": 4,
     "totalMs": 693.2038510000035,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 11,
     "totalMs": 844.813229000017,
     "verified": true,
     "clientGcMs": 4.568240999709815
    }
   ],
   "medianMs": 708.0041259999946,
   "minMs": 693.2038510000035,
   "maxMs": 844.813229000017,
   "opsPerSec": 723.1596274624025,
   "modelMs": 678.5162560000006,
   "modelRatio": 1.0434593419674738,
   "latencyUs": {
    "p50": 10159,
    "p90": 14199,
    "p99": 38527,
    "p999": 44639,
    "max": 44628,
    "count": 1536,
    "hdr": "",
    "waits": 192
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 113086464,
   "clientPeakHeapBytes": 16984512,
   "clientRssGrowthBytes": 655360,
   "clientHeapGrowthBytes": 1785152,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19947,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 1,
    "wallMs": 708.0041259999946,
    "linkWaitMs": 639.25568,
    "serverMs": 0.51,
    "clientCpuMs": 56.093,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 12.14544599999465,
    "explainedPct": 98.28455152251546,
    "explainedPctMin": 82.66071789933889,
    "explainedPctMax": 99.68578203989182,
    "runs": 3
   }
  },
  {
   "id": "pipeline:64@rtt=10ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 10,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 64,
   "batchLabel": "64",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 8,
   "runs": [
    {
     "order": 2,
     "totalMs": 102.81929199999571,
     "verified": true,
     "clientGcMs": 1.118747000116855
    },
    {
     "order": 5,
     "totalMs": 126.85075200000405,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 8,
     "totalMs": 88.2244299999997,
     "verified": true,
     "clientGcMs": 1.074595000129193
    }
   ],
   "medianMs": 102.81929199999571,
   "minMs": 88.2244299999997,
   "maxMs": 126.85075200000405,
   "opsPerSec": 4979.610246684263,
   "modelMs": 99.32767299999932,
   "modelRatio": 1.035152529950001,
   "latencyUs": {
    "p50": 11495,
    "p90": 19519,
    "p99": 27519,
    "p999": 27519,
    "max": 27505,
    "count": 1536,
    "hdr": "",
    "waits": 24
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 113479680,
   "clientPeakHeapBytes": 16620680,
   "clientRssGrowthBytes": 921600,
   "clientHeapGrowthBytes": 1429536,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19950,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 2,
    "wallMs": 102.81929199999571,
    "linkWaitMs": 79.90696,
    "serverMs": 0.229,
    "clientCpuMs": 22.609,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 0.07433199999572082,
    "explainedPct": 99.92770617405561,
    "explainedPctMin": 76.64042858807562,
    "explainedPctMax": 112.12649376142222,
    "runs": 3
   }
  },
  {
   "id": "pipeline:256@rtt=10ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 10,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 256,
   "batchLabel": "256",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 2,
   "runs": [
    {
     "order": 3,
     "totalMs": 49.514315999999646,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 6,
     "totalMs": 127.48925800000131,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 9,
     "totalMs": 34.91258999999613,
     "verified": true,
     "clientGcMs": 0.9537089997902513
    }
   ],
   "medianMs": 49.514315999999646,
   "minMs": 34.91258999999613,
   "maxMs": 127.48925800000131,
   "opsPerSec": 10340.443761759803,
   "modelMs": 75.6256459999999,
   "modelRatio": 0.6547291642308709,
   "latencyUs": {
    "p50": 20479,
    "p90": 56159,
    "p99": 56159,
    "p999": 56159,
    "max": 56133,
    "count": 1536,
    "hdr": "",
    "waits": 6
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 113479680,
   "clientPeakHeapBytes": 16614680,
   "clientRssGrowthBytes": 1310720,
   "clientHeapGrowthBytes": 1408520,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19954,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 3,
    "wallMs": 49.514315999999646,
    "linkWaitMs": 19.97674,
    "serverMs": 0.112,
    "clientCpuMs": 18.063,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 11.362575999999649,
    "explainedPct": 77.05193786782851,
    "explainedPctMin": 37.36137518346801,
    "explainedPctMax": 118.97925648026862,
    "runs": 3
   }
  },
  {
   "id": "sync@rtt=20ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 20,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "sync",
   "batch": 1,
   "batchLabel": "1",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 512,
   "runs": [
    {
     "order": 0,
     "totalMs": 15970.755153999999,
     "verified": true,
     "clientGcMs": 13.617930000182241
    },
    {
     "order": 7,
     "totalMs": 13358.62037300001,
     "verified": true,
     "clientGcMs": 0.8978650001809001
    },
    {
     "order": 10,
     "totalMs": 14485.665520999983,
     "verified": true,
     "clientGcMs": 13.847790000028908
    }
   ],
   "medianMs": 14485.665520999983,
   "minMs": 13358.62037300001,
   "maxMs": 15970.755153999999,
   "opsPerSec": 35.34528663924689,
   "modelMs": 10346.448575,
   "modelRatio": 1.4000616168915703,
   "latencyUs": {
    "p50": 21023,
    "p90": 42303,
    "p99": 121663,
    "p999": 276223,
    "max": 435034,
    "count": 1536,
    "hdr": "",
    "waits": 1536
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 112242688,
   "clientPeakHeapBytes": 17575624,
   "clientRssGrowthBytes": 1175552,
   "clientHeapGrowthBytes": 2290448,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19968,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 10,
    "wallMs": 14485.665520999983,
    "linkWaitMs": 10238.288896,
    "serverMs": 3.944,
    "clientCpuMs": 417.787,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 3825.645624999983,
    "explainedPct": 73.5901286726943,
    "explainedPctMin": 66.85903573774117,
    "explainedPctMax": 79.72311210763375,
    "runs": 3
   }
  },
  {
   "id": "pipeline:8@rtt=20ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 20,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 8,
   "batchLabel": "8",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 64,
   "runs": [
    {
     "order": 1,
     "totalMs": 1612.6162160000056,
     "verified": true,
     "clientGcMs": 1.8180410005152225
    },
    {
     "order": 4,
     "totalMs": 1450.818523999989,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 11,
     "totalMs": 1688.0512799999715,
     "verified": true,
     "clientGcMs": 5.853459000121802
    }
   ],
   "medianMs": 1612.6162160000056,
   "minMs": 1450.818523999989,
   "maxMs": 1688.0512799999715,
   "opsPerSec": 317.4964972570996,
   "modelMs": 1319.0466880000008,
   "modelRatio": 1.2225618931238351,
   "latencyUs": {
    "p50": 20687,
    "p90": 33983,
    "p99": 107775,
    "p999": 109503,
    "max": 109460,
    "count": 1536,
    "hdr": "",
    "waits": 192
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 110800896,
   "clientPeakHeapBytes": 17216864,
   "clientRssGrowthBytes": 917504,
   "clientHeapGrowthBytes": 1914488,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19966,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 20504,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 1,
    "wallMs": 1612.6162160000056,
    "linkWaitMs": 1279.786112,
    "serverMs": 0.455,
    "clientCpuMs": 70.705,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 261.6701040000057,
    "explainedPct": 83.77356612169868,
    "explainedPctMin": 80.74571715617687,
    "explainedPctMax": 93.62860271833765,
    "runs": 3
   }
  },
  {
   "id": "pipeline:64@rtt=20ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 20,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 64,
   "batchLabel": "64",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 8,
   "runs": [
    {
     "order": 2,
     "totalMs": 207.83726600000261,
     "verified": true,
     "clientGcMs": 0.8070549997501075
    },
    {
     "order": 5,
     "totalMs": 466.9514109999985,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 8,
     "totalMs": 228.15685799999534,
     "verified": true,
     "clientGcMs": 59.927188999950886
    }
   ],
   "medianMs": 228.15685799999534,
   "minMs": 207.83726600000261,
   "maxMs": 466.9514109999985,
   "opsPerSec": 2244.0701738626262,
   "modelMs": 179.39397699999932,
   "modelRatio": 1.2718200567012135,
   "latencyUs": {
    "p50": 22559,
    "p90": 60927,
    "p99": 194175,
    "p999": 194175,
    "max": 194124,
    "count": 1536,
    "hdr": "",
    "waits": 24
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 111194112,
   "clientPeakHeapBytes": 16744208,
   "clientRssGrowthBytes": 1572864,
   "clientHeapGrowthBytes": 1441416,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19965,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 20504,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 8,
    "wallMs": 228.15685799999534,
    "linkWaitMs": 159.973264,
    "serverMs": 0.119,
    "clientCpuMs": 25.701,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 42.363593999995345,
    "explainedPct": 81.4322504388642,
    "explainedPctMin": 37.332634593966475,
    "explainedPctMax": 84.59612050516378,
    "runs": 3
   }
  },
  {
   "id": "pipeline:256@rtt=20ms",
   "workload": "INCR",
   "command": "INCR",
   "link": "proxied",
   "rttMs": 20,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "mode": "pipeline",
   "batch": 256,
   "batchLabel": "256",
   "connections": 1,
   "commands": 512,
   "valueBytes": null,
   "keys": "one",
   "waits": 2,
   "runs": [
    {
     "order": 3,
     "totalMs": 115.20898200000822,
     "verified": true,
     "clientGcMs": 12.073088999837637
    },
    {
     "order": 6,
     "totalMs": 162.83653900000454,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 9,
     "totalMs": 109.73865900000929,
     "verified": true,
     "clientGcMs": 15.587394000031054
    }
   ],
   "medianMs": 115.20898200000822,
   "minMs": 109.73865900000929,
   "maxMs": 162.83653900000454,
   "opsPerSec": 4444.097943682581,
   "modelMs": 95.64222199999992,
   "modelRatio": 1.2045828671777232,
   "latencyUs": {
    "p50": 66367,
    "p90": 96191,
    "p99": 96191,
    "p999": 96191,
    "max": 96189,
    "count": 1536,
    "hdr": "",
    "waits": 6
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 111587328,
   "clientPeakHeapBytes": 16752920,
   "clientRssGrowthBytes": 655360,
   "clientHeapGrowthBytes": 1449656,
   "serverInfo": {
    "netInputBytes": 52482,
    "netOutputBytes": 19971,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 20504,
    "usedMemoryPeakBytes": 1181680,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 3,
    "wallMs": 115.20898200000822,
    "linkWaitMs": 39.993316,
    "serverMs": 0.099,
    "clientCpuMs": 18.942,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 56.17466600000822,
    "explainedPct": 51.24107076998197,
    "explainedPctMin": 35.63224590520092,
    "explainedPctMax": 57.878706172265716,
    "runs": 3
   }
  }
 ],
 "thresholds": [
  {
   "source": "pipeline:256 at rtt=10ms: median < 60ms",
   "metric": "medianMs",
   "op": "<",
   "value": 60,
   "checked": [
    {
     "configId": "pipeline:256@rtt=10ms",
     "actual": 49.514315999999646,
     "pass": true
    }
   ],
   "pass": true
  }
 ],
 "pass": true,
 "warnings": [
  "sync@rtt=0ms vs pipeline:8@rtt=0ms: medians 175 vs 48 ms, but their min-max spreads overlap (154-475 vs 43.6-438 ms): the difference is within noise",
  "pipeline:8@rtt=0ms vs pipeline:256@rtt=0ms: medians 48 vs 56 ms, but their min-max spreads overlap (43.6-438 vs 41.8-103 ms): the difference is within noise",
  "pipeline:8@rtt=0ms vs pipeline:8@rtt=1ms: medians 48 vs 165 ms, but their min-max spreads overlap (43.6-438 vs 121-172 ms): the difference is within noise",
  "pipeline:64@rtt=0ms vs pipeline:64@rtt=1ms: medians 20 vs 30 ms, but their min-max spreads overlap (16.3-38.9 vs 28.5-35.5 ms): the difference is within noise",
  "pipeline:256@rtt=0ms vs pipeline:256@rtt=5ms: medians 56 vs 52 ms, but their min-max spreads overlap (41.8-103 vs 39.2-65.1 ms): the difference is within noise",
  "pipeline:256@rtt=0ms vs pipeline:256@rtt=10ms: medians 56 vs 50 ms, but their min-max spreads overlap (41.8-103 vs 34.9-127 ms): the difference is within noise",
  "pipeline:64@rtt=1ms vs pipeline:256@rtt=1ms: medians 30 vs 36 ms, but their min-max spreads overlap (28.5-35.5 vs 17.9-39.3 ms): the difference is within noise",
  "pipeline:256@rtt=1ms vs pipeline:256@rtt=5ms: medians 36 vs 52 ms, but their min-max spreads overlap (17.9-39.3 vs 39.2-65.1 ms): the difference is within noise",
  "pipeline:256@rtt=1ms vs pipeline:256@rtt=10ms: medians 36 vs 50 ms, but their min-max spreads overlap (17.9-39.3 vs 34.9-127 ms): the difference is within noise",
  "pipeline:64@rtt=5ms vs pipeline:256@rtt=5ms: medians 90 vs 52 ms, but their min-max spreads overlap (57.2-119 vs 39.2-65.1 ms): the difference is within noise",
  "and 4 more pairs of configs whose min-max spreads overlap"
 ],
 "notMeasured": [
  "Per-command latency is closed-loop: each command or batch is sent when the previous reply arrived, so it is not latency under an arrival rate (no open-loop schedule, no coordinated-omission correction).",
  "A pipeline command's latency is its whole batch's time; the time a request would wait for its batch to fill is not modelled.",
  "The client runs in one Node process on the same machine: client CPU and event-loop time are inside every figure. The time attribution counts the server's time executing the workload's commands (INFO commandstats usec), not its time reading requests and writing replies, which stays in the unexplained rest; its parts may overlap (client CPU on other threads, a capped upload beside earlier replies).",
  "No persistence (save \"\", appendonly no), no TLS, no packet loss: the link adds latency and, where the scenario says so, a bandwidth cap.",
  "Client memory is sampled (every 5 ms and after each batch) after a full garbage collection before each run, so a shorter peak can be missed and the heap peak includes garbage not yet collected during the run; RSS includes everything the Node process holds (its plans, earlier results), not only the run.",
  "Server INFO is read before and after each run on a separate connection; its own bytes (a few KB per run) are inside the Server block's net in/out deltas (the time attribution's bytes leave them out), and the buffer gauges (client_recent_max_input/output_buffer) are server-wide over the last few seconds, so they also see the lab's own prefill and read-back (sent in chunks of at most 64 KB to keep that small).",
  "Calibration measures PING; latency toxics apply per chunk, so a large write split into several chunks may be delayed more than the calibrated rtt."
 ]
};
