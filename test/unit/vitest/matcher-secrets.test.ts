// Matcher messages are printed by vitest: they pass through the same redaction as the CLI.
import { describe, expect, it } from 'vitest';
import '../../../lab/vitest/index.ts';
import { registerSecret } from '../../../lab/errors/index.ts';
import { labResult, threshold } from './results.ts';

describe('matcher messages', () => {
  it('carry no registered secret and no URL password', () => {
    registerSecret('matcher-secret-0123456789');
    const leaky = labResult({
      scenario: { name: 'against redis://default:url-pass-xyz@10.0.0.5:6379', description: '' },
      thresholds: [threshold({ source: 'median < 1ms matcher-secret-0123456789', pass: false, checked: [{ configId: 'sync@rtt=0ms', actual: 5, pass: false }] })],
    });
    let message = '';
    try {
      expect(leaky).toPassThresholds();
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain('redis://default:***@10.0.0.5:6379');
    expect(message).not.toContain('url-pass-xyz');
    expect(message).not.toContain('matcher-secret-0123456789');
  });
});
