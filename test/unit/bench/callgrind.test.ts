import { describe, expect, it } from 'vitest';
import { dumpCounts, dumpTotalIr, isGcFunction, selfCosts } from '../../bench/callgrind.ts';

// A dump in callgrind's format: main calls a scavenge (inclusive 600 on the line after calls=,
// which is the callee's, not main's), the scavenge calls JIT code; names given once by id.
const dump = [
  'version: 1',
  'creator: callgrind-3.19.0',
  'positions: line',
  'events: Ir',
  'summary: 900',
  'fl=(1) ???',
  'fn=(1) main',
  '0 100',
  'cfn=(2) v8::internal::Scavenger::Process(v8::JobDelegate*)',
  'calls=1 0',
  '0 800',
  'fn=(2)',
  '0 500',
  'cfn=(3) 0x000000000d116c80',
  'calls=1 0',
  '0 300',
  'fn=(3)',
  '+1 200',
  '* 100',
  '',
  'totals: 900',
].join('\n');

describe('callgrind dumps', () => {
  it('counts each function by its own cost, not its calls, with names given once by id', () => {
    expect(Object.fromEntries(selfCosts(dump))).toEqual({
      main: 100,
      'v8::internal::Scavenger::Process(v8::JobDelegate*)': 500,
      '0x000000000d116c80': 300,
    });
  });

  it('splits the summary into the collector and the rest', () => {
    expect(dumpCounts(dump)).toEqual({ totalIr: 900, gcIr: 500 });
  });

  it('knows V8 heap functions from JavaScript, builtins and the runtime', () => {
    expect(isGcFunction('heap::base::SlotCallbackResult v8::internal::Scavenger::ScavengeObject<v8::internal::FullHeapObjectSlot>(...)')).toBe(true);
    expect(isGcFunction('v8::internal::MarkCompactCollector::CollectGarbage()')).toBe(true);
    expect(isGcFunction('void v8::internal::BodyDescriptorBase::IteratePointers<v8::internal::ScavengeVisitor>(...)')).toBe(true);
    expect(isGcFunction('Builtins_LoadIC')).toBe(false);
    expect(isGcFunction('0x000000000d116c80')).toBe(false);
    expect(isGcFunction('v8::internal::Runtime::GetObjectProperty(...)')).toBe(false);
  });

  it('refuses a dump without a summary', () => {
    expect(() => dumpTotalIr('events: Ir\n')).toThrow(/summary/);
  });
});
