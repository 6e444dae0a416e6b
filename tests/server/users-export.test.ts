import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/server.json';
import sq from '../../locales/sq/server.json';
import sr from '../../locales/sr/server.json';
import { EXPORT_COLUMNS, USER_LIMITS, USER_PATHS, type ExportRequest } from '../../src/shared/api/users';
import { GROUPS } from '../../src/shared/auth/permissions';
import { csvCell } from '../../src/server/spreadsheet-export';
import { usersFile } from '../../src/server/modules/users/user-export';
import { exportedUsers, type ExportedUser } from '../../src/server/modules/users/user-export-rows';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The users export: the bytes of the CSV read back with a CSV parser and of the XLSX
// with exceljs, in the caller's language, with Albanian and Serbian letters intact and formulas
// neutralised; a page selection and a filter selection give the same rows; over the cap is 409;
// a selection of thousands of users is written in full.

let server: ServerFixture;
let cela: number;
let formula: number;
let admin: number;

const JOINED = new Date('2020-01-02T03:04:05Z');
const LAST_LOGIN = new Date('2026-03-04T05:06:07Z');
/** Users the big-selection tests add, half of them active. */
const BULK = USER_LIMITS.bulkCap + 200;

async function exportUsers(body: ExportRequest, language = 'en') {
  return server.app.inject({
    method: 'POST',
    url: `/api${USER_PATHS.export}`,
    headers: { ...(await server.authorization('admin')), 'accept-language': language },
    payload: body,
  });
}

function readCsv(bytes: Buffer): string[][] {
  return parse(bytes, { bom: true, relax_column_count: false }) as string[][];
}

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

