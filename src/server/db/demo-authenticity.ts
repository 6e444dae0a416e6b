import type { Insertable, Transaction } from 'kysely';
import { addDays, kosovoDate } from '../../shared/domain/deadline-dates';
import type { Database, InstitutionAccreditationPeriodsTable } from './schema';

// The demo institutions' dossiers: accreditation periods that agree with each institution's
// accreditation status, a verification contact from the ministry's register, a check by the demo
// document verifier, and one diploma mill on the watch list with a generated service-3
// application naming it in a slightly different spelling (so the list shows the flag and the
// detail says it matched by a close spelling). Written once, after the institutions.

/** The body that accredits higher education in each demo country. */
const ACCREDITING_BODIES: Readonly<Record<string, string>> = {
  XK: 'Kosovo Accreditation Agency (KAA)',
  AL: 'Albanian Agency for Quality Assurance in Higher Education (ASCAL)',
  RS: 'National Entity for Accreditation and Quality Assurance (NAT)',
  MK: 'Board for Accreditation and Evaluation of Higher Education',
  ME: 'Agency for Control and Quality Assurance of Higher Education',
  DE: 'Accreditation Council (Akkreditierungsrat)',
};
const CONTACT_LANGUAGE: Readonly<Record<string, 'en' | 'sq' | 'sr'>> = { XK: 'sq', AL: 'sq', MK: 'sq', RS: 'sr', ME: 'sr', DE: 'en' };

export const DEMO_DIPLOMA_MILL = {
  name_en: 'Balkan International Open University',
  name_sq: 'Universiteti i Hapur Ndërkombëtar Ballkanik',
  name_sr: 'Balkanski međunarodni otvoreni univerzitet',
  country: 'AL',
  type: 'private' as const,
  website: 'https://biou-online.example',
  email: null,
  accreditation_status: 'not_accredited' as const,
  diploma_register_url: null,
};
/** How the demo application spells it: a close spelling, not the name. */
export const DEMO_DIPLOMA_MILL_AS_TYPED = 'Balkan Internacional Open University';

export async function seedDemoAuthenticity(trx: Transaction<Database>, now = new Date()): Promise<void> {
  const existing = await trx.selectFrom('institution_accreditation_periods').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const people = await trx.selectFrom('users').select(['id', 'username']).where('username', 'in', ['admin', 'verifier']).execute();
  const admin = people.find((person) => person.username === 'admin')?.id ?? null;
  const verifier = people.find((person) => person.username === 'verifier')?.id ?? admin;
  const today = kosovoDate(now);

  const institutions = await trx
    .selectFrom('institutions')
    .select(['id', 'name_en', 'country', 'email', 'website', 'accreditation_status'])
    .where('merged_into', 'is', null)
    .orderBy('id')
    .execute();
  const periods: Insertable<InstitutionAccreditationPeriodsTable>[] = [];
  for (const institution of institutions) {
    const country = institution.country.trim();
    const body = ACCREDITING_BODIES[country] ?? 'National accreditation agency';
    const source = { accrediting_body: body, source_document: `${body.split(' (')[0]}: register of accredited institutions`, source_url: institution.website, created_by_id: admin, institution_id: institution.id };
    if (institution.accreditation_status === 'accredited') {
      periods.push({ ...source, valid_from: '2012-10-01', valid_to: '2019-09-30', status: 'accredited' }, { ...source, valid_from: '2019-10-01', valid_to: null, status: 'accredited' });
    } else if (institution.accreditation_status === 'expired') {
      periods.push({ ...source, valid_from: '2014-10-01', valid_to: '2021-09-30', status: 'accredited' }, { ...source, valid_from: '2021-10-01', valid_to: null, status: 'suspended' });
    } else if (institution.accreditation_status === 'not_accredited') {
      periods.push({ ...source, valid_from: '2015-10-01', valid_to: '2019-09-30', status: 'conditionally_accredited' }, { ...source, valid_from: '2019-10-01', valid_to: null, status: 'not_accredited' });
    }
  }
  if (periods.length > 0) await trx.insertInto('institution_accreditation_periods').values(periods).execute();

  const contacts = institutions
    .filter((institution) => institution.email)
    .map((institution) => ({
      institution_id: institution.id,
      registrar_email: `registrar@${institution.email!.split('@')[1]}`,
      postal_address: null,
      language: CONTACT_LANGUAGE[institution.country.trim()] ?? ('en' as const),
      source: 'Ministry of Education: register of higher-education institutions',
      checked_on: addDays(today, -60),
      created_by_id: admin,
    }));
  if (contacts.length > 0) await trx.insertInto('institution_verification_contacts').values(contacts).execute();

  const checks = institutions
    .filter((institution) => institution.accreditation_status === 'accredited')
    .map((institution, index) => ({
      institution_id: institution.id,
      subject: 'accreditation' as const,
      finding: 'confirmed' as const,
      details: `Listed as accredited in the register of ${ACCREDITING_BODIES[institution.country.trim()] ?? 'the accreditation agency'}.`,
      evidence: institution.website ? `${institution.website} (register entry, saved as PDF)` : null,
      checked_on: addDays(today, -(20 + index * 7)),
      checked_by_id: verifier,
    }));
  if (checks.length > 0) await trx.insertInto('institution_checks').values(checks).execute();

  // The diploma mill: in the reference data, on the watch list, named by one open service-3 case.
  const mill = await trx.insertInto('institutions').values(DEMO_DIPLOMA_MILL).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('institution_checks')
    .values({
      institution_id: mill.id,
      subject: 'existence',
      finding: 'not_confirmed',
      details: 'No campus at the address given; the accreditation agency has no record of it.',
      evidence: 'ASCAL letter 412/3 of the agency, scanned to the case file',
      checked_on: addDays(today, -12),
      checked_by_id: verifier,
    })
    .execute();
  await trx
    .insertInto('institution_watch_entries')
    .values({
      institution_id: mill.id,
      category: 'diploma_mill',
      source: 'CIMEA FRAUDOC alert; ASCAL: not an accredited institution',
      note: 'Sells degrees online with "life experience" credit.',
      created_by_id: admin,
    })
    .execute();
  const named = await trx
    .selectFrom('applications')
    .select('id')
    .where('service_type', '=', 3)
    .where('closed_at', 'is', null)
    .where('reference', 'not like', 'NARIC-2026-9%')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (named) {
    // The triggers of migration 0033 flag it and write its history.
    await trx.updateTable('applications').set({ institution_name: DEMO_DIPLOMA_MILL_AS_TYPED, institution_country: 'AL' }).where('id', '=', named.id).execute();
    await trx.updateTable('education_info').set({ institution_name: DEMO_DIPLOMA_MILL_AS_TYPED, institution_country: 'AL' }).where('application_id', '=', named.id).execute();
  }
}
