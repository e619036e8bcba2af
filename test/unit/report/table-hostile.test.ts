// The table path with hostile text in a result (a crafted result file, a server's error reply,
// a module's failure message): control characters are shown as escapes, so with colour off the
// output holds no control byte but line feeds, and with colour on only the table's own colours.

import { describe, expect, it } from 'vitest';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { renderTable } from '../../../lab/report/index.ts';
import { labResult } from './lab-result.fixture.ts';

const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u0000\r\u009b\u202e';

const hostileResult = (): LabResult => {
  const result = structuredClone(labResult);
  result.scenario = { ...result.scenario, name: `name${HOSTILE}`, description: `description${HOSTILE}`, file: `dir${HOSTILE}/file.yaml` };
  result.warnings = [`warning${HOSTILE}`];
  result.notMeasured = [`not measured${HOSTILE}`];
  const [first, second] = result.configs;
  if (first === undefined || second === undefined) throw new Error('fixture has two configs');
  first.errorsByKind = { [`ERR${HOSTILE}`]: 3 };
  const run = second.runs[second.runs.length - 1];
  if (run !== undefined) run.failure = `server said ${HOSTILE}`;
  return result;
};

// Every C0 control but the line feed, DEL, C1, and the bidirectional overrides and isolates.
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('table with hostile text', () => {
  it('colour off: no control character but line feeds, the text shown escaped', () => {
    const text = renderTable(hostileResult(), { color: false, width: 200 });
    expect(RAW.exec(text)).toBeNull();
    expect(text).toContain('name\\x1b]0;pwned\\x07\\x1b[2J\\x00\\x0d\\x9b\\u202e');
    expect(text).toContain('ERR\\x1b]0;pwned');
  });

  it('colour on: the only escape sequences are the colours the table adds (SGR)', () => {
    const text = renderTable(hostileResult(), { color: true, width: 200 });
    const withoutSgr = text.replace(/\u001b\[\d+m/g, '');
    expect(RAW.exec(withoutSgr)).toBeNull();
  });

  it('renders a clean result exactly as before (nothing to escape, nothing changed)', () => {
    expect(renderTable(labResult, { color: true, width: 200 })).toBe(renderTable(structuredClone(labResult), { color: true, width: 200 }));
  });
});