async function insertUser(values: { username: string; first_name: string; last_name: string; phone?: string | null; groups: string[]; is_active?: boolean }) {
  const { id } = await server.db
    .insertInto('users')
    .values({
      username: values.username,
      email: `${values.username}@naric.example`,
      first_name: values.first_name,
      last_name: values.last_name,
      phone: values.phone ?? null,
      is_active: values.is_active ?? true,
      email_verified: true,
      two_factor_enabled: false,
      auth_source: 'local',
      date_joined: JOINED,
      last_login: LAST_LOGIN,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.groups.length === 0) return id;
  const groups = await server.db.selectFrom('groups').select('id').where('name', 'in', values.groups).execute();
  if (groups.length > 0) await server.db.insertInto('user_groups').values(groups.map((group) => ({ user_id: id, group_id: group.id }))).execute();
  return id;
}

beforeAll(async () => {
  server = await createServerFixture();
  cela = await insertUser({ username: 'cela.djordjevic', first_name: 'Çela', last_name: 'Đorđević', phone: '044 123 456', groups: [GROUPS.naricOfficers, GROUPS.documentVerifiers] });
  formula = await insertUser({ username: 'export.formula', first_name: '=HYPERLINK("http://evil.example","Çela")', last_name: '-Šćekić, "Žika"', phone: '+383 44 987 654', groups: [], is_active: false });
  admin = (await server.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  // Thousands of users in one statement (half of them active), for the cap and the big export.
  await sql`insert into users (username, email, first_name, last_name, is_active, date_joined)
    select 'bulk.export.' || n, 'bulk.export.' || n || '@naric.example', 'Bujar', 'Eksporti ' || n, n % 2 = 0, now() - n * interval '1 hour'
    from generate_series(1, ${BULK}) as n`.execute(server.db);
});
afterAll(async () => server?.close());

describe('CSV', () => {
  it('is UTF-8 with a BOM and CRLF, a header in the caller’s language, letters intact and formulas neutralised', async () => {
    const answer = await exportUsers({ selection: { ids: [formula, cela, admin] }, format: 'csv' }, 'sq');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(answer.headers['content-disposition']).toContain(`users-${new Date().toISOString().slice(0, 10)}.csv`);
    expect(answer.headers['cache-control']).toBe('no-store');

    const bytes = answer.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    // Every line ends with CRLF; the only bare LF would be inside a quoted value (there is none).
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);

    const [header, ...rows] = readCsv(bytes);
    expect(header).toEqual(EXPORT_COLUMNS.map((column) => sq.usersExport.columns[column]));
    expect(header?.slice(0, 3)).toEqual(['ID', 'Emri i përdoruesit', 'Emri']);
    expect(rows.map((row) => Number(row[0]))).toEqual([admin, cela, formula].sort((a, b) => a - b));

    const byId = new Map(rows.map((row) => [Number(row[0]), Object.fromEntries(EXPORT_COLUMNS.map((column, index) => [column, row[index]]))]));
    expect(byId.get(cela)).toEqual({
      id: String(cela),
      username: 'cela.djordjevic',
      first_name: 'Çela',
      last_name: 'Đorđević',
      email: 'cela.djordjevic@naric.example',
      phone: '044 123 456',
      groups: 'Document Verifiers, NARIC Officers',
      is_active: 'Po',
      email_verified: 'Po',
      two_factor_enabled: 'Jo',
      auth_source: 'Llogari lokale',
      last_login: '2026-03-04T05:06:07Z',
      date_joined: '2020-01-02T03:04:05Z',
    });
    expect(byId.get(formula)).toMatchObject({
      first_name: `'=HYPERLINK("http://evil.example","Çela")`,
      last_name: `'-Šćekić, "Žika"`,
      phone: "'+383 44 987 654",
      groups: '',
      is_active: 'Jo',
    });
    // The raw line quotes what RFC 4180 says must be quoted, doubling the quotes inside.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Çela"")","'-Šćekić, ""Žika"""`);
    expect(byId.get(admin)?.groups).toBe(GROUPS.administrators);
  });

  it('writes each cell as RFC 4180 says, neutralising what a spreadsheet would run', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('Shkëlzen Ćirić')).toBe('Shkëlzen Ćirić');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(new Date('2026-11-24T10:00:00.123Z'))).toBe('2026-11-24T10:00:00Z');
  });

  it('is audited: who exported how many users, in which format', async () => {
    const before = new Date(Date.now() - 1000);
    const answer = await exportUsers({ selection: { ids: [cela, formula] }, format: 'csv' });
    expect(answer.statusCode).toBe(200);
    const entry = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.export')
      .where('created_at', '>=', before)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: admin, entity_type: 'user', entity_id: null });
    expect(entry.details).toMatchObject({ format: 'csv', count: 2 });
  });
});

