// The vitest path: an error from lab.run reaches vitest, which prints its message, stack and
// causes. A policy module whose connect throws its endpoint must not put the runtime's password
// in any of them.

import { describe, expect, it } from 'vitest';
import { useLab } from '../../lab/vitest/index.ts';

const lab = useLab({ runtime: 'local' });

// The error's printable parts, causes included.
const everything = (error: unknown, depth = 0): string => {
  if (!(error instanceof Error) || depth > 5) return String(error);
  return [error.message, error.stack ?? '', JSON.stringify(error), Reflect.get(error, 'hint') ?? '', everything(error.cause, depth + 1)].join('\n');
};

describe('lab.run errors', () => {
  it("carry no runtime password when a policy module throws its endpoint", async () => {
    const password = lab.runtime.redisDirect.password;
    expect(password).toMatch(/^[\w-]{32}$/);
    const error = await lab.run('test/fixtures/policies/leaky-connect.yaml').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const text = everything(error);
    expect(text).toContain('redis://default:***@');
    expect(text).not.toContain(password);
  }, 120_000);
});
