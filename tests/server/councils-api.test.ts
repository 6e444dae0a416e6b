import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/server.json';
import sq from '../../locales/sq/server.json';
import sr from '../../locales/sr/server.json';
import {
  COUNCIL_MESSAGES,
  councilDetail,
  councilListAnswer,
  councilListItem,
  councilMeeting,
  councilMemberOptionsAnswer,
  type CouncilCreate,
  type CouncilListItem,
} from '../../src/shared/api/councils';
import { DEMO_COUNCILS, DEMO_MEMBER_COUNCIL } from '../../src/server/db/demo-councils';
import { minimalPdf, PNG_BYTES } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The councils calls: list with its filters, details, create and edit (412 when
// stale), the member rules (active council-member users, chair among them, quorum within their
// number), meetings (an inactive council takes none, the agenda holds only the council's
// applications, attendance only its members) and the minutes PDF (415 for anything else, the
// same bytes back on download). Refusals follow Accept-Language.

let server: ServerFixture;
let admin: { authorization: string };

beforeAll(async () => {
  server = await createServerFixture();
  admin = await server.authorization('admin');
});
afterAll(async () => server?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = async (method: Method, path: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method, url: `/api${path}`, headers: { ...admin, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

const userId = async (username: string) => (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const councilByName = async (name: string) => {
  const list = councilListAnswer.parse((await call('GET', `/councils/?search=${encodeURIComponent(name)}`)).json());
  return list.results.find((council) => council.name_en === name)!;
};
/** An application before another council than `councilId`, and one before it (waiting for review). */
const applicationOf = async (councilId: number, same: boolean) =>
  (
    await server.db
      .selectFrom('applications')
      .select('id')
      .where('council_id', same ? '=' : '!=', councilId)
      .where('council_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

async function newCouncil(changes: Partial<CouncilCreate> = {}): Promise<CouncilListItem> {
  const members = [await userId('council'), await userId('council.rama')];
  const body: CouncilCreate = { name_en: `Council ${Math.random().toString(36).slice(2, 8)}`, members, chair: members[0]!, academic_field_categories: ['law'], quorum: 2, ...changes };
  const answer = await call('POST', '/councils/', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return councilListItem.parse(answer.json());
}

describe('texts', () => {
  it('keeps the shared English messages equal to server.json, with every one translated in sq and sr', () => {
    expect(en.councils.messages).toEqual(COUNCIL_MESSAGES);
    for (const messages of [sq.councils.messages, sr.councils.messages]) {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(COUNCIL_MESSAGES).sort());
      for (const [key, text] of Object.entries(messages)) expect(text, key).not.toBe(COUNCIL_MESSAGES[key as keyof typeof COUNCIL_MESSAGES]);
    }
  });
});

describe('list and details', () => {
  it('lists the demo councils with members, chair and open reviews; filters by active, field and name', async () => {
    const all = councilListAnswer.parse((await call('GET', '/councils/?page_size=50')).json());
    expect(all.count).toBeGreaterThanOrEqual(DEMO_COUNCILS.length);
    const medical = all.results.find((council) => council.name_en === DEMO_MEMBER_COUNCIL)!;
    expect(medical).toMatchObject({ active: true, quorum: 2, member_count: 3, chair_name: 'Driton Hoxha', academic_field_categories: ['medical_health'] });
    expect(medical.open_review_count).toBeGreaterThan(0);

    const inactive = councilListAnswer.parse((await call('GET', '/councils/?active=false&page_size=50')).json());
    expect(inactive.results.length).toBeGreaterThan(0);
    expect(inactive.results.every((council) => !council.active)).toBe(true);
    const active = councilListAnswer.parse((await call('GET', '/councils/?active=true&page_size=50')).json());
    expect(active.results.every((council) => council.active)).toBe(true);
    expect(active.count + inactive.count).toBe(all.count);

    const law = councilListAnswer.parse((await call('GET', '/councils/?field=law')).json());
    expect(law.results.map((council) => council.name_en)).toContain(DEMO_COUNCILS[2]!.name);
    expect(law.results.every((council) => council.academic_field_categories.includes('law'))).toBe(true);

    const search = councilListAnswer.parse((await call('GET', '/councils/?search=medical')).json());
    expect(search.results.map((council) => council.name_en)).toEqual([DEMO_MEMBER_COUNCIL]);
    expect((await call('GET', '/councils/?field=astrology')).statusCode).toBe(400);
  });

  it('names the demo councils in en, sq and sr, finds them by a name in any language and sorts by the reader’s', async () => {
    const all = councilListAnswer.parse((await call('GET', '/councils/?page_size=50&active=true')).json());
    const medical = all.results.find((council) => council.name_en === DEMO_MEMBER_COUNCIL)!;
    expect(medical).toMatchObject({ name_sq: 'Këshilli për Shkencat Mjekësore dhe Shëndetësore', name_sr: 'Savet za medicinske i zdravstvene nauke' });

    // Accents folded: "mjekesore" finds "Mjekësore"; a Serbian word finds the same council.
    for (const search of ['mjekesore', 'medicinske']) {
      const found = councilListAnswer.parse((await call('GET', `/councils/?search=${search}`)).json());
      expect(found.results.map((council) => council.id)).toEqual([medical.id]);
    }

    // The demo councils' order in each language (other tests' councils left aside).
    const demoOrder = async (language: string) => {
      const listed = councilListAnswer.parse((await call('GET', '/councils/?page_size=50&active=true', undefined, { 'accept-language': language })).json());
      return listed.results.filter((council) => DEMO_COUNCILS.some((demo) => demo.name === council.name_en)).map((council) => council.name_en);
    };
    const [engineering, social, humanities] = [DEMO_COUNCILS[1]!.name, DEMO_COUNCILS[2]!.name, DEMO_COUNCILS[3]!.name];
    expect(await demoOrder('en')).toEqual([engineering, humanities, DEMO_MEMBER_COUNCIL, social]);
    // "Këshilli për Inxhinieri …", "… Shkencat Humane …", "… Shkencat Mjekësore …", "… Shkencat Shoqërore …"
    expect(await demoOrder('sq')).toEqual([engineering, humanities, DEMO_MEMBER_COUNCIL, social]);
    // "Savet za društvene …", "… humanističke …", "… inženjerstvo …", "… medicinske …"
    expect(await demoOrder('sr')).toEqual([social, humanities, engineering, DEMO_MEMBER_COUNCIL]);
  });

  it('shows a council with its members (chair first), meetings, decisions and applications under review', async () => {
    const medical = await councilByName(DEMO_MEMBER_COUNCIL);
    const answer = await call('GET', `/councils/${medical.id}/`);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = councilDetail.parse(answer.json());
    expect(detail.members[0]).toMatchObject({ name: 'Driton Hoxha', is_chair: true });
    expect(detail.members.filter((member) => member.is_chair)).toHaveLength(1);
    expect(detail.meetings.filter((meeting) => meeting.status === 'held')).toHaveLength(2);
    expect(detail.meetings.filter((meeting) => meeting.status === 'scheduled')).toHaveLength(1);
    expect(detail.applications.length).toBe(Math.min(detail.applications_count, 100));
    expect(detail.applications.every((row) => row.review_status === 'pending_review' || row.review_status === 'in_review')).toBe(true);
    expect(detail.can_edit && detail.can_manage_meetings).toBe(true);
    expect((await call('GET', '/councils/999999/')).statusCode).toBe(404);
    expect((await call('GET', '/councils/abc/')).statusCode).toBe(404);
  });

  it('offers only active users of the Council Members group as members', async () => {
    const options = councilMemberOptionsAnswer.parse((await call('GET', '/councils/member-options/')).json());
    const usernames = options.map((option) => option.username);
    expect(usernames).toContain('council');
    expect(usernames).toContain('council.rama');
    expect(usernames).not.toContain('officer');
    expect(usernames).not.toContain('evaluator');
  });
});

describe('create and edit', () => {
  it('creates a council and changes it with the version read; a stale version is 412 and saves nothing', async () => {
    const created = await newCouncil({ description: 'Reviews law degrees.' });
    expect(created).toMatchObject({ member_count: 2, chair_name: 'Driton Hoxha', quorum: 2, active: true, version: 1, description: 'Reviews law degrees.' });
    const members = [await userId('council.rama'), await userId('council.djordjevic'), await userId('council')];
    const body = { name_en: created.name_en, members, chair: members[1]!, academic_field_categories: ['law', 'education'], quorum: 3, active: false, version: created.version };
    const changed = await call('PATCH', `/councils/${created.id}/`, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, member_count: 3, chair_name: 'Milica Đorđević', quorum: 3, active: false });

    const stale = await call('PATCH', `/councils/${created.id}/`, { ...body, name_en: 'Something else', version: 1 });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().detail).toBe(COUNCIL_MESSAGES.stale);
    expect((await call('GET', `/councils/${created.id}/`)).json()).toMatchObject({ name_en: created.name_en, version: 2 });
  });

  it('refuses a name in use, members who are not council members, a chair outside the members and a quorum out of bounds', async () => {
    const existing = await newCouncil();
    const council = await userId('council');
    const rama = await userId('council.rama');
    const officer = await userId('officer');
    const base = { members: [council, rama], chair: council, academic_field_categories: ['law'], quorum: 2 };
    const refusals: [object, string, string][] = [
      [{ ...base, name_en: existing.name_en }, 'name_en', COUNCIL_MESSAGES.nameTaken],
      [{ ...base, name_en: 'Fresh A', members: [council, officer] }, 'members.1', COUNCIL_MESSAGES.notCouncilMember],
      [{ ...base, name_en: 'Fresh B', chair: officer }, 'chair', COUNCIL_MESSAGES.chairNotMember],
      [{ ...base, name_en: 'Fresh C', quorum: 3 }, 'quorum', COUNCIL_MESSAGES.quorumTooLarge],
      [{ ...base, name_en: 'Fresh D', quorum: 0 }, 'quorum', 'Enter at least 1.'],
      [{ ...base, name_en: 'Fresh E', academic_field_categories: [] }, 'academic_field_categories', COUNCIL_MESSAGES.noField],
      [{ ...base, name_en: 'Fresh F', members: [council, council] }, 'members.1', COUNCIL_MESSAGES.duplicateMember],
      [{ ...base, name_en: '  ' }, 'name_en', COUNCIL_MESSAGES.required],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await call('POST', '/councils/', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()[field], answer.body).toContain(message);
    }
    const names = await server.db.selectFrom('councils').select('name_en').where('name_en', 'like', 'Fresh %').execute();
    expect(names).toEqual([]);
  });

  it('refuses an inactive member, and answers in the caller’s language', async () => {
    const rama = await userId('council.rama');
    await server.db.updateTable('users').set({ is_active: false }).where('id', '=', rama).execute();
    try {
      const council = await userId('council');
      const answer = await call('POST', '/councils/', { name_en: 'Fresh G', members: [council, rama], chair: council, academic_field_categories: ['law'], quorum: 1 }, { 'accept-language': 'sq' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()['members.1']).toEqual(['Anëtarët duhet të jenë përdorues aktivë të grupit Anëtarët e Këshillit.']);
    } finally {
      await server.db.updateTable('users').set({ is_active: true }).where('id', '=', rama).execute();
    }
  });
});

describe('meetings', () => {
  it('an inactive council takes no new meetings (409)', async () => {
    const inactive = await councilByName(DEMO_COUNCILS.find((council) => !council.active)!.name);
    const answer = await call('POST', `/councils/${inactive.id}/meetings/`, { scheduled_at: '2031-03-02T09:00:00Z', place: 'Prishtina' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(COUNCIL_MESSAGES.inactive);
  });

  it('schedules a meeting with the council’s applications only, records attendance of its members and the status', async () => {
    const medical = await councilByName(DEMO_MEMBER_COUNCIL);
    const own = await applicationOf(medical.id, true);
    const other = await applicationOf(medical.id, false);
    const refused = await call('POST', `/councils/${medical.id}/meetings/`, { scheduled_at: '2031-03-02T09:00:00Z', place: 'Prishtina', agenda: [own, other] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()['agenda.1']).toEqual([COUNCIL_MESSAGES.notOnCouncil]);
    expect((await call('POST', `/councils/${medical.id}/meetings/`, { scheduled_at: 'tomorrow', place: 'Prishtina' })).statusCode).toBe(400);

    const created = await call('POST', `/councils/${medical.id}/meetings/`, { scheduled_at: '2031-03-02T09:00:00Z', place: 'Prishtina, room 4', agenda: [own], notes: 'Extra session' });
    expect(created.statusCode, created.body).toBe(201);
    const meeting = councilMeeting.parse(created.json());
    expect(meeting).toMatchObject({ status: 'scheduled', place: 'Prishtina, room 4', notes: 'Extra session', version: 1, minutes: null, can_manage: true });
    expect(meeting.agenda.map((row) => row.application_id)).toEqual([own]);
    expect(meeting.attendance).toHaveLength(3);
    expect(meeting.attendance.every((row) => row.present === null && row.is_member)).toBe(true);

    const outsider = await userId('officer');
    const badAttendance = await call('PATCH', `/councils/meetings/${meeting.id}/`, { version: 1, attendance: [{ user_id: outsider, present: true }] });
    expect(badAttendance.statusCode).toBe(400);
    expect(badAttendance.json()['attendance.0.user_id']).toEqual([COUNCIL_MESSAGES.attendeeNotMember]);

    const [first, second] = meeting.attendance;
    const held = await call('PATCH', `/councils/meetings/${meeting.id}/`, {
      version: 1,
      status: 'held',
      attendance: [
        { user_id: first!.user_id, present: true },
        { user_id: second!.user_id, present: false },
      ],
      agenda: [],
    });
    expect(held.statusCode, held.body).toBe(200);
    const after = councilMeeting.parse(held.json());
    expect(after).toMatchObject({ status: 'held', version: 2, agenda: [] });
    expect(after.attendance.find((row) => row.user_id === first!.user_id)!.present).toBe(true);
    expect(after.attendance.find((row) => row.user_id === second!.user_id)!.present).toBe(false);

    const stale = await call('PATCH', `/councils/meetings/${meeting.id}/`, { version: 1, place: 'Elsewhere' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().detail).toBe(COUNCIL_MESSAGES.staleMeeting);
    expect((await call('GET', `/councils/meetings/${meeting.id}/`)).json()).toMatchObject({ place: 'Prishtina, room 4', version: 2 });
  });

  it('shows a demo held meeting with its agenda, attendance and decisions taken at it', async () => {
    const medical = await councilByName(DEMO_MEMBER_COUNCIL);
    const detail = councilDetail.parse((await call('GET', `/councils/${medical.id}/`)).json());
    const held = detail.meetings.filter((meeting) => meeting.status === 'held');
    const answer = councilMeeting.parse((await call('GET', `/councils/meetings/${held[held.length - 1]!.id}/`)).json());
    expect(answer.agenda.length).toBeGreaterThan(0);
    expect(answer.attendance.some((row) => row.present === false)).toBe(true);
  });
});

describe('minutes', () => {
  it('takes a PDF (415 for anything else) and gives the same bytes back; a new upload replaces it', async () => {
    const medical = await councilByName(DEMO_MEMBER_COUNCIL);
    const created = councilMeeting.parse((await call('POST', `/councils/${medical.id}/meetings/`, { scheduled_at: '2031-04-02T09:00:00Z', place: 'Prishtina' })).json());
    expect((await call('GET', `/councils/meetings/${created.id}/minutes/`)).statusCode).toBe(404);

    const png = await server.app.inject({ method: 'PUT', url: `/api/councils/meetings/${created.id}/minutes/?version=1`, headers: { ...admin, 'content-type': 'image/png' }, payload: PNG_BYTES });
    expect(png.statusCode).toBe(415);
    const disguised = await server.app.inject({ method: 'PUT', url: `/api/councils/meetings/${created.id}/minutes/?version=1`, headers: { ...admin, 'content-type': 'application/pdf' }, payload: PNG_BYTES });
    expect(disguised.statusCode).toBe(415);

    const pdf = minimalPdf('Minutes of the extra session — Đakovica');
    const uploaded = await server.app.inject({
      method: 'PUT',
      url: `/api/councils/meetings/${created.id}/minutes/?version=1&file_name=${encodeURIComponent('Procesverbali — mbledhja.pdf')}`,
      headers: { ...admin, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(councilMeeting.parse(uploaded.json())).toMatchObject({ version: 2, minutes: { file_name: 'Procesverbali — mbledhja.pdf', size: pdf.length, uploaded_by_name: expect.any(String) } });

    const downloaded = await server.app.inject({ method: 'GET', url: `/api/councils/meetings/${created.id}/minutes/`, headers: admin });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.rawPayload.equals(pdf)).toBe(true);

    const stale = await server.app.inject({ method: 'PUT', url: `/api/councils/meetings/${created.id}/minutes/?version=1`, headers: { ...admin, 'content-type': 'application/pdf' }, payload: minimalPdf('other') });
    expect(stale.statusCode).toBe(412);
    const replacement = minimalPdf('Corrected minutes');
    const replaced = await server.app.inject({ method: 'PUT', url: `/api/councils/meetings/${created.id}/minutes/?version=2`, headers: { ...admin, 'content-type': 'application/pdf' }, payload: replacement });
    expect(replaced.statusCode).toBe(200);
    const again = await server.app.inject({ method: 'GET', url: `/api/councils/meetings/${created.id}/minutes/`, headers: admin });
    expect(again.rawPayload.equals(replacement)).toBe(true);
  });
});
