// Builds HdrHistogram V2 compressed strings field by field (the layout is in
// lab/metrics/hdr-input.ts), so a test can craft what hdr-histogram-js would trust: a huge run
// of empty buckets, a range that allocates gigabytes, a zlib bomb.
import { deflateSync } from 'node:zlib';

export interface HdrFields {
  digits?: number;
  lowest?: number;
  highest?: number;
  /** The counts, already ZigZag LEB128 encoded. */
  counts?: Buffer;
  /** Overrides the payload length the header declares. */
  payloadLength?: number;
  cookie?: number;
}

// ZigZag LEB128 of a safe integer, as hdr-histogram-js reads it (up to 9 bytes).
export const zigzag = (value: number): Buffer => {
  let raw = value >= 0 ? value * 2 : -value * 2 - 1;
  const bytes: number[] = [];
  for (let i = 0; i < 9; i++) {
    const low = raw % 128;
    raw = Math.floor(raw / 128);
    bytes.push(raw > 0 && i < 8 ? low | 0x80 : low);
    if (raw === 0) break;
  }
  return Buffer.from(bytes);
};

const int64 = (value: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeInt32BE(Math.floor(value / 2 ** 32), 0);
  b.writeUInt32BE(value % 2 ** 32, 4);
  return b;
};

/** The inflated histogram: the 40-byte header, then the counts. */
export const rawHistogram = (f: HdrFields = {}): Buffer => {
  const counts = f.counts ?? Buffer.concat([zigzag(5), zigzag(-10), zigzag(1)]);
  const header = Buffer.alloc(16);
  header.writeInt32BE(f.cookie ?? 0x1c849313, 0);
  header.writeInt32BE(f.payloadLength ?? counts.length, 4);
  header.writeInt32BE(0, 8);
  header.writeInt32BE(f.digits ?? 3, 12);
  return Buffer.concat([header, int64(f.lowest ?? 1), int64(f.highest ?? 60_000_000), int64(1), counts]);
};

/** The compressed base64 string of an inflated histogram (or any bytes). */
export const compressed = (inflated: Buffer, level = 9): string => {
  const zipped = deflateSync(inflated, { level });
  const head = Buffer.alloc(8);
  head.writeInt32BE(0x1c849314, 0);
  head.writeInt32BE(zipped.length, 4);
  return Buffer.concat([head, zipped]).toString('base64');
};

export const craftHdr = (f: HdrFields = {}): string => compressed(rawHistogram(f));

/** 56 characters: one run of 2^45 empty buckets, which hdr-histogram-js walks one by one. */
export const longRunHdr = (): string => craftHdr({ counts: zigzag(-(2 ** 45)) });

/** A zlib bomb: `bytes` zeros after a valid header, about 1/1000 of that compressed. */
export const zlibBombHdr = (bytes: number): string => compressed(Buffer.concat([rawHistogram({ counts: Buffer.alloc(0) }), Buffer.alloc(bytes)]));
