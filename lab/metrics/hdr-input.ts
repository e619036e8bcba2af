// A `latencyUs.hdr` string from a file is input, not a histogram the lab built: it is checked
// before anything is allocated for it. The format (HdrHistogram's V2 compressed encoding, as
// hdr-histogram-js encodeIntoCompressedBase64 writes it) is base64 of
//   int32 cookie 0x1c849314 (the V2 compressed cookie, word-size nibble 0x10), int32 length,
//   then `length` bytes of zlib, which inflate to
//   int32 cookie 0x1c849313, int32 payloadLength, int32 normalizingIndexOffset,
//   int32 significantDigits, int64 lowestDiscernibleValue, int64 highestTrackableValue,
//   int64 conversionRatio (40 bytes in all), then the counts: ZigZag LEB128 varints (up to 9
//   bytes), a positive one a count, a negative one a run of that many empty buckets.
// hdr-histogram-js trusts every field: a crafted range allocates its counts array from the
// header, a run of 2^45 empty buckets is one varint and makes it loop 2^45 times, and a zlib
// bomb inflates without limit. So the encoded length, the inflated size (zlib's
// maxOutputLength), the header's range and digits, the counts array it implies, and every run
// and count are checked first; each check is linear in the bounded input.

import { inflateSync } from 'node:zlib';

/** The bounds a decoded `hdr` must fit in; far above what the lab writes (a few kB, about
 * 25,000 buckets for 3 digits up to hours). */
export const HDR_LIMITS = {
  /** Characters of base64. */
  encodedChars: 1_000_000,
  /** Bytes after inflating. */
  inflatedBytes: 4 * 1024 * 1024,
  /** Counts-array entries the header's range and digits imply (4 bytes each). */
  buckets: 2_097_152,
  /** numberOfSignificantValueDigits, as HdrHistogram allows. */
  significantDigits: 5,
} as const;

const COMPRESSED_COOKIE_BASE = 0x1c849304;
const ENCODING_COOKIE_BASE = 0x1c849303;
const HEADER_BYTES = 40;
const MAX_COUNT = 0xffff_ffff; // the lab decodes into 32-bit buckets

// As hdr-histogram-js's ByteBuffer reads them: big-endian and unsigned, the int64 as high * 2^32 + low.
const int32 = (view: DataView, at: number): number => view.getUint32(at, false);
const int64 = (view: DataView, at: number): number => int32(view, at) * 2 ** 32 + int32(view, at + 4);

// The counts-array length hdr-histogram-js allocates for this range (JsHistogram.init and
// establishSize), computed in O(log range).
const bucketsFor = (lowest: number, highest: number, digits: number): number => {
  const subBucketCountMagnitude = Math.ceil(Math.log2(2 * Math.floor(10 ** digits)));
  const subBucketCount = 2 ** Math.max(subBucketCountMagnitude, 1);
  let smallestUntrackable = subBucketCount * 2 ** Math.floor(Math.log2(lowest));
  let buckets = 1;
  while (smallestUntrackable <= highest) {
    if (smallestUntrackable > Number.MAX_SAFE_INTEGER / 2) return (buckets + 2) * (subBucketCount / 2);
    smallestUntrackable *= 2;
    buckets++;
  }
  return (buckets + 1) * (subBucketCount / 2);
};

const base64Problem = (hdr: string): string | undefined => {
  if (hdr.length > HDR_LIMITS.encodedChars) return `${hdr.length} characters, more than the ${HDR_LIMITS.encodedChars} a histogram may have`;
  if (hdr.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(hdr)) return 'not base64';
  return undefined;
};

// The zlib part, inflated to at most HDR_LIMITS.inflatedBytes; a string is the problem.
const inflated = (bytes: Buffer): Buffer | string => {
  if (bytes.length < 8) return 'too short for an HDR histogram';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if ((int32(view, 0) & ~0xf0) !== COMPRESSED_COOKIE_BASE) return 'not an HDR histogram in the V2 compressed encoding (wrong cookie)';
  const length = int32(view, 4);
  if (length > bytes.length - 8) return `its compressed length ${length} does not fit the ${bytes.length - 8} bytes that follow`;
  try {
    return inflateSync(bytes.subarray(8, 8 + length), { maxOutputLength: HDR_LIMITS.inflatedBytes });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === 'ERR_BUFFER_TOO_LARGE' ? `inflates to more than ${HDR_LIMITS.inflatedBytes} bytes` : 'its compressed part is not zlib data';
  }
};

const headerProblem = (view: DataView): string | undefined => {
  if (view.byteLength < HEADER_BYTES) return 'the inflated histogram is shorter than its 40-byte header';
  if ((int32(view, 0) & ~0xf0) !== ENCODING_COOKIE_BASE) return 'the inflated histogram has no V2 encoding cookie';
  const payload = int32(view, 4);
  if (payload > view.byteLength - HEADER_BYTES) return `its payload length ${payload} does not fit the ${view.byteLength - HEADER_BYTES} bytes after the header`;
  const digits = int32(view, 12);
  if (digits > HDR_LIMITS.significantDigits) return `significant digits ${digits}, expected 0 to ${HDR_LIMITS.significantDigits}`;
  const lowest = int64(view, 16);
  const highest = int64(view, 24);
  if (!Number.isSafeInteger(lowest) || lowest < 1) return `lowest discernible value ${lowest}, expected a whole number of at least 1`;
  if (!Number.isSafeInteger(highest) || highest < 2 * lowest) return `highest trackable value ${highest}, expected a whole number of at least twice the lowest (${lowest}) and below 2^53`;
  const buckets = bucketsFor(lowest, highest, digits);
  if (buckets > HDR_LIMITS.buckets) return `its range ${lowest}..${highest} at ${digits} digits needs ${buckets} buckets, more than ${HDR_LIMITS.buckets}`;
  return undefined;
};

// Walks the counts as hdr-histogram-js will (fillCountsArrayFromSourceBuffer), refusing a run or
// an index past the counts array, a count too large for a bucket, and a varint cut short.
const countsProblem = (view: DataView, buckets: number): string | undefined => {
  const end = HEADER_BYTES + int32(view, 4);
  let at = HEADER_BYTES;
  let index = 0;
  while (at < end) {
    let raw = 0;
    let byte = 0x80;
    for (let shift = 0; shift < 9 && byte & 0x80; shift++) {
      if (at >= view.byteLength) return 'its counts end in the middle of a number';
      byte = view.getUint8(at++);
      raw += (byte & 0x7f) * 2 ** (7 * shift); // the ninth byte masked too, as the library reads it
    }
    const value = raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
    index += value < 0 ? -value : 1;
    if (value > MAX_COUNT) return `a bucket count of ${value}, more than ${MAX_COUNT}`;
    if (index > buckets) return `its counts run past the ${buckets} buckets its header declares`;
  }
  return undefined;
};

/** Why `hdr` is not a histogram the lab will decode, or undefined; bounded in time and memory
 * by HDR_LIMITS. */
export const hdrProblem = (hdr: string): string | undefined => {
  const encoding = base64Problem(hdr);
  if (encoding !== undefined) return encoding;
  const data = inflated(Buffer.from(hdr, 'base64'));
  if (typeof data === 'string') return data;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const header = headerProblem(view);
  if (header !== undefined) return header;
  return countsProblem(view, bucketsFor(int64(view, 16), int64(view, 24), int32(view, 12)));
};
