import { describe, expect, it } from 'vitest';
import type { Mode, Policy, PolicyOperation } from '../../../lab/contracts/index.ts';
import { keySlot } from '../../../lab/client/index.ts';
import { Ledger } from '../../../lab/reconcile/index.ts';
import { buildPlan, driveWithLedger, tagKeys } from '../../../lab/workload/index.ts';
import { fixed, workload } from './workload-fixture.ts';

// A policy over fake clients (pure driver logic): each client records the ops it was handed,
// and the test sees how many ops are in flight at any moment.
const fakePolicy = () => {
  let inFlight = 0;
  let maxInFlight = 0;
  const policy: Policy<{ name: number; ops: string[] }> = {
    connect: async () => ({ name: 0, ops: [] }),
    perform: async (client, op: PolicyOperation) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      client.ops.push(op.id);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return 1;
    },
    close: async () => undefined,
  };
  return { policy, inFlight: () => inFlight, maxInFlight: () => maxInFlight };
};

const drive = async (mode: Mode, connections: number, beforeOp: number) => {
  const plan = buildPlan(workload({ commands: [64] }), 64, fixed(16), 1);
  const fake = fakePolicy();
  const clients = Array.from({ length: connections }, (_, name) => ({ name, ops: [] as string[] }));
  const ledger = new Ledger(plan.size);
  const atTrigger = { issued: -1, inFlight: -1, runs: 0 };
  await driveWithLedger({
    policy: fake.policy as Policy,
    clients,
    mode,
    plan,
    ledger,
    wrapping: 'tagged',
    tagKeys: tagKeys('k'),
    trigger: { beforeOp, run: async () => void Object.assign(atTrigger, { issued: ledger.size, inFlight: fake.inFlight(), runs: atTrigger.runs + 1 }) },
    signal: new AbortController().signal,
  });
  return { ledger, clients, atTrigger, maxInFlight: fake.maxInFlight() };
};

describe('driveWithLedger on several connections', () => {
  it('pipeline:8 on 4 connections: whole batches per connection, the ledger knows each op’s connection, the fault starts with nothing in flight', async () => {
    const { ledger, clients, atTrigger } = await drive({ kind: 'pipeline', batch: 8 }, 4, 32);
    expect(ledger.counts().acknowledged).toBe(64);
    expect(atTrigger).toStrictEqual({ issued: 32, inFlight: 0, runs: 1 });
    for (const client of clients) {
      expect(client.ops.length).toBeGreaterThan(0);
      for (const id of client.ops) expect(ledger.connection(Number(id))).toBe(client.name);
    }
    for (let op = 0; op < 64; op++) expect(ledger.connection(op)).toBe(ledger.connection(op - (op % 8))); // a batch stays on one connection
  });

  it('auto:4 on 2 connections: 8 callers in flight at most, each connection issues in id order', async () => {
    const { ledger, clients, atTrigger, maxInFlight } = await drive({ kind: 'auto', callers: 4 }, 2, 16);
    expect(ledger.counts().acknowledged).toBe(64);
    expect(maxInFlight).toBe(8);
    expect(atTrigger).toStrictEqual({ issued: 16, inFlight: 0, runs: 1 });
    for (const client of clients) expect(client.ops.map(Number)).toStrictEqual([...client.ops.map(Number)].sort((a, b) => a - b));
  });
});

describe('tagKeys', () => {
  it('puts the log in the workload key\'s hash slot, keeping a hash tag the key already has', () => {
    expect(tagKeys('counter')).toEqual({ logKey: 'lab:log:{counter}', doneKey: 'lab:done:{counter}' });
    expect(tagKeys('counter', 'p:').logKey).toBe('p:lab:log:{counter}');
    for (const key of ['counter', 'counter{t5}', 'a{b}c']) {
      expect(keySlot(tagKeys(key).logKey)).toBe(keySlot(key));
      expect(keySlot(tagKeys(key).doneKey)).toBe(keySlot(key));
    }
  });
});
