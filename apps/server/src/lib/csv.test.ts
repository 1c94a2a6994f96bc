import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv.js';

describe('toCsv', () => {
  it('writes a header and rows with CRLF, quoting commas, quotes and line breaks', () => {
    const csv = toCsv(
      ['a', 'b', 'c'],
      [
        ['plain', 12.5, null],
        ['with, comma', 'say "hi"', 'two\nlines'],
      ],
    );
    expect(csv).toBe('a,b,c\r\nplain,12.5,\r\n"with, comma","say ""hi""","two\nlines"\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula, but keeps plain negative numbers', () => {
    const csv = toCsv(['x'], [['=1+1'], ['+SUM(A1)'], ['-2+3'], ['@cmd'], ['-12.50'], [-3], ['\tTAB']]);
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2+3",
      "'@cmd",
      '-12.50',
      '-3',
      "'\tTAB",
    ]);
  });

  it('reads back through the CSV reader', () => {
    const csv = toCsv(
      ['Name', 'Reason'],
      [['Tata Consultancy Services Ltd.', 'Rejected: "price band", retry']],
    );
    expect(parseCsv(csv)).toEqual([
      { Name: 'Tata Consultancy Services Ltd.', Reason: 'Rejected: "price band", retry' },
    ]);
  });
});
