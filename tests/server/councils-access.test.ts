import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { councilDetail, councilListAnswer, councilMeeting, type CouncilListItem } from '../../src/shared/api/councils';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { DEMO_COUNCILS, DEMO_MEMBER_COUNCIL } from '../../src/server/db/demo-councils';
import { minimalPdf } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every councils endpoint × every demo group (docs/access.md): councils.view_council
// reads (admins and council members), councils.change_council writes (admins); a council's
// meetings are also managed by its chair (the demo `council` chairs the medical council, not the
// others). Everyone else gets 403 and nothing changes; signed out is 401. The applications and
// decisions a council shows follow the row scope: a council member sees only their council's.

let server: ServerFixture;
let medical: CouncilListItem;
let engineering: CouncilListItem;
let medicalMeeting: number;
let engineeringMeeting: number;
let medicalApplication: number;

const VIEWERS = new Set(['admin', 'naric.admin', 'council']);
const CHANGERS = new Set(['admin', 'naric.admin']);
const USERS = DEMO_ACCOUNTS.map((account) => account.username);

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
async function send(username: string | null, method: Method, path: string, payload?: object, headers: Record<string, string> = {}) {
  const auth = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
}

const scheduledMeeting = async (councilId: number) =>
  (await server.db.selectFrom('council_meetings').select('id').where('council_id', '=', councilId).where('status', '=', 'scheduled').orderBy('id').executeTakeFirstOrThrow()).id;
