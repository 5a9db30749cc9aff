// @vitest-environment node
import { PassThrough } from 'node:stream';
import { readBoundedLines } from './bounded-lines';

describe('bounded lines', () => {
  it('hands over each line however the bytes arrive, and stops reading at the first line over its bound', () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    let tooLong = 0;
    readBoundedLines(
      stream,
      (line) => lines.push(line),
      () => {
        tooLong += 1;
      },
      16,
    );
    stream.write('{"a":1}\n{"b"');
    stream.write(':2}\n\n');
    // Georgian text is several bytes a letter: the bound is in bytes, and a letter split
    // between two chunks is whole in its line.
    const word = Buffer.from('ფული\n');
    stream.write(word.subarray(0, 5));
    stream.write(word.subarray(5));
    expect(lines).toEqual(['{"a":1}', '{"b":2}', 'ფული']);
    stream.write('0123456789abcdef');
    expect(tooLong).toBe(0);
    stream.write('x');
    stream.write('\n"after"\n');
    expect(tooLong).toBe(1);
    expect(lines).toEqual(['{"a":1}', '{"b":2}', 'ფული']);
  });
});
