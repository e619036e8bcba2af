// Reads the commands a client writes (RESP arrays of bulk strings, as Redis clients send them)
// from the raw bytes of its connection, chunk by chunk, for the relay's count of what went on
// the wire. Only each command's first `keepArgs` arguments are kept, and only while short: a
// long value is skipped, never copied. Anything else (an inline command) ends the reading.

const LONG_ARG_BYTES = 512;

/** Feeds bytes; calls `onCommand` with each complete command's first arguments. */
export const respRequestReader = (keepArgs: number, onCommand: (args: string[]) => void): ((chunk: Buffer) => void) => {
  let line = '';
  let argsLeft = 0; // bulk strings still to come in the current array (0: expect an array header)
  let dataLeft = -1; // bytes (with the closing CRLF) left of the current bulk string; -1: none
  let size = 0;
  let parts: Buffer[] = [];
  let args: string[] = [];
  let broken = false;
  const keep = () => size <= LONG_ARG_BYTES && args.length < keepArgs;
  const endArg = () => {
    if (args.length < keepArgs) args.push(size <= LONG_ARG_BYTES ? Buffer.concat(parts).toString('utf8', 0, size) : '');
    parts = [];
    dataLeft = -1;
    argsLeft -= 1;
    if (argsLeft === 0) {
      onCommand(args);
      args = [];
    }
  };
  const onLine = (text: string) => {
    if (argsLeft === 0) {
      const count = text[0] === '*' ? Number(text.slice(1)) : Number.NaN;
      if (!Number.isInteger(count)) return void (broken = true);
      if (count > 0) argsLeft = count;
      return;
    }
    size = text[0] === '$' ? Number(text.slice(1)) : Number.NaN;
    if (!Number.isInteger(size) || size < 0) return void (broken = true);
    dataLeft = size + 2;
  };
  return (chunk) => {
    let i = 0;
    while (!broken && i < chunk.length) {
      if (dataLeft >= 0) {
        const take = Math.min(dataLeft, chunk.length - i);
        if (keep()) parts.push(chunk.subarray(i, i + take));
        dataLeft -= take;
        i += take;
        if (dataLeft === 0) endArg();
        continue;
      }
      const end = chunk.indexOf(10, i);
      if (end === -1) {
        line += chunk.toString('latin1', i);
        if (line.length > 64) broken = true; // no header is this long
        return;
      }
      const text = (line + chunk.toString('latin1', i, end)).replace(/\r$/, '');
      line = '';
      i = end + 1;
      onLine(text);
    }
  };
};
