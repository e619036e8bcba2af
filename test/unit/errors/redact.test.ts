import { describe, expect, it } from 'vitest';
import { LabError, redact, redactData, redactError, registerSecret } from '../../../lab/errors/index.ts';

describe('redact', () => {
  it('masks the password of any URL, keeping the user, the host and the rest', () => {
    expect(redact('cannot reach http://admin:s3cret@127.0.0.1:8474/proxies')).toBe('cannot reach http://admin:***@127.0.0.1:8474/proxies');
    expect(redact('redis://:hunter22@10.0.0.5:6379 refused')).toBe('redis://:***@10.0.0.5:6379 refused');
    expect(redact('rediss://default:p@ss@host:6380')).toBe('rediss://default:***@host:6380'); // an unencoded @ in the password
    expect(redact('token: https://ghp_abcdef@example.invalid/x?y=1#z')).toBe('token: https://***@example.invalid/x?y=1#z');
    expect(redact('HTTP://U:P@H and http://v:q@i')).toBe('HTTP://U:***@H and http://v:***@i');
  });

  it('leaves URLs without credentials and at-signs outside URLs alone', () => {
    const text = 'see http://127.0.0.1:8474/proxies/redis (mail ops@example.invalid) and redis://host:6379';
    expect(redact(text)).toBe(text);
  });

  it('masks a registered secret wherever it appears, also percent- and JSON-encoded', () => {
    const secret = 'pw-"with/odd@chars"-0123';
    registerSecret(secret);
    expect(redact(`AUTH failed for ${secret}`)).toBe('AUTH failed for ***');
    expect(redact(`url redis://x:${encodeURIComponent(secret)}@h`)).toBe('url redis://x:***@h');
    expect(redact(JSON.stringify({ password: secret }))).toBe('{"password":"***"}');
  });

  it('ignores secrets too short to tell from ordinary text', () => {
    registerSecret('abc');
    registerSecret(undefined);
    expect(redact('abc abc')).toBe('abc abc');
  });

  it('redacts an error in place: message, stack, hint, string fields and the cause chain', () => {
    registerSecret('Zz9-runtime-password-Zz9');
    const cause = new Error('connect to redis://:Zz9-runtime-password-Zz9@127.0.0.1:1 failed');
    const error = new LabError('E_POLICY', 'policy x: connect threw: password Zz9-runtime-password-Zz9', { hint: 'endpoint http://u:v@h', cause });
    Object.assign(error, { endpoint: 'Zz9-runtime-password-Zz9' });
    const same = redactError(error);
    expect(same).toBe(error);
    expect(error.message).toBe('policy x: connect threw: password ***');
    expect(error.hint).toBe('endpoint http://u:***@h');
    expect(error.stack).not.toContain('Zz9-runtime');
    expect((error as unknown as { endpoint: string }).endpoint).toBe('***');
    expect((error.cause as Error).message).toBe('connect to redis://:***@127.0.0.1:1 failed');
    expect(redactError('thrown string Zz9-runtime-password-Zz9')).toBe('thrown string ***');
    // An object a module attached (its endpoint) is replaced by a redacted copy; the original is left alone.
    const endpoint = { host: '127.0.0.1', port: 1, password: 'Zz9-runtime-password-Zz9' };
    const attached = redactError(Object.assign(new Error('x'), { endpoint }));
    expect(JSON.stringify(attached)).toBe('{"endpoint":{"host":"127.0.0.1","port":1,"password":"***"}}');
    expect(endpoint.password).toBe('Zz9-runtime-password-Zz9');
  });

  it('redactData copies a result with every string and key redacted', () => {
    const data = { target: { toxiproxyApiUrl: 'http://a:b@h:1' }, errors: { 'ERR x http://c:d@h': 2 }, n: 3, list: [null, 'ok'] };
    expect(redactData(data)).toStrictEqual({ target: { toxiproxyApiUrl: 'http://a:***@h:1' }, errors: { 'ERR x http://c:***@h': 2 }, n: 3, list: [null, 'ok'] });
    expect(data.target.toxiproxyApiUrl).toBe('http://a:b@h:1');
  });
});
