import { describe, expect, it } from 'vitest';
import { buildCsv } from '../../../../src/renderer/features/council-analytics/csv';

describe('the analytics CSV', () => {
  it('starts with the byte order mark and a header row, rows end with CRLF, numbers stay plain', () => {
    const csv = buildCsv(['Council', 'Decided', 'Average days'], [
      ['Këshilli për shkencat mjekësore', 1234, 32.5],
      ['Savet za društvene nauke', 0, null],
    ]);
    expect(csv).toBe('\uFEFFCouncil,Decided,Average days\r\nKëshilli për shkencat mjekësore,1234,32.5\r\nSavet za društvene nauke,0,\r\n');
  });

  it('neutralises texts a spreadsheet would run as a formula, and quotes commas, quotes and line breaks', () => {
    const csv = buildCsv(['Name'], [['=HYPERLINK("http://x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['\tTab'], ['A, B'], ['Say "hi"'], ['Two\nlines'], [-3]]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Name',
      `"'=HYPERLINK(""http://x"")"`,
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tTab",
      '"A, B"',
      '"Say ""hi"""',
      '"Two\nlines"',
      // A negative number is a number, not a formula.
      '-3',
      '',
    ]);
  });
});