describe('XLSX', () => {
  it('holds the same rows as the CSV, with a bold frozen header in the language, date cells and column widths', async () => {
    const selection = { ids: [admin, cela, formula] };
    const answer = await exportUsers({ selection, format: 'xlsx' }, 'sr');
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"/);

    const sheet = await readXlsx(answer.rawPayload);
    expect(sheet.name).toBe(sr.usersExport.sheet);
    const header = sheet.getRow(1);
    expect((header.values as unknown[]).slice(1)).toEqual(EXPORT_COLUMNS.map((column) => sr.usersExport.columns[column]));
    for (let column = 1; column <= EXPORT_COLUMNS.length; column += 1) expect(header.getCell(column).font?.bold, `column ${column}`).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(EXPORT_COLUMNS.indexOf('email') + 1).width).toBeGreaterThanOrEqual(30);

    const csv = readCsv((await exportUsers({ selection, format: 'csv' }, 'sr')).rawPayload).slice(1);
    expect(sheet.rowCount).toBe(csv.length + 1);
    const lastLogin = EXPORT_COLUMNS.indexOf('last_login') + 1;
    const joined = EXPORT_COLUMNS.indexOf('date_joined') + 1;
    csv.forEach((line, index) => {
      const row = sheet.getRow(index + 2);
      const cells = EXPORT_COLUMNS.map((_column, position) => {
        const value = row.getCell(position + 1).value;
        if (value instanceof Date) return value.toISOString().replace(/\.\d{3}Z$/, 'Z');
        return value === null || value === undefined ? '' : String(value);
      });
      // The CSV's apostrophe guards a spreadsheet; the workbook holds text cells, never formulas.
      expect(cells).toEqual(line.map((cell) => cell.replace(/^'(?=[=+\-@\t\r])/, '')));
      expect(row.getCell(joined).value).toBeInstanceOf(Date);
      expect(row.getCell(joined).numFmt).toMatch(/yyyy/);
    });
    const celaRow = sheet.getRow(csv.findIndex((line) => Number(line[0]) === cela) + 2);
    expect(celaRow.getCell(EXPORT_COLUMNS.indexOf('last_name') + 1).value).toBe('Đorđević');
    expect(celaRow.getCell(EXPORT_COLUMNS.indexOf('first_name') + 1).value).toBe('Çela');
    expect(celaRow.getCell(EXPORT_COLUMNS.indexOf('is_active') + 1).value).toBe('Da');
    expect(celaRow.getCell(lastLogin).value).toEqual(LAST_LOGIN);
    expect(celaRow.getCell(joined).value).toEqual(JOINED);
    const formulaRow = sheet.getRow(csv.findIndex((line) => Number(line[0]) === formula) + 2);
    expect(formulaRow.getCell(EXPORT_COLUMNS.indexOf('first_name') + 1).type).toBe(ExcelJS.ValueType.String);
  });
});

describe('selections', () => {
  it('exports exactly what a filter matches, the same file as the page selection of those ids', async () => {
    const filter = { group: GROUPS.documentVerifiers, is_active: 'true' as const };
    const byFilter = await exportUsers({ selection: { filter }, format: 'csv' }, 'en');
    expect(byFilter.statusCode).toBe(200);
    const rows = readCsv(byFilter.rawPayload).slice(1);
    const expected = await server.db
      .selectFrom('users')
      .innerJoin('user_groups', 'user_groups.user_id', 'users.id')
      .innerJoin('groups', 'groups.id', 'user_groups.group_id')
      .select('users.id')
      .where('groups.name', '=', GROUPS.documentVerifiers)
      .where('users.is_active', '=', true)
      .orderBy('users.id')
      .execute();
    expect(rows.map((row) => Number(row[0]))).toEqual(expected.map((row) => row.id));
    expect(rows.map((row) => Number(row[0]))).toContain(cela);
    expect(rows.every((row) => row[EXPORT_COLUMNS.indexOf('is_active')] === en.usersExport.yes)).toBe(true);

    const byIds = await exportUsers({ selection: { ids: expected.map((row) => row.id).slice(0, USER_LIMITS.maxIds) }, format: 'csv' }, 'en');
    expect(byIds.body).toBe(byFilter.body);

    const search = readCsv((await exportUsers({ selection: { filter: { search: 'Đorđević' } }, format: 'csv' })).rawPayload).slice(1);
    expect(search.map((row) => Number(row[0]))).toContain(cela);
    expect(search.every((row) => `${row[2]} ${row[3]}`.includes('Đorđević'))).toBe(true);
  });

  it('leaves out ids that are no user; an empty selection is a header alone', async () => {
    const rows = readCsv((await exportUsers({ selection: { ids: [cela, 99_999_999] }, format: 'csv' })).rawPayload);
    expect(rows.map((row) => row[0])).toEqual([en.usersExport.columns.id, String(cela)]);
    const none = await exportUsers({ selection: { filter: { search: 'nobody-is-called-this' } }, format: 'xlsx' });
    expect(none.statusCode).toBe(200);
    expect((await readXlsx(none.rawPayload)).rowCount).toBe(1);
  });

  it('refuses a filter matching more than the cap (409, translated, with the count) and writes no audit entry', async () => {
    const before = await server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('action', '=', 'user.export').executeTakeFirstOrThrow();
    const answer = await exportUsers({ selection: { filter: { search: 'bulk.export.' } }, format: 'xlsx' }, 'sq');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ detail: sq.users.messages.selectionTooLarge, count: BULK, cap: USER_LIMITS.bulkCap });
    const after = await server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('action', '=', 'user.export').executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses malformed selections (400)', async () => {
    expect((await exportUsers({ selection: { ids: [] }, format: 'csv' })).statusCode).toBe(400);
    expect((await exportUsers({ selection: { ids: Array.from({ length: USER_LIMITS.maxIds + 1 }, (_, i) => i + 1) }, format: 'csv' })).statusCode).toBe(400);
    expect((await exportUsers({ selection: { ids: [cela] }, format: 'pdf' } as unknown as ExportRequest)).statusCode).toBe(400);
  });
});

