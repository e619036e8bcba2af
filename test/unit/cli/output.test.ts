import { describe, expect, it } from 'vitest';
import { redactedStream, say, show } from '../../../lab/cli/output.ts';
import { registerSecret } from '../../../lab/errors/index.ts';

const sink = () => {
  const written: string[] = [];
  return { written, write: (text: string) => written.push(text), isTTY: true, columns: 77 };
};

describe('CLI output boundary', () => {
  registerSecret('cli-output-secret-42');

  it('say: secrets and URL passwords redacted, control characters escaped, line breaks kept', () => {
    const out = sink();
    say(out, 'error: http://u:pw@h failed \u001b]0;x\u0007 cli-output-secret-42\nhint: \u202e\n');
    expect(out.written).toStrictEqual(['error: http://u:***@h failed \\x1b]0;x\\x07 ***\nhint: \\u202e\n']);
  });

  it("show: a renderer's output keeps its colour codes, secrets redacted", () => {
    const out = sink();
    show(out, '\u001b[32mPASS\u001b[39m cli-output-secret-42\n');
    expect(out.written).toStrictEqual(['\u001b[32mPASS\u001b[39m ***\n']);
  });

  it('the progress stream keeps its redraws and line feeds, escapes the rest', () => {
    const out = sink();
    const stream = redactedStream(out as unknown as NodeJS.WriteStream);
    expect(stream.isTTY).toBe(true);
    expect(stream.columns).toBe(77);
    stream.write('\rrun 1 FAILED: ERR \u001b[2J cli-output-secret-42\n');
    expect(out.written).toStrictEqual(['\rrun 1 FAILED: ERR \\x1b[2J ***\n']);
  });
});