const meetingVersion = async (id: number) => (await server.db.selectFrom('council_meetings').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

beforeAll(async () => {
  server = await createServerFixture();
  const list = councilListAnswer.parse((await send('admin', 'GET', '/councils/?page_size=50')).json());
  medical = list.results.find((council) => council.name_en === DEMO_MEMBER_COUNCIL)!;
  engineering = list.results.find((council) => council.name_en === DEMO_COUNCILS[1]!.name)!;
  medicalMeeting = await scheduledMeeting(medical.id);
  engineeringMeeting = await scheduledMeeting(engineering.id);
  medicalApplication = (await server.db.selectFrom('applications').select('id').where('council_id', '=', medical.id).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

describe('signed out', () => {
  it('gets 401 from every endpoint', async () => {
    // Bodies that pass validation (it comes before the sign-in check, as on every module).
    const council = { name_en: 'Signed out', members: [1], chair: 1, academic_field_categories: ['law'], quorum: 1 };
    const calls: [Method, string, object?][] = [
      ['GET', '/councils/'],
      ['POST', '/councils/', council],
      ['GET', '/councils/member-options/'],
      ['GET', `/councils/${medical.id}/`],
      ['PATCH', `/councils/${medical.id}/`, { ...council, version: 1 }],
      ['POST', `/councils/${medical.id}/meetings/`, { scheduled_at: '2032-01-10T09:00:00Z', place: 'Prishtina' }],
      ['GET', `/councils/meetings/${medicalMeeting}/`],
      ['PATCH', `/councils/meetings/${medicalMeeting}/`, { version: 1 }],
      ['GET', `/councils/meetings/${medicalMeeting}/minutes/`],
    ];
    for (const [method, path, payload] of calls) expect((await send(null, method, path, payload)).statusCode, `${method} ${path}`).toBe(401);
    const upload = await send(null, 'PUT', `/councils/meetings/${medicalMeeting}/minutes/?version=1`, undefined, { 'content-type': 'application/pdf' });
    expect(upload.statusCode).toBe(401);
  });
});

describe.each(USERS)('%s', (username) => {
  const viewer = VIEWERS.has(username);
  const changer = CHANGERS.has(username);
  const chair = username === 'council';

  it(viewer ? 'reads the list, a council and a meeting' : 'may not read councils (403)', async () => {
    const reads = [
      await send(username, 'GET', '/councils/?page_size=1'),
      await send(username, 'GET', `/councils/${medical.id}/`),
      await send(username, 'GET', `/councils/meetings/${medicalMeeting}/`),
    ];
    for (const answer of reads) {
      expect(answer.statusCode, answer.body).toBe(viewer ? 200 : 403);
      if (!viewer) expect(answer.json().code).toBe('permission_denied');
    }
    if (viewer) {
      const page = reads[0]!.json();
      expect(Object.keys(page).sort()).toEqual(['count', 'next', 'previous', 'results']);
      expect(page.results[0].id).toEqual(expect.any(Number));
    }
  });

  it(changer ? 'reads the member options' : 'may not read the member options (403)', async () => {
    expect((await send(username, 'GET', '/councils/member-options/')).statusCode).toBe(changer ? 200 : 403);
  });

  it(changer ? 'creates and changes a council' : 'may not create or change a council (403), nothing changes', async () => {
    const members = (await server.db.selectFrom('council_members').select(['user_id', 'is_chair']).where('council_id', '=', medical.id).execute()).map((row) => row.user_id);
    const chairId = (await server.db.selectFrom('council_members').select('user_id').where('council_id', '=', medical.id).where('is_chair', '=', true).executeTakeFirstOrThrow()).user_id;
    const create = await send(username, 'POST', '/councils/', { name_en: `Access ${username}`, members, chair: chairId, academic_field_categories: ['education'], quorum: 1 });
    expect(create.statusCode, create.body).toBe(changer ? 201 : 403);
    const current = (await send('admin', 'GET', `/councils/${medical.id}/`)).json();
    const patch = await send(username, 'PATCH', `/councils/${medical.id}/`, {
      name_en: current.name_en,
      description: `Checked by ${username}`,
      members,
      chair: chairId,
      academic_field_categories: current.academic_field_categories,
      quorum: current.quorum,
      active: true,
      version: current.version,
    });
    expect(patch.statusCode, patch.body).toBe(changer ? 200 : 403);
    const after = (await send('admin', 'GET', `/councils/${medical.id}/`)).json();
    expect(after.version).toBe(changer ? current.version + 1 : current.version);
  });

  it(changer || chair ? 'manages the medical council’s meetings' : 'may not manage the medical council’s meetings (403)', async () => {
    const allowed = changer || chair;
    const create = await send(username, 'POST', `/councils/${medical.id}/meetings/`, { scheduled_at: '2032-01-10T09:00:00Z', place: `Room of ${username}`, agenda: [medicalApplication] });
    expect(create.statusCode, create.body).toBe(allowed ? 201 : 403);
    const version = await meetingVersion(medicalMeeting);
    const patch = await send(username, 'PATCH', `/councils/meetings/${medicalMeeting}/`, { version, notes: `Noted by ${username}` });
    expect(patch.statusCode, patch.body).toBe(allowed ? 200 : 403);
    const upload = await send(username, 'PUT', `/councils/meetings/${medicalMeeting}/minutes/?version=${await meetingVersion(medicalMeeting)}`, undefined, { 'content-type': 'application/pdf' });
    if (!allowed) expect(upload.statusCode).toBe(403);
    expect((await meetingVersion(medicalMeeting)) === version).toBe(!allowed);
  });

  it(changer ? 'manages another council’s meetings' : 'may not manage a council it does not chair (403)', async () => {
    const create = await send(username, 'POST', `/councils/${engineering.id}/meetings/`, { scheduled_at: '2032-01-11T09:00:00Z', place: 'Prishtina' });
    expect(create.statusCode, create.body).toBe(changer ? 201 : 403);
    const version = await meetingVersion(engineeringMeeting);
    const patch = await send(username, 'PATCH', `/councils/meetings/${engineeringMeeting}/`, { version, place: `Moved by ${username}` });
    expect(patch.statusCode).toBe(changer ? 200 : 403);
  });
});

describe('row scope', () => {
  it('a council member sees the applications and decisions of their own council only', async () => {
    const own = councilDetail.parse((await send('council', 'GET', `/councils/${medical.id}/`)).json());
    expect(own.applications.length).toBeGreaterThan(0);
    expect(own.can_manage_meetings).toBe(true);
    expect(own.can_edit).toBe(false);

    const other = councilDetail.parse((await send('council', 'GET', `/councils/${engineering.id}/`)).json());
    const asAdmin = councilDetail.parse((await send('admin', 'GET', `/councils/${engineering.id}/`)).json());
    expect(asAdmin.applications.length).toBeGreaterThan(0);
    expect(other.applications).toEqual([]);
    expect(other.applications_count).toBe(0);
    expect(other.decisions).toEqual([]);
    expect(other.members).toEqual(asAdmin.members);
    expect(other.can_manage_meetings).toBe(false);

    // Another council's meetings are not the member's to read: not listed, not found.
    expect(asAdmin.meetings.length).toBeGreaterThan(0);
    expect(other.meetings).toEqual([]);
    expect(own.meetings.map((meeting) => meeting.id)).toContain(medicalMeeting);
    const meetingAsAdmin = councilMeeting.parse((await send('admin', 'GET', `/councils/meetings/${engineeringMeeting}/`)).json());
    expect(meetingAsAdmin.agenda.length).toBeGreaterThan(0);
    expect((await send('council', 'GET', `/councils/meetings/${engineeringMeeting}/`)).statusCode).toBe(404);
  });

  it('another council’s minutes, notes and attendance are not found for a member of a different council', async () => {
    const version = await meetingVersion(engineeringMeeting);
    const upload = await server.app.inject({
      method: 'PUT',
      url: `/api/councils/meetings/${engineeringMeeting}/minutes/?version=${version}`,
      headers: { ...(await server.authorization('admin')), 'content-type': 'application/pdf' },
      payload: minimalPdf('Engineering minutes'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    for (const username of USERS) {
      const minutes = await send(username, 'GET', `/councils/meetings/${engineeringMeeting}/minutes/`);
      const detail = await send(username, 'GET', `/councils/meetings/${engineeringMeeting}/`);
      const expected = CHANGERS.has(username) ? 200 : VIEWERS.has(username) ? 404 : 403;
      expect(minutes.statusCode, username).toBe(expected);
      expect(detail.statusCode, username).toBe(expected);
      if (expected !== 200) {
        expect(minutes.body).not.toContain('%PDF');
        expect(detail.body).not.toContain('Engineering');
      }
    }
  });

  it('the chair may upload the minutes of their council’s meeting and every viewer downloads them', async () => {
    const version = await meetingVersion(medicalMeeting);
    const pdf = minimalPdf('Minutes');
    const upload = await send('council', 'PUT', `/councils/meetings/${medicalMeeting}/minutes/?version=${version}`, undefined, { 'content-type': 'application/pdf' });
    expect(upload.statusCode).toBe(400);
    const answer = await server.app.inject({
      method: 'PUT',
      url: `/api/councils/meetings/${medicalMeeting}/minutes/?version=${version}`,
      headers: { ...(await server.authorization('council')), 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    for (const username of USERS) {
      const download = await send(username, 'GET', `/councils/meetings/${medicalMeeting}/minutes/`);
      expect(download.statusCode, username).toBe(VIEWERS.has(username) ? 200 : 403);
    }
  });
});
