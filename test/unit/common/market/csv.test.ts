import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../../main/common/market/csv';

describe('CSV', () => {
  it('quotes what needs quoting, leaves numbers as numbers and empty cells for missing data', () => {
    expect(toCsv(['a', 'b', 'c'], [['x,y', 'say "hi"', null], [1.5, -2, 'line\nbreak']])).toBe(
      'a,b,c\r\n"x,y","say ""hi""",\r\n1.5,-2,"line\nbreak"\r\n',
    );
  });

  it('keeps a spreadsheet from running text from the service as a formula', () => {
    expect(toCsv(['project'], [['=HYPERLINK("http://evil")'], ['+1'], ['@SUM(A1)'], ['-x']])).toBe(
      'project\r\n"\'=HYPERLINK(""http://evil"")"\r\n\'+1\r\n\'@SUM(A1)\r\n\'-x\r\n',
    );
  });
});
