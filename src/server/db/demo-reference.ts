import type { Transaction } from 'kysely';
import type { Database, InstitutionsTable } from './schema';
import type { Insertable } from 'kysely';

// Demo institutions: the universities the demo caseload names (application-generator.ts,
// same English names, so "in use" and the application counts are true), in Kosovo and the
// neighbouring countries, with their Albanian and Serbian names, and one duplicate typed by hand
// ("Univ. of Tirana") already merged into the University of Tirana.

type DemoInstitution = Omit<Insertable<InstitutionsTable>, 'merged_into' | 'active'>;

const INSTITUTIONS: readonly DemoInstitution[] = [
  {
    name_en: 'University of Prishtina "Hasan Prishtina"',
    name_sq: 'Universiteti i Prishtinës "Hasan Prishtina"',
    name_sr: 'Univerzitet u Prištini "Hasan Priština"',
    country: 'XK', type: 'public', website: 'https://uni-pr.edu', email: 'info@uni-pr.edu',
    accreditation_status: 'accredited', diploma_register_url: 'https://uni-pr.edu/diplomat',
  },
  {
    name_en: 'University of Prizren "Ukshin Hoti"',
    name_sq: 'Universiteti i Prizrenit "Ukshin Hoti"',
    name_sr: 'Univerzitet u Prizrenu "Ukšin Hoti"',
    country: 'XK', type: 'public', website: 'https://uni-prizren.com', email: 'info@uni-prizren.com',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
  {
    name_en: 'University of Peja "Haxhi Zeka"',
    name_sq: 'Universiteti i Pejës "Haxhi Zeka"',
    name_sr: 'Univerzitet u Peći "Hadži Zeka"',
    country: 'XK', type: 'public', website: 'https://unhz.eu', email: 'info@unhz.eu',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
  {
    name_en: 'AAB College',
    name_sq: 'Kolegji AAB',
    name_sr: 'Koledž AAB',
    country: 'XK', type: 'private', website: 'https://universitetiaab.com', email: 'info@universitetiaab.com',
    accreditation_status: 'expired', diploma_register_url: null,
  },
  {
    name_en: 'University of Tirana',
    name_sq: 'Universiteti i Tiranës',
    name_sr: 'Univerzitet u Tirani',
    country: 'AL', type: 'public', website: 'https://unitir.edu.al', email: 'info@unitir.edu.al',
    accreditation_status: 'accredited', diploma_register_url: 'https://unitir.edu.al/verifikimi-i-diplomave',
  },
  {
    name_en: 'Polytechnic University of Tirana',
    name_sq: 'Universiteti Politeknik i Tiranës',
    name_sr: 'Politehnički univerzitet u Tirani',
    country: 'AL', type: 'public', website: 'https://upt.al', email: 'info@upt.al',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
  {
    name_en: 'Epoka University',
    name_sq: 'Universiteti Epoka',
    name_sr: 'Univerzitet Epoka',
    country: 'AL', type: 'private', website: 'https://epoka.edu.al', email: 'info@epoka.edu.al',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
  {
    name_en: 'University of Belgrade',
    name_sq: 'Universiteti i Beogradit',
    name_sr: 'Univerzitet u Beogradu',
    country: 'RS', type: 'public', website: 'https://bg.ac.rs', email: 'kabinet@rect.bg.ac.rs',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
  {
    name_en: 'University of Novi Sad',
    name_sq: 'Universiteti i Novi Sadit',
    name_sr: 'Univerzitet u Novom Sadu',
    country: 'RS', type: 'public', website: 'https://uns.ac.rs', email: 'rektorat@uns.ac.rs',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
  {
    name_en: 'University of Niš',
    name_sq: 'Universiteti i Nishit',
    name_sr: 'Univerzitet u Nišu',
    country: 'RS', type: 'public', website: 'https://ni.ac.rs', email: 'rektorat@ni.ac.rs',
    accreditation_status: 'unknown', diploma_register_url: null,
  },
  {
    name_en: 'Ss. Cyril and Methodius University in Skopje',
    name_sq: 'Universiteti "Shën Kirili dhe Metodi" në Shkup',
    name_sr: 'Univerzitet "Sveti Ćirilo i Metodije" u Skoplju',
    country: 'MK', type: 'public', website: 'https://ukim.edu.mk', email: 'rektorat@ukim.edu.mk',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
  {
    name_en: 'South East European University',
    name_sq: 'Universiteti i Evropës Juglindore',
    name_sr: 'Univerzitet Jugoistočne Evrope',
    country: 'MK', type: 'private', website: 'https://seeu.edu.mk', email: 'info@seeu.edu.mk',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
  {
    name_en: 'University of Tetova',
    name_sq: 'Universiteti i Tetovës',
    name_sr: 'Univerzitet u Tetovu',
    country: 'MK', type: 'public', website: 'https://unite.edu.mk', email: 'info@unite.edu.mk',
    accreditation_status: 'not_accredited', diploma_register_url: null,
  },
  {
    name_en: 'University of Montenegro',
    name_sq: 'Universiteti i Malit të Zi',
    name_sr: 'Univerzitet Crne Gore',
    country: 'ME', type: 'public', website: 'https://ucg.ac.me', email: 'rektorat@ucg.ac.me',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
  {
    name_en: 'Ludwig Maximilian University of Munich',
    name_sq: 'Universiteti Ludwig Maximilian i Mynihut',
    name_sr: 'Univerzitet Ludvig Maksimilijan u Minhenu',
    country: 'DE', type: 'public', website: 'https://lmu.de', email: 'info@lmu.de',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
  {
    name_en: 'Humboldt University of Berlin',
    name_sq: 'Universiteti Humboldt i Berlinit',
    name_sr: 'Humboltov univerzitet u Berlinu',
    country: 'DE', type: 'public', website: 'https://hu-berlin.de', email: 'info@hu-berlin.de',
    accreditation_status: 'accredited', diploma_register_url: null,
  },
];

/** The duplicate an officer typed for the University of Tirana, merged into it. */
const MERGED_DUPLICATE: DemoInstitution = {
  name_en: 'Univ. of Tirana',
  name_sq: 'Univ. i Tiranës',
  name_sr: 'Univ. u Tirani',
  country: 'AL', type: 'public', website: null, email: null,
  accreditation_status: 'unknown', diploma_register_url: null,
};

/** Inserts the demo institutions once (nothing when any institution exists); answers how many it wrote. */
export async function seedDemoInstitutions(trx: Transaction<Database>): Promise<number> {
  const existing = await trx.selectFrom('institutions').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const rows = await trx.insertInto('institutions').values([...INSTITUTIONS]).returning(['id', 'name_en']).execute();
  const survivor = rows.find((row) => row.name_en === 'University of Tirana');
  if (!survivor) throw new Error('demo institutions: the University of Tirana is missing');
  await trx.insertInto('institutions').values({ ...MERGED_DUPLICATE, active: false, merged_into: survivor.id }).execute();
  return rows.length + 1;
}
