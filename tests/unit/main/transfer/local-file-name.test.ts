import { describe, expect, it } from 'vitest';
import { localFileName } from '../../../../src/main/transfer/local-file-name';

describe('localFileName', () => {
  it('keeps Albanian, Serbian Latin and Cyrillic letters', () => {
    expect(localFileName('Vërtetim – Đorđe Čolić – Љубица.pdf')).toBe('Vërtetim – Đorđe Čolić – Љубица.pdf');
  });

  it('replaces what Windows and macOS refuse, and never makes a hidden or reserved name', () => {
    expect(localFileName('a/b\\c:d*e?f"g<h>i|j.pdf')).toBe('a_b_c_d_e_f_g_h_i_j.pdf');
    expect(localFileName('..\\..\\evil.pdf')).toBe('_.._evil.pdf');
    expect(localFileName('.hidden.pdf')).toBe('hidden.pdf');
    expect(localFileName('CON.pdf')).toBe('document.pdf');
    expect(localFileName('name. . ')).toBe('name.pdf');
    expect(localFileName('tab\tand\nnewline')).toBe('tab_and_newline.pdf');
    expect(localFileName('   ')).toBe('document.pdf');
  });

  it('gives a report export its own extension (.csv, .xlsx), long or reserved names included', () => {
    expect(localFileName('fees-2026.xlsx', undefined, 'xlsx')).toBe('fees-2026.xlsx');
    expect(localFileName('fees', undefined, 'csv')).toBe('fees.csv');
    expect(localFileName('CON.xlsx', undefined, 'xlsx')).toBe('document.xlsx');
    const long = localFileName(`${'ж'.repeat(300)}.xlsx`, undefined, 'xlsx');
    expect(Array.from(long)).toHaveLength(180);
    expect(long.endsWith('.xlsx')).toBe(true);
  });

  it('adds .pdf and keeps long names short enough for every file system', () => {
    expect(localFileName('Diploma')).toBe('Diploma.pdf');
    const long = localFileName(`${'ж'.repeat(300)}.pdf`);
    expect(Array.from(long)).toHaveLength(180);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
