// A real result of scenarios/cross-dc-incr.yaml (local runtime, this project's 2-core machine),
// with each config's HDR histogram left out (hdr: ''): the demo table's unit tests render it.

import type { LabResult } from '../../../lab/contracts/index.ts';

export const demoResult: LabResult = {
  resultVersion: 2,
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
 "startedAt": "2026-12-01T03:59:55.440Z",
 "durationMs": 127263.763697,
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
   "baselineMs": 0.131836,
   "measuredMs": 0.244476,
   "addedMs": 0.11263999999999999,
   "p10Ms": 0.174846,
   "p90Ms": 0.289109
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
   "baselineMs": 0.462262,
   "measuredMs": 1.583905,
   "addedMs": 1.121643,
   "p10Ms": 1.421682,
   "p90Ms": 3.960157
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
   "baselineMs": 0.081632,
   "measuredMs": 4.872508,
   "addedMs": 4.790876,
   "p10Ms": 4.74995,
   "p90Ms": 8.581626
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
   "baselineMs": 0.139469,
   "measuredMs": 9.91816,
   "addedMs": 9.778691,
   "p10Ms": 9.803686,
   "p90Ms": 11.211672
  },
  {
   "requestedRttMs": 20,
   "jitterMs": 0,
   "bandwidth": {
    "upKBps": null,
    "downKBps": null
   },
   "upstreamLatencyMs": 9,
   "downstreamLatencyMs": 9,
   "samples": 50,
   "baselineMs": 0.080551,
   "measuredMs": 20.076528,
   "addedMs": 19.995977,
   "p10Ms": 18.856432,
   "p90Ms": 24.096977
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
     "totalMs": 344.6939129999997,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 7,
     "totalMs": 238.29740100000055,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 10,
     "totalMs": 554.4604220000002,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 344.6939129999997,
   "minMs": 238.29740100000055,
   "maxMs": 554.4604220000002,
   "opsPerSec": 1485.3758093488595,
   "modelMs": 344.6939129999997,
   "modelRatio": null,
   "latencyUs": {
    "p50": 221,
    "p90": 502,
    "p99": 8191,
    "p999": 40575,
    "max": 316171,
    "count": 1536,
    "hdr": "",
    "waits": 1536
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 120410112,
   "clientPeakHeapBytes": 16592416,
   "clientRssGrowthBytes": 524288,
   "clientHeapGrowthBytes": 2577632,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 0,
    "wallMs": 344.6939129999997,
    "linkWaitMs": 57.671679999999995,
    "serverMs": 0.988,
    "clientCpuMs": 75.172,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 210.86223299999972,
    "explainedPct": 38.82623828056984,
    "explainedPctMin": 23.87450478836882,
    "explainedPctMax": 68.2595275136885,
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
     "totalMs": 38.37845500000007,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 4,
     "totalMs": 91.86204399999976,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 11,
     "totalMs": 99.21333699999936,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 91.86204399999976,
   "minMs": 38.37845500000007,
   "maxMs": 99.21333699999936,
   "opsPerSec": 5573.575088313965,
   "modelMs": 91.86204399999976,
   "modelRatio": null,
   "latencyUs": {
    "p50": 414,
    "p90": 2093,
    "p99": 16863,
    "p999": 19455,
    "max": 19452,
    "count": 1536,
    "hdr": "",
    "waits": 192
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 120672256,
   "clientPeakHeapBytes": 16375152,
   "clientRssGrowthBytes": 262144,
   "clientHeapGrowthBytes": 2126368,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 4,
    "wallMs": 91.86204399999976,
    "linkWaitMs": 7.208959999999999,
    "serverMs": 0.294,
    "clientCpuMs": 30.753,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 53.606083999999754,
    "explainedPct": 41.64501281944054,
    "explainedPctMin": 36.44465662917903,
    "explainedPctMax": 72.12890670038684,
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
     "totalMs": 15.078415000000037,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 5,
     "totalMs": 65.75349500000011,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 8,
     "totalMs": 24.06640000000037,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 24.06640000000037,
   "minMs": 15.078415000000037,
   "maxMs": 65.75349500000011,
   "opsPerSec": 21274.47395538976,
   "modelMs": 24.06640000000037,
   "modelRatio": null,
   "latencyUs": {
    "p50": 821,
    "p90": 15751,
    "p99": 30895,
    "p999": 30895,
    "max": 30880,
    "count": 1536,
    "hdr": "",
    "waits": 24
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 119623680,
   "clientPeakHeapBytes": 15754680,
   "clientRssGrowthBytes": 131072,
   "clientHeapGrowthBytes": 1579928,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 8,
    "wallMs": 24.06640000000037,
    "linkWaitMs": 0.9011199999999999,
    "serverMs": 0.089,
    "clientCpuMs": 14.556,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 8.520280000000373,
    "explainedPct": 64.59678223581324,
    "explainedPctMin": 28.839714147514083,
    "explainedPctMax": 72.15692100263837,
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
     "totalMs": 73.95662700000032,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 6,
     "totalMs": 104.05224300000071,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 9,
     "totalMs": 42.74153300000168,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 73.95662700000032,
   "minMs": 42.74153300000168,
   "maxMs": 104.05224300000071,
   "opsPerSec": 6922.976625204902,
   "modelMs": 73.95662700000032,
   "modelRatio": null,
   "latencyUs": {
    "p50": 18431,
    "p90": 90559,
    "p99": 90559,
    "p999": 90559,
    "max": 90555,
    "count": 1536,
    "hdr": "",
    "waits": 6
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 120279040,
   "clientPeakHeapBytes": 15961304,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1534976,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 3,
    "wallMs": 73.95662700000032,
    "linkWaitMs": 0.22527999999999998,
    "serverMs": 0.163,
    "clientCpuMs": 9.047,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 64.52134700000032,
    "explainedPct": 12.75785603364518,
    "explainedPctMin": 12.75785603364518,
    "explainedPctMax": 27.561669348639263,
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
     "totalMs": 922.4281289999988,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 7,
     "totalMs": 1053.0185350000002,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 10,
     "totalMs": 760.0370810000003,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 922.4281289999988,
   "minMs": 760.0370810000003,
   "maxMs": 1053.0185350000002,
   "opsPerSec": 555.0567940236791,
   "modelMs": 861.3034489999997,
   "modelRatio": 1.0709676480118206,
   "latencyUs": {
    "p50": 1397,
    "p90": 1742,
    "p99": 7595,
    "p999": 45855,
    "max": 73157,
    "count": 1536,
    "hdr": "",
    "waits": 1536
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 121327616,
   "clientPeakHeapBytes": 17275048,
   "clientRssGrowthBytes": 131072,
   "clientHeapGrowthBytes": 2560776,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 0,
    "wallMs": 922.4281289999988,
    "linkWaitMs": 574.281216,
    "serverMs": 1.439,
    "clientCpuMs": 122.971,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 223.73691299999882,
    "explainedPct": 75.74478639950505,
    "explainedPctMin": 65.90683762275845,
    "explainedPctMax": 91.00532504150276,
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
     "totalMs": 102.95137900000066,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 4,
     "totalMs": 113.34916300000064,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 11,
     "totalMs": 157.49405399999955,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 113.34916300000064,
   "minMs": 102.95137900000066,
   "maxMs": 157.49405399999955,
   "opsPerSec": 4517.016151235251,
   "modelMs": 156.43823599999973,
   "modelRatio": 0.7245617561169689,
   "latencyUs": {
    "p50": 1452,
    "p90": 2299,
    "p99": 6343,
    "p999": 45695,
    "max": 45667,
    "count": 1536,
    "hdr": "",
    "waits": 192
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 121327616,
   "clientPeakHeapBytes": 16632872,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1929520,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 4,
    "wallMs": 113.34916300000064,
    "linkWaitMs": 71.785152,
    "serverMs": 0.244,
    "clientCpuMs": 27.115,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 14.205011000000653,
    "explainedPct": 87.46791716494583,
    "explainedPctMin": 64.6228536348428,
    "explainedPctMax": 97.35969830962571,
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
     "totalMs": 60.1137070000004,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 5,
     "totalMs": 22.84585300000012,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 8,
     "totalMs": 86.14849799999782,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 60.1137070000004,
   "minMs": 22.84585300000012,
   "maxMs": 86.14849799999782,
   "opsPerSec": 8517.192260327525,
   "modelMs": 32.13842400000037,
   "modelRatio": 1.870462191923279,
   "latencyUs": {
    "p50": 2583,
    "p90": 17167,
    "p99": 40031,
    "p999": 40031,
    "max": 40013,
    "count": 1536,
    "hdr": "",
    "waits": 24
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 121327616,
   "clientPeakHeapBytes": 16178888,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1437504,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 2,
    "wallMs": 60.1137070000004,
    "linkWaitMs": 8.973144,
    "serverMs": 0.246,
    "clientCpuMs": 11.205,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 39.689563000000405,
    "explainedPct": 33.97585179699509,
    "explainedPctMin": 30.23516904496775,
    "explainedPctMax": 95.82983835184392,
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
     "totalMs": 18.114728000001982,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 6,
     "totalMs": 45.11999899999984,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 9,
     "totalMs": 35.20875300000049,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 35.20875300000049,
   "minMs": 18.114728000001982,
   "maxMs": 45.11999899999984,
   "opsPerSec": 14541.838502488083,
   "modelMs": 75.97463300000032,
   "modelRatio": 0.46342774699550493,
   "latencyUs": {
    "p50": 13319,
    "p90": 27295,
    "p99": 27295,
    "p999": 27295,
    "max": 27288,
    "count": 1536,
    "hdr": "",
    "waits": 6
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 121327616,
   "clientPeakHeapBytes": 16313728,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1598872,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 9,
    "wallMs": 35.20875300000049,
    "linkWaitMs": 2.243286,
    "serverMs": 0.076,
    "clientCpuMs": 9.324,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 23.565467000000492,
    "explainedPct": 33.06929387700791,
    "explainedPctMin": 33.06929387700791,
    "explainedPctMax": 102.62525608995048,
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
     "totalMs": 2665.0066009999996,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 7,
     "totalMs": 2666.83418,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 10,
     "totalMs": 2700.297095999997,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 2666.83418,
   "minMs": 2665.0066009999996,
   "maxMs": 2700.297095999997,
   "opsPerSec": 191.98793979759176,
   "modelMs": 2739.9507449999996,
   "modelRatio": 0.9733146425593867,
   "latencyUs": {
    "p50": 4855,
    "p90": 5679,
    "p99": 11159,
    "p999": 28671,
    "max": 29987,
    "count": 1536,
    "hdr": "",
    "waits": 1536
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 122376192,
   "clientPeakHeapBytes": 17722248,
   "clientRssGrowthBytes": 655360,
   "clientHeapGrowthBytes": 2652688,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 7,
    "wallMs": 2666.83418,
    "linkWaitMs": 2452.928512,
    "serverMs": 3.412,
    "clientCpuMs": 214.238,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": -3.7443319999997584,
    "explainedPct": 100.14040363019494,
    "explainedPctMin": 98.41015331003426,
    "explainedPctMax": 100.14040363019494,
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
     "totalMs": 419.4112720000036,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 4,
     "totalMs": 374.14380700000004,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 11,
     "totalMs": 409.99837499999626,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 409.99837499999626,
   "minMs": 374.14380700000004,
   "maxMs": 419.4112720000036,
   "opsPerSec": 1248.7854372593665,
   "modelMs": 391.26914799999975,
   "modelRatio": 1.0478678860721125,
   "latencyUs": {
    "p50": 4943,
    "p90": 7411,
    "p99": 35039,
    "p999": 70719,
    "max": 70682,
    "count": 1536,
    "hdr": "",
    "waits": 192
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 122376192,
   "clientPeakHeapBytes": 17017368,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 2042272,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 11,
    "wallMs": 409.99837499999626,
    "linkWaitMs": 306.616064,
    "serverMs": 0.535,
    "clientCpuMs": 38.578,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 64.26931099999626,
    "explainedPct": 84.3244961641624,
    "explainedPctMin": 84.3244961641624,
    "explainedPctMax": 93.69019543867526,
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
     "totalMs": 262.32720899999885,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 5,
     "totalMs": 47.28185200000182,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 8,
     "totalMs": 47.33013200000301,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 47.33013200000301,
   "minMs": 47.28185200000182,
   "maxMs": 262.32720899999885,
   "opsPerSec": 10817.633046110403,
   "modelMs": 61.49228800000037,
   "modelRatio": 0.7696921604218521,
   "latencyUs": {
    "p50": 5539,
    "p90": 19135,
    "p99": 192639,
    "p999": 192639,
    "max": 192576,
    "count": 1536,
    "hdr": "",
    "waits": 24
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 122376192,
   "clientPeakHeapBytes": 16668512,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1628736,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 8,
    "wallMs": 47.33013200000301,
    "linkWaitMs": 38.327008,
    "serverMs": 0.155,
    "clientCpuMs": 26.291,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": -17.442875999996993,
    "explainedPct": 136.85363903061983,
    "explainedPctMin": 20.594130592072986,
    "explainedPctMax": 136.85363903061983,
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
     "totalMs": 50.20692799999937,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 6,
     "totalMs": 19.186557999994605,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 9,
     "totalMs": 21.10004700000584,
     "verified": true,
     "clientGcMs": 0
    }
   ],
   "medianMs": 21.10004700000584,
   "minMs": 19.186557999994605,
   "maxMs": 50.20692799999937,
   "opsPerSec": 24265.348792818248,
   "modelMs": 83.31309900000032,
   "modelRatio": 0.2532620590671553,
   "latencyUs": {
    "p50": 12271,
    "p90": 33407,
    "p99": 33407,
    "p999": 33407,
    "max": 33403,
    "count": 1536,
    "hdr": "",
    "waits": 6
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 122376192,
   "clientPeakHeapBytes": 16645032,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1617320,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 9,
    "wallMs": 21.10004700000584,
    "linkWaitMs": 9.581752,
    "serverMs": 0.083,
    "clientCpuMs": 18.809,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": -7.37370499999416,
    "explainedPct": 134.94639135160278,
    "explainedPctMin": 49.82131549653927,
    "explainedPctMax": 134.94639135160278,
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
     "totalMs": 6714.862688999996,
     "verified": true,
     "clientGcMs": 0.7548589999787509
    },
    {
     "order": 7,
     "totalMs": 6333.338274999998,
     "verified": true,
     "clientGcMs": 2.6200069999322295
    },
    {
     "order": 10,
     "totalMs": 5737.983689000003,
     "verified": true,
     "clientGcMs": 1.4612360000610352
    }
   ],
   "medianMs": 6333.338274999998,
   "minMs": 5737.983689000003,
   "maxMs": 6714.862688999996,
   "opsPerSec": 80.84204218509079,
   "modelMs": 5293.712025,
   "modelRatio": 1.1963888940483116,
   "latencyUs": {
    "p50": 10055,
    "p90": 15903,
    "p99": 40543,
    "p999": 103423,
    "max": 125741,
    "count": 1536,
    "hdr": "",
    "waits": 1536
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 113729536,
   "clientPeakHeapBytes": 17408816,
   "clientRssGrowthBytes": 1310720,
   "clientHeapGrowthBytes": 2303384,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 7,
    "wallMs": 6333.338274999998,
    "linkWaitMs": 5006.689792,
    "serverMs": 3.268,
    "clientCpuMs": 232.549,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 1090.8314829999981,
    "explainedPct": 82.77635844423614,
    "explainedPctMin": 79.07781644885402,
    "explainedPctMax": 91.0548212609253,
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
     "totalMs": 883.0270769999996,
     "verified": true,
     "clientGcMs": 5.2181730000302196
    },
    {
     "order": 4,
     "totalMs": 1019.8692549999952,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 11,
     "totalMs": 715.003348999992,
     "verified": true,
     "clientGcMs": 12.134834000375122
    }
   ],
   "medianMs": 883.0270769999996,
   "minMs": 715.003348999992,
   "maxMs": 1019.8692549999952,
   "opsPerSec": 579.823669438848,
   "modelMs": 710.4893079999997,
   "modelRatio": 1.2428435826651454,
   "latencyUs": {
    "p50": 10943,
    "p90": 17983,
    "p99": 54527,
    "p999": 61247,
    "max": 61238,
    "count": 1536,
    "hdr": "",
    "waits": 192
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 113336320,
   "clientPeakHeapBytes": 16898384,
   "clientRssGrowthBytes": 1183744,
   "clientHeapGrowthBytes": 1704960,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 1,
    "wallMs": 883.0270769999996,
    "linkWaitMs": 625.836224,
    "serverMs": 0.443,
    "clientCpuMs": 60.902,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 195.84585299999958,
    "explainedPct": 77.82108181038262,
    "explainedPctMin": 66.57218272552036,
    "explainedPctMax": 95.0209848597517,
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
     "totalMs": 111.47180099999905,
     "verified": true,
     "clientGcMs": 1.118545999750495
    },
    {
     "order": 5,
     "totalMs": 106.3076799999997,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 8,
     "totalMs": 94.45393899999559,
     "verified": true,
     "clientGcMs": 1.2174510001204908
    }
   ],
   "medianMs": 106.3076799999997,
   "minMs": 94.45393899999559,
   "maxMs": 111.47180099999905,
   "opsPerSec": 4816.208951225362,
   "modelMs": 101.39480800000037,
   "modelRatio": 1.0484528951423167,
   "latencyUs": {
    "p50": 11247,
    "p90": 17375,
    "p99": 21119,
    "p999": 21119,
    "max": 21112,
    "count": 1536,
    "hdr": "",
    "waits": 24
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 113729536,
   "clientPeakHeapBytes": 16626104,
   "clientRssGrowthBytes": 0,
   "clientHeapGrowthBytes": 1436840,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 5,
    "wallMs": 106.3076799999997,
    "linkWaitMs": 78.229528,
    "serverMs": 0.119,
    "clientCpuMs": 11.917,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 16.042151999999703,
    "explainedPct": 84.90969608216477,
    "explainedPctMin": 84.90969608216477,
    "explainedPctMax": 103.3207603973028,
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
     "totalMs": 43.524953999996185,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 6,
     "totalMs": 72.10058500000089,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 9,
     "totalMs": 32.70068500000239,
     "verified": true,
     "clientGcMs": 0.8607860002666712
    }
   ],
   "medianMs": 43.524953999996185,
   "minMs": 32.70068500000239,
   "maxMs": 72.10058500000089,
   "opsPerSec": 11763.366826304857,
   "modelMs": 93.28872900000033,
   "modelRatio": 0.4665617643905946,
   "latencyUs": {
    "p50": 21151,
    "p90": 41791,
    "p99": 41791,
    "p999": 41791,
    "max": 41770,
    "count": 1536,
    "hdr": "",
    "waits": 6
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 113729536,
   "clientPeakHeapBytes": 16605512,
   "clientRssGrowthBytes": 1310720,
   "clientHeapGrowthBytes": 1410184,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 3,
    "wallMs": 43.524953999996185,
    "linkWaitMs": 19.557382,
    "serverMs": 0.085,
    "clientCpuMs": 10.832,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 13.050571999996183,
    "explainedPct": 70.01588559979334,
    "explainedPctMin": 44.5674358952838,
    "explainedPctMax": 103.54945775599971,
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
     "totalMs": 13490.661937000006,
     "verified": true,
     "clientGcMs": 13.651132999919355
    },
    {
     "order": 7,
     "totalMs": 10676.656957999989,
     "verified": true,
     "clientGcMs": 1.8852659999392927
    },
    {
     "order": 10,
     "totalMs": 10915.537462999999,
     "verified": true,
     "clientGcMs": 1.1131259999237955
    }
   ],
   "medianMs": 10915.537462999999,
   "minMs": 10676.656957999989,
   "maxMs": 13490.661937000006,
   "opsPerSec": 46.90561520543609,
   "modelMs": 10524.962457,
   "modelRatio": 1.037109396598392,
   "latencyUs": {
    "p50": 19215,
    "p90": 26095,
    "p99": 82623,
    "p999": 191487,
    "max": 259268,
    "count": 1536,
    "hdr": "",
    "waits": 1536
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 109461504,
   "clientPeakHeapBytes": 17208224,
   "clientRssGrowthBytes": 1515520,
   "clientHeapGrowthBytes": 1888560,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 10,
    "wallMs": 10915.537462999999,
    "linkWaitMs": 10237.940224,
    "serverMs": 8.806,
    "clientCpuMs": 320.775,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 348.0162389999987,
    "explainedPct": 96.81173519691855,
    "explainedPctMin": 78.75077793523391,
    "explainedPctMax": 98.931147320281,
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
     "totalMs": 1397.3774830000102,
     "verified": true,
     "clientGcMs": 2.37496899953112
    },
    {
     "order": 4,
     "totalMs": 1340.4968470000028,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 11,
     "totalMs": 1554.0509859999866,
     "verified": true,
     "clientGcMs": 122.44848700007424
    }
   ],
   "medianMs": 1397.3774830000102,
   "minMs": 1340.4968470000028,
   "maxMs": 1554.0509859999866,
   "opsPerSec": 366.40063707109,
   "modelMs": 1364.3956119999998,
   "modelRatio": 1.0241732461684363,
   "latencyUs": {
    "p50": 19279,
    "p90": 26399,
    "p99": 122367,
    "p999": 153471,
    "max": 153368,
    "count": 1536,
    "hdr": "",
    "waits": 192
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 110219264,
   "clientPeakHeapBytes": 17169072,
   "clientRssGrowthBytes": 786432,
   "clientHeapGrowthBytes": 1845088,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 1,
    "wallMs": 1397.3774830000102,
    "linkWaitMs": 1279.742528,
    "serverMs": 0.398,
    "clientCpuMs": 53.678,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 63.55895500001043,
    "explainedPct": 95.45155437430145,
    "explainedPctMin": 86.97485090106379,
    "explainedPctMax": 103.49696316741857,
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
     "totalMs": 205.71739200000465,
     "verified": true,
     "clientGcMs": 1.1524789999239147
    },
    {
     "order": 5,
     "totalMs": 173.07817199999093,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 8,
     "totalMs": 185.17763099999726,
     "verified": true,
     "clientGcMs": 2.694486000109464
    }
   ],
   "medianMs": 185.17763099999726,
   "minMs": 173.07817199999093,
   "maxMs": 205.71739200000465,
   "opsPerSec": 2764.912787981436,
   "modelMs": 183.13309600000036,
   "modelRatio": 1.0111642026736494,
   "latencyUs": {
    "p50": 19935,
    "p90": 33759,
    "p99": 47295,
    "p999": 47295,
    "max": 47290,
    "count": 1536,
    "hdr": "",
    "waits": 24
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 109826048,
   "clientPeakHeapBytes": 16745064,
   "clientRssGrowthBytes": 1441792,
   "clientHeapGrowthBytes": 1429232,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 8,
    "wallMs": 185.17763099999726,
    "linkWaitMs": 159.967816,
    "serverMs": 0.122,
    "clientCpuMs": 18.375,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 6.712814999997249,
    "explainedPct": 96.37493202405352,
    "explainedPctMin": 88.06003918229524,
    "explainedPctMax": 103.45025830294152,
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
     "totalMs": 100.71451700000465,
     "verified": true,
     "clientGcMs": 0.655112000182271
    },
    {
     "order": 6,
     "totalMs": 98.87971500000357,
     "verified": true,
     "clientGcMs": 0
    },
    {
     "order": 9,
     "totalMs": 87.37356200000644,
     "verified": true,
     "clientGcMs": 0.5719869998283684
    }
   ],
   "medianMs": 98.87971500000357,
   "minMs": 87.37356200000644,
   "maxMs": 100.71451700000465,
   "opsPerSec": 5178.008451986148,
   "modelMs": 113.72330100000033,
   "modelRatio": 0.8694763001999325,
   "latencyUs": {
    "p50": 47999,
    "p90": 55199,
    "p99": 55199,
    "p999": 55199,
    "max": 55170,
    "count": 1536,
    "hdr": "",
    "waits": 6
   },
   "errors": 0,
   "errorsByKind": {},
   "clientPeakRssBytes": 110219264,
   "clientPeakHeapBytes": 16734856,
   "clientRssGrowthBytes": 524288,
   "clientHeapGrowthBytes": 1406344,
   "serverInfo": {
    "netInputBytes": 52224,
    "netOutputBytes": 8904,
    "clientRecentMaxInputBufferBytes": 20480,
    "clientRecentMaxOutputBufferBytes": 0,
    "usedMemoryPeakBytes": 1180208,
    "evictedKeys": 0,
    "rejectedConnections": 0,
    "queryBufferLimitDisconnections": null,
    "outputBufferLimitDisconnections": null,
    "errorStats": {}
   },
   "timeAttribution": {
    "runOrder": 6,
    "wallMs": 98.87971500000357,
    "linkWaitMs": 39.991954,
    "serverMs": 0.104,
    "clientCpuMs": 13.903,
    "bytesUp": 17408,
    "bytesDown": 2968,
    "bandwidthCapMs": null,
    "unexplainedMs": 44.880761000003574,
    "explainedPct": 54.61075004109593,
    "explainedPctMin": 53.470895362579675,
    "explainedPctMax": 68.15900901464404,
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
     "actual": 43.524953999996185,
     "pass": true
    }
   ],
   "pass": true
  }
 ],
 "pass": true,
 "warnings": [
  "pipeline:8@rtt=0ms vs pipeline:64@rtt=0ms: medians 92 vs 24 ms, but their min-max spreads overlap (38.4-99.2 vs 15.1-65.8 ms): the difference is within noise",
  "pipeline:8@rtt=0ms vs pipeline:256@rtt=0ms: medians 92 vs 74 ms, but their min-max spreads overlap (38.4-99.2 vs 42.7-104 ms): the difference is within noise",
  "pipeline:64@rtt=0ms vs pipeline:256@rtt=0ms: medians 24 vs 74 ms, but their min-max spreads overlap (15.1-65.8 vs 42.7-104 ms): the difference is within noise",
  "pipeline:64@rtt=1ms vs pipeline:256@rtt=1ms: medians 60 vs 35 ms, but their min-max spreads overlap (22.8-86.1 vs 18.1-45.1 ms): the difference is within noise",
  "pipeline:64@rtt=5ms vs pipeline:256@rtt=5ms: medians 47 vs 21 ms, but their min-max spreads overlap (47.3-262 vs 19.2-50.2 ms): the difference is within noise"
 ],
 "notMeasured": [
  "Per-command latency is closed-loop: each command or batch is sent when the previous reply arrived, so it is not latency under an arrival rate (no open-loop schedule, no coordinated-omission correction).",
  "A pipeline command's latency is its whole batch's time; the time a request would wait for its batch to fill is not modelled.",
  "The client runs in one Node process on the same machine: client CPU and event-loop time are inside every figure. The time attribution counts the server's time executing the workload's commands (INFO commandstats usec), not its time reading requests and writing replies, which stays in the unexplained rest; its parts may overlap (client CPU on other threads, a capped upload beside earlier replies).",
  "No persistence (save \"\", appendonly no), no TLS, no packet loss: the link adds latency and, where the scenario says so, a bandwidth cap.",
  "Client memory is sampled (every 5 ms and after each batch) after a full garbage collection before each run, so a shorter peak can be missed and the heap peak includes garbage not yet collected during the run; RSS includes everything the Node process holds (its plans, earlier results), not only the run.",
  "Server INFO is read before and after each run on a separate connection; the bytes of those INFO calls are taken out of net in/out, and the buffer gauges (client_recent_max_input/output_buffer) are server-wide over the last few seconds, so they also see the lab's own prefill and read-back (sent in chunks of at most 64 KB to keep that small).",
  "Calibration measures PING; latency toxics apply per chunk, so a large write split into several chunks may be delayed more than the calibrated rtt."
 ]
};
