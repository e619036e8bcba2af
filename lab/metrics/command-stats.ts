// The server's own time per command, from INFO commandstats: `cmdstat_<name>:calls=N,usec=U,...`
// counts every call and the microseconds the server spent executing it (not reading the request
// or writing the reply). A run's server time is the growth of `usec` for the commands the
// workload itself sends, so the lab's INFO calls, its prefill before the run and its read-back
// after it are not counted; nor are commands a script or EXEC runs on its behalf (EVALSHA's own
// usec already holds them), so nothing is counted twice. Pure: it parses text the caller fetched.

/** calls and usec per command name (lower case, as Redis writes it). */
export type CommandStats = Map<string, { calls: number; usec: number }>;

const CMDSTAT = /^cmdstat_([^:]+):(.*)$/;

/** Every cmdstat_ line of an INFO reply (empty when the reply has no commandstats section). */
export const parseCommandStats = (infoText: string): CommandStats => {
  const stats: CommandStats = new Map();
  for (const line of infoText.split(/\r?\n/)) {
    const match = CMDSTAT.exec(line);
    if (match === null) continue;
    const field = (name: string) => Number(new RegExp(`(?:^|,)${name}=(\\d+)`).exec(match[2] ?? '')?.[1] ?? NaN);
    const calls = field('calls');
    const usec = field('usec');
    if (Number.isFinite(calls) && Number.isFinite(usec)) stats.set((match[1] ?? '').toLowerCase(), { calls, usec });
  }
  return stats;
};

/** Server time and calls of the named commands between two readings; a counter that went down
 * was reset (CONFIG RESETSTAT), and then everything it counted since is the `after` value. */
export const commandTimeDelta = (
  before: CommandStats,
  after: CommandStats,
  names: readonly string[],
): { calls: number; serverUs: number } => {
  let calls = 0;
  let serverUs = 0;
  for (const name of new Set(names.map((n) => n.toLowerCase()))) {
    const a = after.get(name);
    if (a === undefined) continue;
    const b = before.get(name) ?? { calls: 0, usec: 0 };
    const reset = a.calls < b.calls || a.usec < b.usec;
    calls += reset ? a.calls : a.calls - b.calls;
    serverUs += reset ? a.usec : a.usec - b.usec;
  }
  return { calls, serverUs };
};

/** Bytes of a RESP bulk-string reply carrying `text`: `$<len>\r\n<text>\r\n`. */
export const respBulkBytes = (text: string): number => {
  const len = Buffer.byteLength(text);
  return `$${len}\r\n`.length + len + 2;
};

/** Bytes of a command sent as a RESP array of bulk strings. */
export const respCommandBytes = (args: readonly string[]): number =>
  `*${args.length}\r\n`.length + args.reduce((sum, arg) => sum + respBulkBytes(arg), 0);
