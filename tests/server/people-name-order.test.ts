import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNCIL_PATHS } from '../../src/shared/api/councils';
import { EXPERT_PATHS } from '../../src/shared/api/experts';
import { NOTIFICATION_PATHS } from '../../src/shared/api/notifications';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// People in the remaining lists come in the order of the reader's alphabet (name-order.ts), as the
// assign-officer choice does: council and commission members (the chair first), a meeting's
// attendance (members, then former members) and the recipients a sender picks from. The
// database's collation would put Ç, Č and Š after Z.

let server: ServerFixture;
let councilId: number;
let meetingId: number;
let commissionId: number;

/** Names that only the reader's collation files right: Ç after C in sq; Č after C and Š after S in sr. */
const PEOPLE = [
  { username: 'order.zeka', first_name: 'Vjosa', last_name: 'Zeka' },
  { username: 'order.sala', first_name: 'Vjosa', last_name: 'Šala' },
  { username: 'order.cela', first_name: 'Vjosa', last_name: 'Çela' },
  { username: 'order.colic', first_name: 'Vjosa', last_name: 'Čolić' },
  { username: 'order.dakaj', first_name: 'Vjosa', last_name: 'Dakaj' },
  { username: 'order.tahiri', first_name: 'Vjosa', last_name: 'Tahiri' },
] as const;
// The two languages differ where Ç and Č meet: Albanian's Ç is a letter of its own after C (Č, not
// an Albanian letter, files with C); Serbian's Č is one of its own after C (Ç files with C).
const ALBANIAN = ['order.colic', 'order.cela', 'order.dakaj', 'order.sala', 'order.tahiri', 'order.zeka'];
const SERBIAN = ['order.cela', 'order.colic', 'order.dakaj', 'order.sala', 'order.tahiri', 'order.zeka'];

beforeAll(async () => {
  server = await createServerFixture();
  const { db } = server;
  const users = await db
    .insertInto('users')
    .values(PEOPLE.map((person) => ({ ...person, email: `${person.username}@example.org` })))
    .returning(['id', 'username'])
    .execute();
  const id = (username: string) => users.find((user) => user.username === username)!.id;
  const groups = await db.selectFrom('groups').select(['id', 'name']).where('name', 'in', ['Council Members', 'Evaluators']).execute();
  expect(groups).toHaveLength(2);
  await db.insertInto('user_groups').values(users.flatMap((user) => groups.map((group) => ({ user_id: user.id, group_id: group.id })))).execute();

  councilId = (await db.insertInto('councils').values({ name_en: 'Order council', academic_field_categories: [] }).returning('id').executeTakeFirstOrThrow()).id;
  // Tahiri chairs; Dakaj left the council but attended the meeting.
  await db
    .insertInto('council_members')
    .values(PEOPLE.filter((person) => person.username !== 'order.dakaj').map((person) => ({ council_id: councilId, user_id: id(person.username), is_chair: person.username === 'order.tahiri' })))
    .execute();
  meetingId = (await db.insertInto('council_meetings').values({ council_id: councilId, scheduled_at: new Date('2026-12-01T09:00:00Z'), place: 'Room 1', notes: null, minutes_storage_key: null, minutes_file_name: null, minutes_size: null, minutes_sha256: null, minutes_uploaded_by_id: null, minutes_uploaded_at: null, created_by_id: null }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('council_meeting_attendance').values(PEOPLE.map((person) => ({ meeting_id: meetingId, user_id: id(person.username), present: true }))).execute();

  commissionId = (await db.insertInto('expert_commissions').values({ name_en: 'Order commission', description: null, academic_field_category: null }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('expert_commission_members').values(PEOPLE.map((person) => ({ commission_id: commissionId, user_id: id(person.username), is_chair: person.username === 'order.zeka' }))).execute();
}, 60_000);
afterAll(async () => server?.close());

async function read(path: string, language: string): Promise<unknown> {
  const answer = await server.app.inject({ url: `/api${path}`, headers: { ...(await server.authorization('admin')), 'accept-language': language } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** The test's people in the order a list gives them, by username (the lists name them by id). */
async function order(rows: readonly { id?: number; user_id?: number; username?: string }[]): Promise<string[]> {
  const users = await server.db.selectFrom('users').select(['id', 'username']).where('username', 'like', 'order.%').execute();
  const byId = new Map(users.map((user) => [user.id, user.username]));
  return rows.map((row) => row.username ?? byId.get(row.user_id ?? row.id ?? 0)).filter((name): name is string => name?.startsWith('order.') ?? false);
}

describe('people in the reader’s alphabet', () => {
  it('council member options and a council’s members (the chair first)', async () => {
    for (const [language, expected] of [['sq', ALBANIAN], ['sr', SERBIAN]] as const) {
      expect(await order((await read(COUNCIL_PATHS.memberOptions, language)) as { username: string }[]), language).toEqual(expected);
      const council = (await read(COUNCIL_PATHS.detail(councilId), language)) as { members: { id: number }[] };
      expect(await order(council.members), language).toEqual(['order.tahiri', ...expected.filter((name) => name !== 'order.tahiri' && name !== 'order.dakaj')]);
    }
  });

  it('a meeting’s attendance: the chair, the members, then the former member', async () => {
    const meeting = (await read(COUNCIL_PATHS.meeting(meetingId), 'sq')) as { attendance: { user_id: number; is_member: boolean }[] };
    expect(await order(meeting.attendance)).toEqual(['order.tahiri', 'order.colic', 'order.cela', 'order.sala', 'order.zeka', 'order.dakaj']);
  });

  it('commission member options and a commission’s members (the chair first)', async () => {
    expect(await order((await read(EXPERT_PATHS.memberOptions, 'sq')) as { username: string }[])).toEqual(ALBANIAN);
    const commission = (await read(EXPERT_PATHS.commission(commissionId), 'sr')) as { members: { username: string }[] };
    expect(await order(commission.members)).toEqual(['order.zeka', ...SERBIAN.filter((name) => name !== 'order.zeka')]);
  });

  it('notification recipients: best matches first, each group by name', async () => {
    const recipients = (await read(`${NOTIFICATION_PATHS.staffRecipients}?search=Vjosa`, 'sq')) as { username: string }[];
    expect(await order(recipients)).toEqual(ALBANIAN);
  });
});
