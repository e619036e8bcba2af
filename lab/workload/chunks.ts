// The lab's own reads and writes around a run (prefill, read-back) go in pipelined chunks small
// enough in bytes that they do not inflate the server's client buffer gauges much
// (client_recent_max_input/output_buffer are server-wide and cover the last few seconds).

const CHUNK_BYTES = 64 * 1024;
const MAX_CHUNK = 1_000;

/** Entries per pipelined chunk when each carries about `bytesPerEntry` bytes. */
export const chunkSize = (bytesPerEntry: number): number => Math.max(1, Math.min(MAX_CHUNK, Math.floor(CHUNK_BYTES / Math.max(1, bytesPerEntry))));
