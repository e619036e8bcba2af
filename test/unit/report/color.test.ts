import { describe, expect, it } from 'vitest';
import { shouldColor } from '../../../lab/report/index.ts';

const tty = { isTTY: true };

describe('shouldColor', () => {
  it('colors a TTY when nothing says otherwise', () => {
    expect(shouldColor(tty, {})).toBe(true);
    expect(shouldColor(tty, { FORCE_COLOR: '1' })).toBe(true);
  });

  it('never colors a stream that is not a TTY, even with FORCE_COLOR', () => {
    expect(shouldColor({ isTTY: false }, {})).toBe(false);
    expect(shouldColor({}, { FORCE_COLOR: '1' })).toBe(false);
  });

  it('honours NO_COLOR set to any non-empty value (no-color.org), and ignores it when empty', () => {
    expect(shouldColor(tty, { NO_COLOR: '1' })).toBe(false);
    expect(shouldColor(tty, { NO_COLOR: '0' })).toBe(false);
    expect(shouldColor(tty, { NO_COLOR: 'false' })).toBe(false);
    expect(shouldColor(tty, { NO_COLOR: '' })).toBe(true);
    expect(shouldColor(tty, { NO_COLOR: undefined })).toBe(true);
  });

  it('turns color off with FORCE_COLOR=0', () => {
    expect(shouldColor(tty, { FORCE_COLOR: '0' })).toBe(false);
    expect(shouldColor(tty, { FORCE_COLOR: 'false' })).toBe(false);
  });
});
