// Reading callgrind's counts for the instruction bench (pure: text in, numbers out). A dump's
// `summary:` line is every instruction the thread executed in that interval; the garbage
// collector's share is the self cost of V8's heap functions, which the dump names from node's
// symbols. JIT-compiled JavaScript has no symbols (`0x...`), so it lands in the rest, with
// ioredis, Node's streams and the lab's code.

/** Instructions (Ir) one dump counted: all of them, and the garbage collector's part. */
export interface DumpCounts {
  totalIr: number;
  gcIr: number;
}

// V8's collector: scavenges, mark-compacts, sweeping, evacuation, pretenuring, and the body
// visitors and heap helpers they call.
const GC_FUNCTION =
  /v8::internal::(Scaveng|MarkCompact|Marking|ConcurrentMark|Sweeper|Evacuat|PretenuringHandler|RememberedSet|SlotSet|MemoryAllocator|Heap::|SemiSpaceNewSpace|HeapObject::SizeFromMap|BodyDescriptor|.*Visitor)|heap::base::/;

export const isGcFunction = (name: string): boolean => GC_FUNCTION.test(name);

/** The `summary:` total of a raw callgrind dump. */
export const dumpTotalIr = (dump: string): number => {
  const match = /^summary:\s+(\d+)/m.exec(dump);
  if (match?.[1] === undefined) throw new Error('callgrind dump without a summary: line');
  return Number(match[1]);
};

// A function's name is given once, `fn=(12) name` or `cfn=(12) name`, and then only `(12)`.
const FUNCTION_LINE = /^c?fn=\((\d+)\)(?: (.*))?$/;

/** Self (exclusive) cost per function of a raw callgrind dump with the one event Ir: the cost
 * lines under each `fn=`, less the line after each `calls=` (a call's inclusive cost, which
 * belongs to the callee). */
export const selfCosts = (dump: string): Map<string, number> => {
  const names = new Map<string, string>();
  const costs = new Map<string, number>();
  let current: string | undefined;
  let callCost = false;
  for (const line of dump.split('\n')) {
    const fn = FUNCTION_LINE.exec(line);
    if (fn?.[1] !== undefined) {
      if (fn[2] !== undefined) names.set(fn[1], fn[2]);
      if (line.startsWith('fn=')) current = names.get(fn[1]) ?? `(${fn[1]})`;
      continue;
    }
    if (line.startsWith('calls=')) {
      callCost = true;
      continue;
    }
    if (!/^[\d+*-]/.test(line)) continue;
    if (callCost) {
      callCost = false;
      continue;
    }
    const ir = Number(line.split(' ')[1]);
    if (current !== undefined && Number.isFinite(ir)) costs.set(current, (costs.get(current) ?? 0) + ir);
  }
  return costs;
};

export const dumpCounts = (dump: string): DumpCounts => {
  let gcIr = 0;
  for (const [name, ir] of selfCosts(dump)) if (isGcFunction(name)) gcIr += ir;
  return { totalIr: dumpTotalIr(dump), gcIr };
};
