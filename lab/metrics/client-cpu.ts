// The client's CPU time over a span: process.cpuUsage, user + system, summed over every thread
// of the Node process (the event loop, V8's GC helpers, libuv's pool). On the machine's cores it
// can run beside the span's waits, so it is a cost the span paid for, not a slice of it.

/** Starts measuring; `stop` returns the CPU ms used since. */
export const startCpuMeter = (): { stop: () => number } => {
  const start = process.cpuUsage();
  return {
    stop: () => {
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    },
  };
};
