// Crafted `latencyUs.hdr` strings fail fast with a clear reason instead of making
// hdr-histogram-js loop 2^45 times, allocate gigabytes or inflate a zlib bomb; the lab's own
// encodings (and hand-built valid ones) still decode.
import { describe, expect, it } from 'vitest';
import { HDR_LIMITS, hdrProblem } from '../../../lab/metrics/hdr-input.ts';
import { createLatencyHistogram, decodeLatency, recordUs, summarizeLatency } from '../../../lab/metrics/histogram.ts';
import { compressed, craftHdr, longRunHdr, rawHistogram, zigzag, zlibBombHdr } from './hdr-craft.ts';

// Generous: each case is linear in input bounded by HDR_LIMITS; the unchecked decoder took
// 22 s (52 characters) to forever (56).
const BUDGET_MS = 5_000;

const failsFast = (hdr: string, reason: RegExp): void => {
  const started = performance.now();
  expect(hdrProblem(hdr)).toMatch(reason);
  expect(() => decodeLatency(hdr)).toThrow(reason);
  expect(performance.now() - started).toBeLessThan(BUDGET_MS);
};

describe('hdr input bounds', () => {
  it('decodes the lab\'s own encodings and a hand-built valid one', () => {
    const h = createLatencyHistogram();
    for (let us = 1; us <= 1000; us++) recordUs(h, us);
    recordUs(h, 3_600_000_000); // an hour-long stall: autoResize grew the range
    const { hdr } = summarizeLatency(h);
    expect(hdrProblem(hdr)).toBeUndefined();
    expect(decodeLatency(hdr).totalCount).toBe(1001);
    expect(decodeLatency(craftHdr()).totalCount).toBe(6);
  });

  it('refuses the 56-character run of 2^45 empty buckets', () => {
    const hdr = longRunHdr();
    expect(hdr).toHaveLength(56);
    failsFast(hdr, /counts run past the 17408 buckets/);
  });

  it('refuses a range whose counts array would not fit', () => {
    failsFast(craftHdr({ lowest: 1, highest: 2 ** 52, digits: 5 }), /needs \d+ buckets, more than 2097152/);
    failsFast(craftHdr({ highest: 2 ** 60 }), /highest trackable value .* below 2\^53/);
    failsFast(craftHdr({ lowest: 0 }), /lowest discernible value 0/);
    failsFast(craftHdr({ lowest: 100, highest: 150 }), /at least twice the lowest/);
    failsFast(craftHdr({ digits: 9 }), /significant digits 9, expected 0 to 5/);
  });

  it('refuses a zlib bomb at the inflate limit', () => {
    const bomb = zlibBombHdr(64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200_000);
    failsFast(bomb, new RegExp(`inflates to more than ${HDR_LIMITS.inflatedBytes} bytes`));
  });

  it('refuses too long, non-base64 and malformed encodings', () => {
    failsFast('A'.repeat(HDR_LIMITS.encodedChars + 4), /1000004 characters, more than the 1000000/);
    failsFast('HISTF<script>', /not base64/);
    failsFast('', /too short/);
    failsFast(Buffer.from('not a histogram at all').toString('base64'), /wrong cookie/);
    failsFast(compressed(rawHistogram({ cookie: 0x12345678 })), /no V2 encoding cookie/);
    failsFast(compressed(Buffer.alloc(12)), /shorter than its 40-byte header/);
    failsFast(craftHdr({ payloadLength: 1_000 }), /payload length 1000 does not fit/);
    failsFast(craftHdr({ counts: Buffer.from([0x80, 0x80]) }), /end in the middle of a number/);
    failsFast(craftHdr({ counts: zigzag(2 ** 40) }), /bucket count of 1099511627776/);
    const declared = Buffer.from(craftHdr(), 'base64');
    declared.writeInt32BE(10_000, 4);
    failsFast(declared.toString('base64'), /compressed length 10000 does not fit/);
    const garbage = Buffer.concat([declared.subarray(0, 4), Buffer.from([0, 0, 0, 4, 1, 2, 3, 4])]);
    failsFast(garbage.toString('base64'), /not zlib data/);
  });
});