describe('a large selection', () => {
  const half = Math.floor(BULK / 2);

  it(`writes all ${half.toLocaleString('en')} users a filter matches, as CSV and as XLSX`, async () => {
    const selection = { filter: { search: 'bulk.export.', is_active: 'true' as const } };
    const csv = await exportUsers({ selection, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    const rows = readCsv(csv.rawPayload).slice(1);
    expect(rows).toHaveLength(half);
    const ids = rows.map((row) => Number(row[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(rows.map((row) => row[1])).size).toBe(half);
    expect(rows.every((row) => /^bulk\.export\.\d+$/.test(row[1]!) && Number(row[1]!.split('.').at(-1)) % 2 === 0)).toBe(true);

    const xlsx = await exportUsers({ selection, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet.rowCount).toBe(half + 1);
    expect(sheet.getRow(half + 1).getCell(1).value).toBe(ids.at(-1));
  }, 60_000);

  it('reads the rows in batches, in id order', async () => {
    const ids = (await server.db.selectFrom('users').select('id').where('username', 'like', 'bulk.export.%').orderBy('id', 'desc').limit(1200).execute()).map((row) => row.id);
    const sizes: number[] = [];
    const read: number[] = [];
    for await (const batch of exportedUsers(server.db, ids, 500)) {
      sizes.push(batch.length);
      read.push(...batch.map((user) => user.id));
    }
    expect(sizes).toEqual([500, 500, 200]);
    expect(read).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('streaming', () => {
  const BATCHES = 40;
  const person = (id: number): ExportedUser => ({
    id,
    username: `streamed.${id}`,
    first_name: 'Çela',
    last_name: `Đorđević ${(id * 7919) % 10_007}`,
    email: `streamed.${id}@naric.example`,
    phone: null,
    groups: [GROUPS.naricOfficers],
    is_active: true,
    email_verified: id % 3 === 0,
    two_factor_enabled: false,
    auth_source: 'local',
    last_login: new Date(Date.UTC(2026, 0, 1) + id * 60_000),
    date_joined: JOINED,
  });

  it.each(['csv', 'xlsx'] as const)('%s: reads no further ahead than the reader takes, then writes everything', async (format) => {
    let pulled = 0;
    async function* batches() {
      for (let batch = 0; batch < BATCHES; batch += 1) {
        pulled += 1;
        yield Array.from({ length: 250 }, (_, index) => person(batch * 250 + index));
      }
    }
    const file = usersFile(format, batches(), 'en');
    file.pause();
    // Nobody reads for a while: the writer must stop asking for rows (the file is not built in memory).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(pulled).toBeLessThan(BATCHES / 2);

    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(Buffer.from(chunk as Buffer));
    expect(pulled).toBe(BATCHES);
    const bytes = Buffer.concat(chunks);
    if (format === 'csv') {
      expect(readCsv(bytes)).toHaveLength(BATCHES * 250 + 1);
    } else {
      const sheet = await readXlsx(bytes);
      expect(sheet.rowCount).toBe(BATCHES * 250 + 1);
      expect(sheet.getRow(BATCHES * 250 + 1).getCell(2).value).toBe(`streamed.${BATCHES * 250 - 1}`);
    }
  }, 60_000);
});
