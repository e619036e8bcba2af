// Secrets at the CLI's output boundary, as a user meets it: a policy module whose connect throws
// its endpoint (the runtime's password in a URL, in the text, in its cause) on --runtime local,
// and credentials in a --toxiproxy URL. Neither password may appear in anything printed.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';


const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, env);

describe('secrets never reach the CLI output', () => {
  it("a policy module that throws its endpoint: the runtime's password is redacted", async () => {
    const leakFile = join(await mkdtemp(join(tmpdir(), 'rfl-secrets-')), 'password');
    const { code, output } = await cli(['run', '--runtime', 'local', 'test/fixtures/policies/leaky-connect.yaml'], { LEAKY_CONNECT_FILE: leakFile, REDIS_FAULT_LAB_DEBUG: '1' });
    const password = (await readFile(leakFile, 'utf8')).split('\n')[0] ?? '';
    await rm(dirname(leakFile), { recursive: true, force: true });
    expect(password).toMatch(/^[\w-]{32}$/); // connect did receive it
    expect(code).toBe(2);
    expect(output).toContain('error [E_POLICY]');
    expect(output).toMatch(/redis:\/\/default:\*\*\*@127\.0\.0\.1:\d+ \(password \*\*\*\)/);
    expect(output).not.toContain(password); // nor in the stack and causes REDIS_FAULT_LAB_DEBUG prints
  }, 120_000);

  it('credentials in a --toxiproxy URL are masked in the error that names the URL', async () => {
    const { code, output } = await cli(['run', '--runtime', 'external', '--redis', '127.0.0.1:1', '--toxiproxy', 'http://ops:toxi-Secret-9@127.0.0.1:1', 'test/fixtures/policies/leaky-connect.yaml']);
    expect(code).toBe(2);
    expect(output).toContain('http://ops:***@127.0.0.1:1');
    expect(output).not.toContain('toxi-Secret-9');
  }, 60_000);
});
