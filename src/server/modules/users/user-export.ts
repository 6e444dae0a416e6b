import type { Readable } from 'node:stream';
import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { EXPORT_COLUMNS, type EXPORT_FORMATS } from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import { spreadsheetFile, type Cell, type SpreadsheetColumn, type SpreadsheetFormat } from '../../spreadsheet-export';
import type { ExportedUser } from './user-export-rows';

// The users export's cells and columns: the header row is in the caller's language, yes/no too;
// moments are UTC. The file itself (CSV or XLSX, streamed) is spreadsheet-export.ts's.

export type ExportFormat = (typeof EXPORT_FORMATS)[number] & SpreadsheetFormat;
type ExportColumn = (typeof EXPORT_COLUMNS)[number];
type ExportTexts = typeof en.usersExport;

const TEXTS: Readonly<Record<Language, ExportTexts>> = { en: en.usersExport, sq: sq.usersExport, sr: sr.usersExport };

const DATE_COLUMNS: ReadonlySet<ExportColumn> = new Set(['last_login', 'date_joined']);

/** One user's cells, in EXPORT_COLUMNS order. */
function userCells(user: ExportedUser, texts: ExportTexts): Cell[] {
  const yesNo = (value: boolean) => (value ? texts.yes : texts.no);
  const cells: Record<ExportColumn, Cell> = {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    groups: user.groups.join(', '),
    is_active: yesNo(user.is_active),
    email_verified: yesNo(user.email_verified),
    two_factor_enabled: yesNo(user.two_factor_enabled),
    auth_source: texts.authSources[user.auth_source],
    last_login: user.last_login,
    date_joined: user.date_joined,
  };
  return EXPORT_COLUMNS.map((column) => cells[column]);
}


/** Column widths in characters (what the values usually need). */
const WIDTHS: Readonly<Record<ExportColumn, number>> = {
  id: 8,
  username: 24,
  first_name: 16,
  last_name: 18,
  email: 32,
  phone: 18,
  groups: 36,
  is_active: 10,
  email_verified: 14,
  two_factor_enabled: 14,
  auth_source: 22,
  last_login: 20,
  date_joined: 20,
};

/** The users, batch after batch, as a CSV or XLSX file in `language`. */
export function usersFile(format: ExportFormat, batches: AsyncIterable<ExportedUser[]>, language: Language): Readable {
  const texts = TEXTS[language];
  const columns: SpreadsheetColumn[] = EXPORT_COLUMNS.map((column) => ({
    header: texts.columns[column],
    width: WIDTHS[column],
    ...(DATE_COLUMNS.has(column) ? { kind: 'date' as const } : {}),
  }));
  async function* rows() {
    for await (const batch of batches) yield batch.map((user) => userCells(user, texts));
  }
  return spreadsheetFile(format, { sheet: texts.sheet, columns, rows: rows() });
}
